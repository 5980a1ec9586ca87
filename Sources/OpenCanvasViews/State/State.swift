import Foundation
import OpenCanvasDrawing

/// Storage for a `@State` value in the view graph.
@MainActor
final class StateSlot<Value> {
    private var stored: Value
    weak var graph: ViewGraph?
    /// The bodies and canvas renderers that read the value since it last changed.
    private var readers: Set<String> = []
    /// `ViewGraph.readerChanges` at the last read that registered its reader (−1:
    /// none since the value changed): a renderer reading the value in a loop (a
    /// thousand particles reading one array) registers once.
    private var registeredAt = -1

    init(_ value: Value, graph: ViewGraph?) {
        self.stored = value
        self.graph = graph
    }

    /// The value, without making the code running now a reader.
    var peek: Value { stored }

    /// The value; reading it from a body or renderer makes that a reader.
    var value: Value {
        get {
            let changes = ViewGraph.readerChanges
            if changes != registeredAt {
                registeredAt = changes
                if let reader = graph?.currentReader { readers.insert(reader) }
            }
            return stored
        }
        set {
            stored = newValue
            // The readers run again in the next frame (and read it again).
            let marked = readers
            readers.removeAll()
            registeredAt = -1
            for r in marked { graph?.mark(r) }
        }
    }
}

extension StateSlot: ReleasableSlot {
    func releaseValue() { (stored as? ReleasedWithItsView)?.release() }
}

/// Where a `@State` property finds its value: a slot of the view graph once the
/// view has been made by a host, its own initial value before that.
@MainActor
final class StateLink<Value> {
    var slot: StateSlot<Value>?
    var local: Value
    init(_ value: Value) { local = value }
}

/// A value owned by a view, kept by OpenCanvas across renders for as long as the
/// view exists in the same place; setting it re-renders the views that show it.
@MainActor @propertyWrapper
public struct State<Value>: GraphProperty {
    let link: StateLink<Value>

    /// A state that starts at `value`. The initial value is used only when the view is
    /// first made in its place; later view values keep the stored value.
    public init(wrappedValue value: Value) {
        link = StateLink(value)
    }

    /// A state that starts at `value` (the same as `init(wrappedValue:)`).
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The current value; setting it re-renders the views that read it.
    public var wrappedValue: Value {
        // Not `??`: generic over `Value?`, it looked up that type's metadata at
        // every read, a third of a read's cost from another module.
        get {
            if let slot = link.slot { return slot.value }
            return link.local
        }
        nonmutating set {
            if let slot = link.slot {
                slot.value = newValue
            } else {
                link.local = newValue
            }
        }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let link = self.link
        return Binding(get: { link.slot?.value ?? link.local }, set: { newValue in
            if let slot = link.slot {
                slot.value = newValue
            } else {
                link.local = newValue
            }
        })
    }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        guard let graph else { return }
        let initial = link.local
        link.slot = graph.slot(key) { StateSlot(initial, graph: graph) }
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// An optional state that starts at `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// A two-way connection to a value stored elsewhere (a `@State`, a model).
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let getter: () -> Value
    let setter: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    /// A binding to the same value as `projectedValue`.
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value the binding refers to; setting it writes it through.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = self.getter, setter = self.setter
        return Binding<Subject>(get: { getter()[keyPath: keyPath] }, set: { newValue in
            var v = getter()
            v[keyPath: keyPath] = newValue
            setter(v)
        })
    }
}

/// Reads a value from the environment of the view it is declared in.
@MainActor @propertyWrapper
public struct Environment<Value>: GraphProperty {
    final class Box { var value: Value?; init() {} }
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = Box()

    /// Reads the environment value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in the view's environment (the default environment's before the
    /// view is made by a host).
    public var wrappedValue: Value {
        box.value ?? EnvironmentValues()[keyPath: keyPath]
    }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        box.value = environment[keyPath: keyPath]
    }
}
