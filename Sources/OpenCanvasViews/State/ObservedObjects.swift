import Foundation
import Combine
import OpenCanvasDrawing

/// A view's subscription to an observable object: the view's body is evaluated
/// again after the object announces a change (`objectWillChange`, from any thread).
@MainActor
final class ObjectSubscription {
    private weak var object: AnyObject?
    private var cancellable: AnyCancellable?

    func observe<O: ObservableObject>(_ o: O, reader: String, graph: ViewGraph) {
        if object === o, cancellable != nil { return }
        object = o
        cancellable = o.objectWillChange.sink { [weak graph] _ in graph?.mark(reader) }
    }
}

/// The object a `@StateObject` made, kept for as long as its view.
@MainActor
final class StateObjectSlot<ObjectType: ObservableObject> {
    let object: ObjectType
    let subscription = ObjectSubscription()
    init(_ object: ObjectType) { self.object = object }
}

/// Bindings to the properties of an observable object (`$model.name`).
@MainActor @dynamicMemberLookup
public struct ObservableObjectBindings<ObjectType: ObservableObject> {
    let root: ObjectType

    /// A binding that reads and writes the object's property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        let root = self.root
        return Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
    }
}

/// An observable object that a view is given (and does not own): the view is
/// drawn again when the object changes.
@MainActor @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: GraphProperty {
    /// What `$object` gives: bindings to the object's properties.
    public typealias Wrapper = ObservableObjectBindings<ObjectType>
    /// The observed object.
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// Observes `initialValue`.
    public init(initialValue: ObjectType) { self.init(wrappedValue: initialValue) }

    /// Bindings to the object's properties (`$model.name`).
    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        guard let graph else { return }
        graph.slot(key) { ObjectSubscription() }.observe(wrappedValue, reader: key.identity, graph: graph)
    }
}

/// An observable object that a view owns: made once, the first time the view is
/// made in a place, and kept while the view stays there (as `@State` is); the
/// view is drawn again when the object changes. Outside a host, each view value
/// makes its own object the first time it is read.
@MainActor @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: GraphProperty {
    final class Box {
        let make: () -> ObjectType
        var object: ObjectType?
        init(_ make: @escaping () -> ObjectType) { self.make = make }
    }
    let box: Box

    /// An object made by `thunk`: it is called once, when the view is first made in its
    /// place (or first read, outside a host), not each time the view value is created.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        box = Box(thunk)
    }

    /// The object the view owns.
    public var wrappedValue: ObjectType {
        if let o = box.object { return o }
        let o = box.make()
        box.object = o
        return o
    }

    /// Bindings to the object's properties (`$model.name`).
    public var projectedValue: ObservableObjectBindings<ObjectType> { ObservableObjectBindings(root: wrappedValue) }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        guard let graph else { return }
        let box = self.box
        let slot = graph.slot(key) { StateObjectSlot(box.object ?? box.make()) }
        box.object = slot.object
        slot.subscription.observe(slot.object, reader: key.identity, graph: graph)
    }
}

/// The observable objects put into the environment with `environmentObject(_:)`,
/// by type.
struct EnvironmentObjectsKey: EnvironmentKey {
    static var defaultValue: [ObjectIdentifier: AnyObject] { [:] }
}

extension EnvironmentValues {
    var environmentObjects: [ObjectIdentifier: AnyObject] {
        get { self[EnvironmentObjectsKey.self] }
        set { self[EnvironmentObjectsKey.self] = newValue }
    }
}

/// An observable object that an ancestor put into the environment
/// (`environmentObject(_:)`), found by its type; the view is drawn again when it
/// changes.
@MainActor @propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: GraphProperty {
    final class Box { var strong: ObjectType?; init() {} }
    let box = Box()

    /// Reads the object of type `ObjectType` that an ancestor put into the environment.
    public init() {}

    /// The object. As in SwiftUI, reading it when no ancestor provided one is a
    /// programming error that stops the program with SwiftUI's message: there is
    /// no object to return.
    public var wrappedValue: ObjectType {
        guard let object = box.strong else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for "
                       + "\(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    /// Bindings to the object's properties (`$model.name`); like `wrappedValue`, a
    /// programming error when no ancestor provided the object.
    public var projectedValue: ObservableObjectBindings<ObjectType> { ObservableObjectBindings(root: wrappedValue) }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        box.strong = environment.environmentObjects[ObjectIdentifier(ObjectType.self)] as? ObjectType
        guard let graph, let object = box.strong else { return }
        graph.slot(key) { ObjectSubscription() }.observe(object, reader: key.identity, graph: graph)
    }
}

extension View {
    /// Supplies an observable object to the view's descendants (`@EnvironmentObject`).
    public func environmentObject<T: ObservableObject>(_ object: T)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<AnyObject?>> {
        environment(\.environmentObjects[ObjectIdentifier(T.self)], object)
    }
}
