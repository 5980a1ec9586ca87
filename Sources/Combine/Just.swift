import Synchronization

/// A publisher that emits one value, then finishes.
public struct Just<Output>: Publisher {
    /// The publisher cannot fail.
    public typealias Failure = Never
    /// The value the publisher emits.
    public let output: Output

    /// A publisher of `output` alone.
    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: OneValueSubscription(subscriber, value: output))
    }
}

/// A publisher that finishes at once, with no value (`completeImmediately`), or never.
public struct Empty<Output, Failure: Error>: Publisher {
    /// Whether the publisher finishes as soon as it is subscribed to (else it never completes).
    public let completeImmediately: Bool

    /// An empty publisher that finishes at once, or never.
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

    /// An empty publisher that finishes at once, or never, with its output and failure types
    /// spelt out.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}

/// A publisher that fails at once with an error.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error the publisher fails with.
    public let error: Failure

    /// A publisher that fails with `error`.
    public init(error: Failure) { self.error = error }

    /// A publisher that fails with `failure`, with its output type spelt out.
    public init(outputType: Output.Type, failure: Failure) { error = failure }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

/// Delivers one value on the first request with demand, then finishes.
final class OneValueSubscription<S: Subscriber>: Subscription, @unchecked Sendable {
    private let state: Locked<(subscriber: S?, value: S.Input?)>

    init(_ subscriber: S, value: S.Input) {
        state = Locked((subscriber, value))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let taken = state.withLock { s -> (S, S.Input)? in
            guard let subscriber = s.subscriber, let value = s.value else { return nil }
            s = (nil, nil)
            return (subscriber, value)
        }
        guard let (subscriber, value) = taken else { return }
        _ = subscriber.receive(value)
        subscriber.receive(completion: .finished)
    }

    func cancel() { state.withLock { $0 = (nil, nil) } }
}
