import Synchronization

/// A protocol for an activity or action that supports cancellation.
public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
}

/// The connection of one subscriber to one publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for more values.
    func request(_ demand: Subscribers.Demand)
}

/// A namespace for subscription types.
public enum Subscriptions {
    /// A subscription that delivers nothing (for publishers that complete at once).
    public static var empty: Subscription { EmptySubscription() }
}

final class EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// Hands out `CombineIdentifier`s.
final class IdentifierCounter: Sendable {
    private let value = Atomic<UInt64>(0)
    func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
}
