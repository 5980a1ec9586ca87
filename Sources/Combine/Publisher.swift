// OpenCanvas's Combine: the part of Apple's Combine that SwiftUI code uses
// (observable objects, `@Published`, subjects, timers and notifications, and the
// everyday operators), with Apple's names and semantics, for platforms without
// Combine. Values flow synchronously on the thread that sends them unless a
// `receive(on:)` moves them; demand is honoured (a subscriber gets no more values
// than it asked for).

/// Declares that a type can deliver a sequence of values over time.
public protocol Publisher<Output, Failure> {
    /// The kind of values the publisher delivers.
    associatedtype Output
    /// The kind of error the publisher may fail with (`Never` if it cannot fail).
    associatedtype Failure: Error

    /// Attaches `subscriber`: the publisher calls its `receive(subscription:)`,
    /// then delivers values as demanded, then at most one completion.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A publisher that exposes a method to start it (`connect()`), such as a timer.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the publisher; cancelling the result stops it.
    func connect() -> Cancellable
}
