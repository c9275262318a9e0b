// worker_signals.h: the few atomic operations and the spin hint the solver's second worker needs
// (SolverWorkers.swift).
//
// The solver hands a short stage to a second thread and takes it back within microseconds, many
// times a step, so the hand-over is a handful of shared words read and written with C11-style
// atomics rather than a lock or a queue. They live here, in a C target the engine already
// depends on, as static inline functions: Swift inlines them like its own, and no further
// module is needed. Every operation is sequentially consistent or acquire/release as its name
// says; the words are 64-bit and aligned, so none of them tears.
#ifndef NUDGE_WORKER_SIGNALS_H
#define NUDGE_WORKER_SIGNALS_H

#include <stdint.h>
#include <stdbool.h>

/// Reads a word with acquire ordering: what was written before its release is visible after.
static inline __attribute__((always_inline)) uint64_t nudge_load_acquire(const uint64_t *p) {
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

/// Writes a word with release ordering.
static inline __attribute__((always_inline)) void nudge_store_release(uint64_t *p, uint64_t v) {
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/// Reads a word in the single total order of sequentially consistent operations.
static inline __attribute__((always_inline)) uint64_t nudge_load_seq(const uint64_t *p) {
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

/// Writes a word in the single total order of sequentially consistent operations.
static inline __attribute__((always_inline)) void nudge_store_seq(uint64_t *p, uint64_t v) {
    __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

/// Sets the word to `desired` if it holds `expected`; true when this call made the change.
static inline __attribute__((always_inline)) bool nudge_claim(uint64_t *p, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/// Adds to the word and returns what it held before.
static inline __attribute__((always_inline)) uint64_t nudge_fetch_add(uint64_t *p, uint64_t v) {
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}

/// Tells the processor this thread is spinning on a shared word (x86 `pause`, Arm `yield`).
static inline __attribute__((always_inline)) void nudge_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
