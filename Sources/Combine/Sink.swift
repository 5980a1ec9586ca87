import Synchronization

extension Subscribers {
    /// A subscriber that requests unlimited values and hands each to a closure.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
        /// The closure each value is handed to.
        public let receiveValue: (Input) -> Void
        /// The closure the completion is handed to.
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private let subscription = Locked<Subscription?>(nil)
        private let done = Atomic<Bool>(false)

        /// A subscriber with closures for the completion and the values.
        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription s: Subscription) {
            let accepted = subscription.withLock { current -> Bool in
                guard current == nil, !done.load(ordering: .acquiring) else { return false }
                current = s
                return true
            }
            if accepted { s.request(.unlimited) } else { s.cancel() }
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            if !done.load(ordering: .acquiring) { receiveValue(input) }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
            subscription.withLock { $0 = nil }
            receiveCompletion(completion)
        }

        /// Cancels the subscription; the closures receive nothing after it.
        public func cancel() {
            done.store(true, ordering: .releasing)
            let s = subscription.withLock { current -> Subscription? in
                defer { current = nil }
                return current
            }
            s?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes with closures for the values and the completion.
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for the values (a publisher that cannot fail).
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
