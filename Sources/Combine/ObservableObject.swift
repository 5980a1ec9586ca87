import Synchronization

/// A type of object with a publisher that emits before the object has changed.
/// A class whose changing properties are `@Published` gets `objectWillChange`
/// for free: each of them sends it before its value changes.
public protocol ObservableObject: AnyObject {
    /// The type of publisher that emits before the object changes
    /// (`ObservableObjectPublisher` unless the class says otherwise).
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never
    /// A publisher that emits before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, made the first time it is asked for and kept while
    /// the object lives.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher.publisher(of: self) }
}

/// The publisher of an observable object: emits (no value) before it changes.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    /// It emits no value, only the event.
    public typealias Output = Void
    /// The publisher cannot fail.
    public typealias Failure = Never
    private let subject = PassthroughSubject<Void, Never>()

    /// A publisher with no subscribers yet.
    public init() {}

    /// Tells the subscribers that the object is about to change.
    public func send() { subject.send(()) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }

    // MARK: Publishers of objects that use the default

    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }
    private static let registry = Locked<(entries: [ObjectIdentifier: Entry], pruneAt: Int)>(([:], 64))

    /// The publisher of `object` (one per object; entries of released objects are
    /// dropped as the table grows).
    static func publisher(of object: AnyObject) -> ObservableObjectPublisher {
        registry.withLock { r in
            let id = ObjectIdentifier(object)
            if let e = r.entries[id], e.object === object { return e.publisher }
            if r.entries.count >= r.pruneAt {
                r.entries = r.entries.filter { $0.value.object != nil }
                r.pruneAt = max(64, r.entries.count * 2)
            }
            let p = ObservableObjectPublisher()
            r.entries[id] = Entry(object: object, publisher: p)
            return p
        }
    }
}
