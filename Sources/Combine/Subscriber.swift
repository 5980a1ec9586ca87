/// A type that receives values, and a completion, from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The kind of values the subscriber receives.
    associatedtype Input
    /// The kind of error it may receive (`Never` if none).
    associatedtype Failure: Error

    /// The publisher accepted the subscription: request values through it.
    func receive(subscription: Subscription)
    /// One value; returns how many more values the subscriber wants beyond those
    /// already requested.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The publisher finished, normally or with an error; nothing follows.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives a value-less event (`subject.send()`).
    public func receive() -> Subscribers.Demand { receive(()) }
}

/// A namespace for types that serve as subscribers.
public enum Subscribers {
    /// How a publisher ended.
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped with an error.
        case failure(Failure)
    }

    /// How many values a subscriber wants: a number, or no limit.
    public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
        /// `nil` for unlimited.
        let count: Int?

        /// As many values as the publisher has.
        public static let unlimited = Demand(count: nil)
        /// No values.
        public static let none = Demand(count: 0)

        /// At most `value` values (negative counts as zero).
        public static func max(_ value: Int) -> Demand { Demand(count: Swift.max(0, value)) }

        /// The number requested, or `nil` when unlimited.
        public var max: Int? { count }

        /// The sum of two demands: unlimited if either is, or if the count overflows.
        public static func + (a: Demand, b: Demand) -> Demand {
            guard let x = a.count, let y = b.count else { return .unlimited }
            let (sum, overflow) = x.addingReportingOverflow(y)
            return overflow ? .unlimited : Demand(count: sum)
        }
        /// The demand plus `b` values (a negative `b` counts as zero).
        public static func + (a: Demand, b: Int) -> Demand { a + .max(b) }
        /// Adds a demand.
        public static func += (a: inout Demand, b: Demand) { a = a + b }
        /// Adds `b` values (a negative `b` counts as zero).
        public static func += (a: inout Demand, b: Int) { a = a + b }
        /// Less, never below zero; unlimited stays unlimited.
        public static func - (a: Demand, b: Demand) -> Demand {
            guard let x = a.count else { return .unlimited }
            guard let y = b.count else { return .none }
            return Demand(count: Swift.max(0, x - y))
        }
        /// The demand less `b` values, never below zero (a negative `b` counts as zero).
        public static func - (a: Demand, b: Int) -> Demand { a - .max(b) }
        /// Subtracts a demand, never going below zero.
        public static func -= (a: inout Demand, b: Demand) { a = a - b }
        /// Subtracts `b` values, never going below zero.
        public static func -= (a: inout Demand, b: Int) { a = a - b }
        public static func < (a: Demand, b: Demand) -> Bool {
            switch (a.count, b.count) {
            case (nil, _): return false
            case (_, nil): return true
            case let (x?, y?): return x < y
            }
        }
        /// Whether the demand is for more than `b` values (unlimited always is).
        public static func > (a: Demand, b: Int) -> Bool { a > .max(b) }
        /// Whether the demand is for exactly `b` values (unlimited never is).
        public static func == (a: Demand, b: Int) -> Bool { a == .max(b) }

        public var description: String { count.map { "max(\($0))" } ?? "unlimited" }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// A unique identity for a subscription or subscriber, for debugging and for
/// telling subscribers apart.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let value: UInt64
    private static let counter = IdentifierCounter()

    /// A new identifier, unique in the process.
    public init() { value = CombineIdentifier.counter.next() }
    /// An identifier from an object's identity (the same for the same object while it
    /// lives).
    public init(_ object: AnyObject) { value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)) | 1 << 63 }

    public var description: String { "0x" + String(value, radix: 16) }
}

/// A type with a `CombineIdentifier` (classes get one from their identity).
public protocol CustomCombineIdentifierConvertible {
    /// The value's identity.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// An identifier from the object's identity.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
