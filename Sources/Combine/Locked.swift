import Foundation

/// A value behind a lock. Combine's subscriptions, subscribers and subjects are
/// used from any thread and hold non-Sendable values (subscribers, subscriptions,
/// outputs); each guards its state with one of these.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
