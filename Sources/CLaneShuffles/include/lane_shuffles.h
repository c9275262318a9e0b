// lane_shuffles.h: fixed shuffles of eight-lane float vectors, for the wide contact solver.
//
// Swift builds a shuffled SIMD8<Float> element by element, and LLVM then rebuilds it from
// broadcasts, inserts and blends in 128-bit halves. Clang's __builtin_shufflevector states the
// shuffle as one operation, which LLVM lowers to the machine's own unpack and shuffle
// instructions. Swift imports these static inline functions with SIMD8<Float> arguments and
// inlines them like its own. Plain C, no intrinsics: it compiles for any target.
#ifndef NUDGE_LANE_SHUFFLES_H
#define NUDGE_LANE_SHUFFLES_H

typedef float nudge_lanes8 __attribute__((ext_vector_type(8)));

/// (a0 b0 a1 b1 | a4 b4 a5 b5): within each four-lane half, the low pairs interleaved.
static inline __attribute__((always_inline)) nudge_lanes8 nudge_interleave_low(nudge_lanes8 a, nudge_lanes8 b) {
    return __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
}

/// (a2 b2 a3 b3 | a6 b6 a7 b7): within each half, the high pairs interleaved.
static inline __attribute__((always_inline)) nudge_lanes8 nudge_interleave_high(nudge_lanes8 a, nudge_lanes8 b) {
    return __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
}

/// (a0 a1 b0 b1 | a4 a5 b4 b5): within each half, the low two lanes of a, then of b.
static inline __attribute__((always_inline)) nudge_lanes8 nudge_pairs_low(nudge_lanes8 a, nudge_lanes8 b) {
    return __builtin_shufflevector(a, b, 0, 1, 8, 9, 4, 5, 12, 13);
}

/// (a2 a3 b2 b3 | a6 a7 b6 b7): within each half, the high two lanes of a, then of b.
static inline __attribute__((always_inline)) nudge_lanes8 nudge_pairs_high(nudge_lanes8 a, nudge_lanes8 b) {
    return __builtin_shufflevector(a, b, 2, 3, 10, 11, 6, 7, 14, 15);
}

/// (a0 a2 a4 a6 b0 b2 b4 b6): the even lanes of a, then of b (each lane's first float of the
/// eight pairs of floats the two vectors hold).
static inline __attribute__((always_inline)) nudge_lanes8 nudge_evens(nudge_lanes8 a, nudge_lanes8 b) {
    return __builtin_shufflevector(a, b, 0, 2, 4, 6, 8, 10, 12, 14);
}

/// (a1 a3 a5 a7 b1 b3 b5 b7): the odd lanes of a, then of b (each pair's second float).
static inline __attribute__((always_inline)) nudge_lanes8 nudge_odds(nudge_lanes8 a, nudge_lanes8 b) {
    return __builtin_shufflevector(a, b, 1, 3, 5, 7, 9, 11, 13, 15);
}

#endif
