// memory_hints.h: hints that memory will be read or written soon, for loops whose next
// iterations' addresses are known before this one's work is done (ContactSet's destruction of
// separated contacts and its new pairs' probes, the broad phase tree's walks).
//
// Each contact destroyed reads its record, takes its key out of the pair table and has the last
// contact moved into its place, reads and writes that miss the caches in a large scene; the
// loop's body is long enough that the processor does not reach the next contact's while it waits
// for these. Asking for the next contacts' lines a few iterations ahead lets those waits overlap.
// A hint only: it changes no value, and an address it names need not be touched at all. Static
// inline, like the others in this module.
#ifndef NUDGE_MEMORY_HINTS_H
#define NUDGE_MEMORY_HINTS_H

/// Asks for the cache line at `p` to be brought in for reading.
static inline __attribute__((always_inline)) void nudge_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

/// Asks for the cache line at `p` to be brought in for writing.
static inline __attribute__((always_inline)) void nudge_prefetch_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}

#endif
