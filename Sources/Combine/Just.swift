import Synchronization

/// A publisher that emits one value, then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: OneValueSubscription(subscriber, value: output))
    }
}

/// A publisher that finishes at once, with no value (`completeImmediately`), or never.
public struct Empty<Output, Failure: Error>: Publisher {
    public let completeImmediately: Bool

    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

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
    public let error: Failure

    public init(error: Failure) { self.error = error }

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
