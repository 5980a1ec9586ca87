import Synchronization

extension Subscribers {
    /// A subscriber that writes each value to a key path of an object (kept
    /// strongly until the subscription ends, as Combine does).
    public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
        /// The subscriber takes only publishers that cannot fail.
        public typealias Failure = Never
        /// The object written to; `nil` once the subscription has finished or been cancelled.
        public private(set) var object: Root?
        /// The key path each value is written to.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private let subscription = Locked<Subscription?>(nil)

        /// A subscriber that writes each value to `keyPath` of `object`.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public func receive(subscription s: Subscription) {
            let accepted = subscription.withLock { current -> Bool in
                guard current == nil else { return false }
                current = s
                return true
            }
            if accepted { s.request(.unlimited) } else { s.cancel() }
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            object?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            subscription.withLock { $0 = nil }
            object = nil
        }

        /// Cancels the subscription and releases the object.
        public func cancel() {
            let s = subscription.withLock { current -> Subscription? in
                defer { current = nil }
                return current
            }
            s?.cancel()
            object = nil
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes each value to `keyPath` of `object`.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }

    /// Republishes each value through a `@Published` property (`assign(to: &$value)`);
    /// the subscription lasts as long as the property's object.
    public func assign(to published: inout Published<Output>.Publisher) {
        published.attach(self)
    }
}
