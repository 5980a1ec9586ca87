/// A type-erasing subscriber.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    /// The wrapped subscriber's identity (a new one for a subscriber made of closures).
    public let combineIdentifier: CombineIdentifier
    private let receiveSubscriptionBody: (Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

    /// A subscriber that forwards everything to `s`, with its identity.
    public init<S: Subscriber>(_ s: S) where S.Input == Input, S.Failure == Failure {
        combineIdentifier = s.combineIdentifier
        receiveSubscriptionBody = s.receive(subscription:)
        receiveValueBody = s.receive(_:)
        receiveCompletionBody = s.receive(completion:)
    }

    /// A subscriber made of closures; a missing closure does nothing (a missing
    /// `receiveValue` asks for no more values).
    public init(receiveSubscription: ((Subscription) -> Void)? = nil,
                receiveValue: ((Input) -> Subscribers.Demand)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription ?? { _ in }
        receiveValueBody = receiveValue ?? { _ in .none }
        receiveCompletionBody = receiveCompletion ?? { _ in }
    }

    public func receive(subscription: Subscription) { receiveSubscriptionBody(subscription) }
    public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }

    public var description: String { "AnySubscriber" }
}

/// A type-erasing publisher: hides the publisher's type (and its operators' types).
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

    /// Wraps `publisher`, hiding its type.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        subscribeBody = { publisher.receive(subscriber: $0) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(AnySubscriber(subscriber))
    }

    public var description: String { "AnyPublisher" }
}

extension Publisher {
    /// This publisher as an `AnyPublisher`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}
