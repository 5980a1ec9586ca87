import Synchronization

/// A property of an observable class that publishes its changes: reading `$name`
/// gives a publisher of the value (the current one first, then each new value as it
/// is about to be set), and setting it sends the enclosing object's
/// `objectWillChange` first.
@propertyWrapper
public struct Published<Value> {
    /// The value and its subscribers, shared by the copies of the wrapper.
    final class Storage: @unchecked Sendable {
        /// The value, changed after its subscribers were told (they see the old
        /// value in the object while they receive the new one, as in Combine).
        private(set) var value: Value
        let subject: CurrentValueSubject<Value, Never>
        /// Sends the enclosing object's `objectWillChange` (known once the property
        /// has been accessed through its object).
        var willChange: (() -> Void)?
        /// Subscriptions made with `assign(to: &$property)`, alive with the property.
        var assignments: [AnyCancellable] = []

        init(_ value: Value) {
            self.value = value
            subject = CurrentValueSubject(value)
        }

        func set(_ value: Value) {
            willChange?()
            subject.send(value)
            self.value = value
        }
    }
    let storage: Storage

    /// A published property with an initial value.
    public init(wrappedValue: Value) { storage = Storage(wrappedValue) }

    /// A published property with an initial value (the older spelling of
    /// `init(wrappedValue:)`).
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// As in Combine, `@Published` is for properties of classes: the value is
    /// reached through the enclosing instance (below), never through this property.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { storage.value }
        set { storage.set(newValue) }
    }

    /// A publisher of the property's values.
    public struct Publisher: Combine.Publisher {
        /// The property's values.
        public typealias Output = Value
        /// The publisher cannot fail.
        public typealias Failure = Never
        let storage: Storage

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subject.receive(subscriber: subscriber)
        }

        /// Republishes `upstream`'s values through the property.
        func attach<P: Combine.Publisher>(_ upstream: P) where P.Output == Value, P.Failure == Never {
            let storage = self.storage
            storage.assignments.append(upstream.sink { [weak storage] in storage?.set($0) })
        }
    }

    /// The publisher of the property's values (`$name`). Setting another property's
    /// publisher here (as `assign(to: &$name)` does) republishes its values through this one.
    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        // `assign(to: &$property)` passes the publisher inout and it comes back as it
        // went. Another property's publisher set here is followed: its values are
        // republished through this property.
        set {
            guard newValue.storage !== storage else { return }
            Publisher(storage: storage).attach(newValue)
        }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get {
            let storage = object[keyPath: storageKeyPath].storage
            connect(storage, to: object)
            return storage.value
        }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            connect(storage, to: object)
            storage.set(newValue)
        }
    }

    /// Connects the property to its object's `objectWillChange` the first time.
    private static func connect<EnclosingSelf: AnyObject>(_ storage: Storage, to object: EnclosingSelf) {
        guard storage.willChange == nil, object is any ObservableObject else { return }
        storage.willChange = { [weak object] in
            guard let observable = object as? any ObservableObject else { return }
            sendWillChange(observable)
        }
    }

    private static func sendWillChange<O: ObservableObject>(_ object: O) {
        (object.objectWillChange as? ObservableObjectPublisher)?.send()
    }
}
