// A malloc counter for canvas-bench: this file defines malloc, free and their
// relatives, so the executable's definitions take the place of the C library's
// for every library in the process (ELF symbol interposition), and forwards each
// call to glibc's own allocator (`__libc_malloc` and friends, exported for this
// purpose). Counting costs one load per call while it is off.
//
// Only canvas-bench links this target: the suite and users' programs keep the
// system allocator untouched.
//
// With OPENCANVAS_ALLOCATION_TRACE=<file>, every counted allocation also writes its
// call stack there (one line of return addresses, then the process's memory map
// when counting stops): `Scripts/allocation-sites.py <file>` names the sites.

#include "AllocationCounter.h"

#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_bool counting;
static atomic_uint_fast64_t allocations, frees;
static atomic_int_fast64_t bytesInUse, peakBytes;

static int traceFile = -1;
static _Thread_local int tracing;

/// Writes the caller's stack as one line of hex return addresses.
static void traceStack(void) {
    if (traceFile < 0 || tracing) return;
    tracing = 1;
    void *frames[40];
    int count = backtrace(frames, 40);
    char line[40 * 19 + 2];
    int length = 0;
    for (int i = 2; i < count; i++) {
        length += snprintf(line + length, sizeof line - (size_t)length, "%lx ", (unsigned long)frames[i]);
    }
    line[length++] = '\n';
    ssize_t written = write(traceFile, line, (size_t)length);
    (void)written;
    tracing = 0;
}

static void noteAllocation(void *pointer) {
    if (!pointer || !atomic_load_explicit(&counting, memory_order_relaxed)) return;
    traceStack();
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    int64_t size = (int64_t)malloc_usable_size(pointer);
    int64_t now = atomic_fetch_add_explicit(&bytesInUse, size, memory_order_relaxed) + size;
    int64_t peak = atomic_load_explicit(&peakBytes, memory_order_relaxed);
    while (now > peak && !atomic_compare_exchange_weak_explicit(&peakBytes, &peak, now, memory_order_relaxed,
                                                                memory_order_relaxed)) {}
}

static void noteFree(void *pointer) {
    if (!pointer || !atomic_load_explicit(&counting, memory_order_relaxed)) return;
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    atomic_fetch_sub_explicit(&bytesInUse, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    noteAllocation(pointer);
    return pointer;
}

void free(void *pointer) {
    noteFree(pointer);
    __libc_free(pointer);
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    noteAllocation(pointer);
    return pointer;
}

void *realloc(void *pointer, size_t size) {
    // Counted as a free and an allocation: a block that grows may move.
    if (pointer && size == 0) {
        noteFree(pointer);
        return __libc_realloc(pointer, 0);
    }
    int64_t before = pointer ? (int64_t)malloc_usable_size(pointer) : 0;
    void *result = __libc_realloc(pointer, size);
    if (!result) return NULL;
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        if (pointer) {
            atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
            atomic_fetch_sub_explicit(&bytesInUse, before, memory_order_relaxed);
        }
        noteAllocation(result);
    }
    return result;
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    noteAllocation(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = memalign(alignment, size);
    if (!pointer && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) { return memalign(4096, size); }

void *pvalloc(size_t size) {
    if (size > SIZE_MAX - 4095) {
        errno = ENOMEM;
        return NULL;
    }
    return memalign(4096, (size + 4095) & ~(size_t)4095);
}

void allocation_counter_start(void) {
    atomic_store(&counting, 0);
    static int traceChecked;
    if (!traceChecked) {
        traceChecked = 1;
        const char *path = getenv("OPENCANVAS_ALLOCATION_TRACE");
        if (path && *path) {
            traceFile = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            void *warm[2];
            backtrace(warm, 2);  // loads the unwinder (which allocates) before counting
        }
    }
    atomic_store(&allocations, 0);
    atomic_store(&frees, 0);
    atomic_store(&bytesInUse, 0);
    atomic_store(&peakBytes, 0);
    atomic_store(&counting, 1);
}

AllocationCounts allocation_counter_read(void) {
    AllocationCounts counts = {
        atomic_load(&allocations), atomic_load(&frees), atomic_load(&bytesInUse), atomic_load(&peakBytes),
    };
    return counts;
}

void allocation_counter_stop(void) {
    atomic_store(&counting, 0);
    if (traceFile < 0) return;
    // The memory map, so that addresses can be named after the process is gone.
    int maps = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (maps < 0) return;
    ssize_t written = write(traceFile, "maps\n", 5);
    char buffer[4096];
    ssize_t n;
    while ((n = read(maps, buffer, sizeof buffer)) > 0) written = write(traceFile, buffer, (size_t)n);
    (void)written;
    close(maps);
    ssize_t ended = write(traceFile, "end maps\n", 9);
    (void)ended;
}
