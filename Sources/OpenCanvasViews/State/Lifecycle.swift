import Foundation
import Observation
import OpenCanvasDrawing

/// Actions tied to a view's life in a host: appearing, disappearing, a value
/// changing, an async task. They run after the frame that caused them is built
/// (state they change renders in the next frame).
@MainActor
final class LifecycleRecord {
    var onAppear: [() -> Void] = []
    var onDisappear: [() -> Void] = []
    var task: (@MainActor @Sendable () async -> Void)?
}

extension ViewGraph {
    /// Registers a lifecycle record for the view being made (`key`: its identity).
    func lifecycle(_ key: String) -> LifecycleRecord { lifecycles.record(for: key) }
}

public struct _LifecycleModifier: _PrimitiveViewModifier {
    let register: @MainActor (LifecycleRecord) -> Void
}

extension _LifecycleModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        if let graph = ViewGraph.current {
            register(graph.lifecycle(graph.currentIdentity))
        }
        return OpenCanvasViews.makeNode(content, environment: environment)
    }
}

extension View {
    /// Runs `action` when the view first appears in a host's frame.
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _LifecycleModifier> {
        ModifiedContent(content: self, modifier: _LifecycleModifier { r in if let action { r.onAppear.append(action) } })
    }

    /// Runs `action` when the view is no longer in a host's frame.
    public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _LifecycleModifier> {
        ModifiedContent(content: self, modifier: _LifecycleModifier { r in if let action { r.onDisappear.append(action) } })
    }

    /// Starts `action` when the view appears and cancels it when it disappears.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void)
        -> ModifiedContent<Self, _LifecycleModifier> {
        ModifiedContent(content: self, modifier: _LifecycleModifier { r in r.task = action })
    }

    /// Runs `action` with the old and new values when `value` changes between frames
    /// (and with the value twice on appearing, when `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void)
        -> ModifiedContent<Self, _LifecycleModifier> {
        ModifiedContent(content: self, modifier: _LifecycleModifier { r in
            guard let graph = ViewGraph.current else { return }
            let box = graph.slot(graph.key("onChange")) { ChangeBox<V>() }
            if let old = box.value {
                if old != value { graph.lifecycles.deferred.append { action(old, value) } }
            } else if initial {
                graph.lifecycles.deferred.append { action(value, value) }
            }
            box.value = value
        })
    }

    /// Runs `action` when `value` changes between frames (and on appearing, when
    /// `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> ModifiedContent<Self, _LifecycleModifier> {
        onChange(of: value, initial: initial) { _, _ in action() }
    }

    /// Runs `action` with the new value when `value` changes between frames.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void)
        -> ModifiedContent<Self, _LifecycleModifier> {
        onChange(of: value, initial: false) { _, new in action(new) }
    }
}

@MainActor
final class ChangeBox<V> {
    var value: V?
    init() {}
}

/// A reference to an `@Observable` model that makes bindings to its properties.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    /// The model object.
    public var wrappedValue: Value

    /// A bindable reference to `wrappedValue`.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// A bindable reference to `value`.
    public init(_ value: Value) { self.wrappedValue = value }

    /// The bindable reference itself, so that `$model.property` makes a binding.
    public var projectedValue: Bindable<Value> { self }

    /// A binding that reads and writes the model's property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// Gives a view an explicit identity: when the value changes, the view is a new
/// view (its state starts afresh, `onAppear` runs again).
public struct _IdentityModifier: _PrimitiveViewModifier {
    let id: AnyHashable
}

extension _IdentityModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let graph = ViewGraph.current
        _ = graph?.enter(id: id)
        defer { graph?.leave() }
        return IdentifiedNode(child: OpenCanvasViews.makeNode(content, environment: environment), id: id)
    }
}

extension View {
    /// Identifies the view by `id`: a different value makes it a different view.
    public func id<ID: Hashable>(_ id: ID) -> ModifiedContent<Self, _IdentityModifier> {
        ModifiedContent(content: self, modifier: _IdentityModifier(id: AnyHashable(id)))
    }
}
