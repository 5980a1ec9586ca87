import Synchronization

/// A publisher whose values are sent by calling `send`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscribers.
    func send(_ value: Output)
    /// Ends the subject for every subscriber.
    func send(completion: Subscribers.Completion<Failure>)
    /// Relays `subscription`'s values: the subject requests unlimited demand.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends a value-less event to the subscribers.
    public func send() { send(()) }
}

/// A subject that passes values to its subscribers as they are sent; a subscriber
/// with no demand left misses them.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let hub = SubjectHub<Output, Failure>()

    /// A subject with no subscribers yet.
    public init() {}

    public func send(_ value: Output) { hub.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { hub.finish(completion) }
    public func send(subscription: Subscription) { hub.relay(subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(subscriber, current: nil)
    }
}

/// A subject that holds a value and sends it, and every change of it, to its
/// subscribers (the current value first, when a subscriber asks).
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let hub = SubjectHub<Output, Failure>()
    private let current: Locked<Output>

    /// A subject holding `value` to begin with.
    public init(_ value: Output) { current = Locked(value) }

    /// The value; setting it sends it.
    public var value: Output {
        get { current.withLock { $0 } }
        set { send(newValue) }
    }

    public func send(_ value: Output) {
        current.withLock { $0 = value }
        hub.send(value)
    }

    public func send(completion: Subscribers.Completion<Failure>) { hub.finish(completion) }
    public func send(subscription: Subscription) { hub.relay(subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(subscriber, current: { [weak self] in self?.current.withLock { $0 } })
    }
}

/// The subscribers of a subject, each with its demand.
final class SubjectHub<Output, Failure: Error>: @unchecked Sendable {
    private struct State {
        var conduits: [ObjectIdentifier: Conduit] = [:]
        var completion: Subscribers.Completion<Failure>?
        var upstream: [Subscription] = []
    }
    private let state = Locked(State())

    // A subject released with subscribers still attached sends them nothing more:
    // their conduits let them go.
    deinit {
        for conduit in state.withLock({ $0.conduits.values }) { _ = conduit.close() }
    }

    /// One subscriber's connection: demand, and a value held back until demanded
    /// (a current value subject's first value).
    ///
    /// The subscriber usually keeps its subscription, and the conduit reaches the
    /// subscriber through its closures: once the conduit is finished or cancelled
    /// (or its subject is gone) it lets the closures go, so that the two do not keep
    /// each other alive (as Combine's subscriptions release their subscribers).
    final class Conduit: Subscription, @unchecked Sendable {
        private struct State {
            var demand: Subscribers.Demand = .none
            var pending: Output?
            var deliver: ((Output) -> Subscribers.Demand)?
            var complete: ((Subscribers.Completion<Failure>) -> Void)?
            var open: Bool { deliver != nil }
        }
        private weak var hub: SubjectHub?
        private let lock = Locked(State())

        init(hub: SubjectHub, pending: Output?, deliver: @escaping (Output) -> Subscribers.Demand,
             complete: @escaping (Subscribers.Completion<Failure>) -> Void) {
            self.hub = hub
            lock.withLock { s in
                s.pending = pending
                s.deliver = deliver
                s.complete = complete
            }
        }

        func request(_ demand: Subscribers.Demand) {
            let next = lock.withLock { s -> (Output, (Output) -> Subscribers.Demand)? in
                guard let deliver = s.deliver else { return nil }
                s.demand += demand
                guard s.demand > 0, let p = s.pending else { return nil }
                s.pending = nil
                s.demand -= 1
                return (p, deliver)
            }
            if let (value, deliver) = next { offerMore(deliver(value)) }
        }

        /// Delivers `value` if the subscriber has demand left.
        func offer(_ value: Output) {
            let deliver = lock.withLock { s -> ((Output) -> Subscribers.Demand)? in
                guard let deliver = s.deliver else { return nil }
                guard s.demand > 0 else {
                    // A current value not yet asked for is replaced by the newer one.
                    if s.pending != nil { s.pending = value }
                    return nil
                }
                s.demand -= 1
                return deliver
            }
            if let deliver { offerMore(deliver(value)) }
        }

        private func offerMore(_ more: Subscribers.Demand) {
            guard more > 0 else { return }
            lock.withLock { $0.demand += more }
        }

        func finish(_ completion: Subscribers.Completion<Failure>) {
            if let complete = close() { complete(completion) }
        }

        func cancel() {
            _ = close()
            hub?.detach(self)
        }

        /// Closes the conduit, letting its closures go; the completion closure when
        /// it was open.
        func close() -> ((Subscribers.Completion<Failure>) -> Void)? {
            lock.withLock { s in
                defer { s.deliver = nil; s.complete = nil; s.pending = nil }
                return s.complete
            }
        }
    }

    func attach<S: Subscriber>(_ subscriber: S, current: (() -> Output?)?)
        where S.Input == Output, S.Failure == Failure {
        if let done = state.withLock({ $0.completion }) {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: done)
            return
        }
        let conduit = Conduit(hub: self, pending: current?(), deliver: { subscriber.receive($0) },
                              complete: { subscriber.receive(completion: $0) })
        state.withLock { $0.conduits[ObjectIdentifier(conduit)] = conduit }
        subscriber.receive(subscription: conduit)
    }

    func detach(_ conduit: Conduit) {
        _ = state.withLock { $0.conduits.removeValue(forKey: ObjectIdentifier(conduit)) }
    }

    func send(_ value: Output) {
        let conduits = state.withLock { $0.completion == nil ? Array($0.conduits.values) : [] }
        for c in conduits { c.offer(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let conduits = state.withLock { s -> [Conduit] in
            guard s.completion == nil else { return [] }
            s.completion = completion
            defer { s.conduits.removeAll() }
            return Array(s.conduits.values)
        }
        for c in conduits { c.finish(completion) }
    }

    func relay(_ subscription: Subscription) {
        state.withLock { $0.upstream.append(subscription) }
        subscription.request(.unlimited)
    }
}
