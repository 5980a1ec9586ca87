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
///
/// The mutex lives in the same allocation as the state (tail-allocated after it),
/// so a lock taken on a cold object costs one cache miss, not two.
///
/// Keep a closure in a struct, not as the state itself (`Locked<(() -> Void)?>`):
/// `withLock` hands a function-typed state to its body converted from the generic
/// form and stores it back converted again, so each call wraps the closure in two
/// more thunks, and calling it goes deeper each time (`ChangeTracker`'s wake-up did).
package struct Locked<State>: @unchecked Sendable {
    @usableFromInline
    final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                _ = mutex.deinitialize(count: 1)
            }
        }
    }

    @usableFromInline let storage: Storage

    package init(_ state: State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in state }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with the state, the lock held (not reentrant: `body` must not
    /// take this lock again).
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}
