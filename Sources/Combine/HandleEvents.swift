extension Publishers {
    /// The upstream's events, with closures run as they pass.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose events are watched.
        public let upstream: Upstream
        /// Run when the upstream hands over its subscription.
        public var receiveSubscription: ((Subscription) -> Void)?
        /// Run for each value, before the downstream receives it.
        public var receiveOutput: ((Output) -> Void)?
        /// Run when the upstream completes, before the downstream is told.
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        /// Run when the downstream cancels.
        public var receiveCancel: (() -> Void)?
        /// Run with each demand the downstream requests.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// Watches `upstream`'s events with the given closures (each optional).
        public init(upstream: Upstream, receiveSubscription: ((Subscription) -> Void)? = nil,
                    receiveOutput: ((Output) -> Void)? = nil,
                    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
                    receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let events = self
            upstream.receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { subscription in
                    events.receiveSubscription?(subscription)
                    subscriber.receive(subscription: WatchedSubscription(subscription, request: events.receiveRequest,
                                                                         cancel: events.receiveCancel))
                },
                receiveValue: { value in
                    events.receiveOutput?(value)
                    return subscriber.receive(value)
                },
                receiveCompletion: { completion in
                    events.receiveCompletion?(completion)
                    subscriber.receive(completion: completion)
                }))
        }
    }
}

/// A subscription whose requests and cancellation are watched.
final class WatchedSubscription: Subscription, @unchecked Sendable {
    private let inner: Subscription
    private let onRequest: ((Subscribers.Demand) -> Void)?
    private let onCancel: (() -> Void)?

    init(_ inner: Subscription, request: ((Subscribers.Demand) -> Void)?, cancel: (() -> Void)?) {
        self.inner = inner
        onRequest = request
        onCancel = cancel
    }

    func request(_ demand: Subscribers.Demand) {
        onRequest?(demand)
        inner.request(demand)
    }

    func cancel() {
        onCancel?()
        inner.cancel()
    }
}

extension Publisher {
    /// Runs closures as the publisher's events pass (for side effects and debugging).
    public func handleEvents(receiveSubscription: ((Subscription) -> Void)? = nil,
                             receiveOutput: ((Output) -> Void)? = nil,
                             receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
                             receiveCancel: (() -> Void)? = nil,
                             receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
                                receiveCompletion: receiveCompletion, receiveCancel: receiveCancel,
                                receiveRequest: receiveRequest)
    }
}
