#ifndef OPENCANVAS_ALLOCATION_COUNTER_H
#define OPENCANVAS_ALLOCATION_COUNTER_H

#include <stdint.h>

/// The heap's traffic while counting is on: blocks allocated (malloc, calloc,
/// realloc to a new block, the aligned allocators), blocks freed, and the bytes in
/// use above the level at `allocation_counter_start` — now and at their highest.
typedef struct {
    uint64_t allocations;
    uint64_t frees;
    int64_t bytesInUse;
    int64_t peakBytes;
} AllocationCounts;

/// Starts counting from zero (for the whole process: every thread's allocations).
void allocation_counter_start(void);
/// The counts since the last start; counting goes on.
AllocationCounts allocation_counter_read(void);
/// Stops counting.
void allocation_counter_stop(void);

#endif
