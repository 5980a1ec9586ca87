#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a mutex, as `Synchronization.Mutex` is used (`withLock`), on a
/// `pthread_mutex_t`.
///
/// Why not `Mutex` itself: on Linux its lock is a futex driven by atomics inside the
/// standard library, which is not built for ThreadSanitizer, so the sanitizer sees
/// no ordering between the threads it serializes and reports every access it
/// guards as a race (a two-thread counter under `Mutex` gives such reports;
/// `pthread_mutex_lock` is intercepted and gives none). The sanitizer runs have to
/// see our locking to find real races. Uncontended, both cost a pair of atomic
/// operations.
package final class Locked<State>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var state: State

    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state, the lock held (not reentrant: `body` must not
    /// take this lock again).
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
