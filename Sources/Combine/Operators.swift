/// A namespace for the types operators return.
public enum Publishers {}

/// The common shape of the one-to-one-or-fewer operators (`map`, `filter`,
/// `compactMap`, `removeDuplicates`): the downstream subscriber sees the upstream
/// subscription, and a dropped value is replaced by asking upstream for one more.
final class RelaySubscriber<Upstream, Downstream: Subscriber>: Subscriber, @unchecked Sendable {
    typealias Input = Upstream
    typealias Failure = Downstream.Failure
    private let downstream: Downstream
    /// The value to pass on, or `nil` to drop it.
    private let transform: (Upstream) -> Downstream.Input?

    init(_ downstream: Downstream, _ transform: @escaping (Upstream) -> Downstream.Input?) {
        self.downstream = downstream
        self.transform = transform
    }

    func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

    func receive(_ input: Upstream) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}

extension Publishers {
    /// Values transformed by a closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The closure that transforms each value.
        public let transform: (Upstream.Output) -> Output

        /// Transforms `upstream`'s values with `transform`.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.receive(subscriber: RelaySubscriber(subscriber) { transform($0) })
        }
    }

    /// The values a predicate accepts.
    public struct Filter<Upstream: Publisher>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose values are filtered.
        public let upstream: Upstream
        /// The predicate: `true` to pass a value on.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Passes on the values of `upstream` that `isIncluded` accepts.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.receive(subscriber: RelaySubscriber(subscriber) { isIncluded($0) ? $0 : nil })
        }
    }

    /// The non-nil results of a closure.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose values are transformed.
        public let upstream: Upstream
        /// The closure that transforms each value; a `nil` result is dropped.
        public let transform: (Upstream.Output) -> Output?

        /// Passes on the non-nil results of `transform` on `upstream`'s values.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: RelaySubscriber(subscriber, transform))
        }
    }

    /// Values that differ from the one before (by a predicate, or `==`).
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose duplicates are removed.
        public let upstream: Upstream
        /// Given the value before and the new one, whether the new one is a duplicate (dropped).
        public let predicate: (Output, Output) -> Bool

        /// Drops each of `upstream`'s values that `predicate` finds a duplicate of the one
        /// before.
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            let last = LastValue<Output>()
            upstream.receive(subscriber: RelaySubscriber(subscriber) { value in
                defer { last.value = value }
                if let previous = last.value, predicate(previous, value) { return nil }
                return value
            })
        }
    }
}

/// The last value a `removeDuplicates` subscription passed on.
final class LastValue<Value>: @unchecked Sendable {
    var value: Value?
}

extension Publisher {
    /// Transforms each value with a closure.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// The value at a key path of each value.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self) { $0[keyPath: keyPath] }
    }

    /// Passes on only the values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Transforms each value with a closure, dropping the `nil` results.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Drops each value that `predicate` finds a duplicate of the one before.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Drops each value equal to the one before.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}
