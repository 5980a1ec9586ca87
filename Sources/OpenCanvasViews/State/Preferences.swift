import Foundation
import OpenCanvasDrawing

/// A named value that views produce for their ancestors (`preference(key:value:)`),
/// read with `onPreferenceChange`.
public protocol PreferenceKey {
    /// The type of the preference's value.
    associatedtype Value
    /// The value when no view produces one.
    static var defaultValue: Value { get }
    /// Combines the values of sibling views, in their order: `value` holds those
    /// so far, `nextValue` gives the next.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// `preference(key:value:)`: the view's value for `Key`, replacing any its
/// descendants produce.
public struct _PreferenceWritingModifier<Key: PreferenceKey>: _PrimitiveViewModifier {
    let value: Key.Value

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(PreferenceNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                    key: ObjectIdentifier(Key.self), value: value))
    }
}

final class PreferenceNode: WrapperNode {
    let key: ObjectIdentifier
    private(set) var value: Any
    /// For a value made from the view's frame (anchor preferences): run when the
    /// node is placed, with its frame in root coordinates and the node.
    let resolve: ((CGRect, PreferenceNode) -> Any)?

    init(child: ViewNode, key: ObjectIdentifier, value: Any, resolve: ((CGRect, PreferenceNode) -> Any)? = nil) {
        self.key = key
        self.value = value
        self.resolve = resolve
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        if let resolve { value = resolve(frame, self) }
    }
}

/// The value of `Key` that the views under `node` produce: the preferences found
/// depth first, siblings combined with `Key.reduce` in their order (a view's own
/// preference hides its descendants'); `defaultValue` when there is none.
@MainActor
func preferenceValue<Key: PreferenceKey>(_ key: Key.Type, under node: ViewNode) -> Key.Value {
    var values: [Key.Value] = []
    // Keys whose modifiers add up (`toolbar` twice on a view: both items) go on
    // inside a node that sets them; others stop there.
    let merges = Key.self is any MergingPreferenceKey.Type
    func visit(_ n: ViewNode) {
        if let p = n as? PreferenceNode, p.key == ObjectIdentifier(Key.self), let v = p.value as? Key.Value {
            guard merges else {
                values.append(v)
                return
            }
            // The inner modifiers' values first: they were written first.
            for child in n.subnodes { visit(child) }
            values.append(v)
            return
        }
        for child in n.subnodes { visit(child) }
    }
    visit(node)
    guard var value = values.first else { return Key.defaultValue }
    for next in values.dropFirst() { Key.reduce(value: &value, nextValue: { next }) }
    return value
}

/// A preference whose values, set on a view and on views inside it, combine
/// (a view's own does not hide its descendants').
protocol MergingPreferenceKey: PreferenceKey {}

/// `onPreferenceChange(_:perform:)`: after each frame whose laid-out views produce
/// another value for `Key` than the last frame's (and after the first), `action`
/// runs with it, as `onChange` actions do. In a host only.
public struct _PreferenceChangeModifier<Key: PreferenceKey>: _PrimitiveViewModifier where Key.Value: Equatable {
    let action: (Key.Value) -> Void

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let last = ViewGraph.current.map { graph in graph.slot(graph.key("onPreferenceChange")) { LastReported<Key.Value>() } }
        return _ViewOutputs(PreferenceObserverNode<Key>(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                                        action: action, last: last))
    }
}

final class PreferenceObserverNode<Key: PreferenceKey>: WrapperNode where Key.Value: Equatable {
    let action: (Key.Value) -> Void
    let last: LastReported<Key.Value>?

    init(child: ViewNode, action: @escaping (Key.Value) -> Void, last: LastReported<Key.Value>?) {
        self.action = action
        self.last = last
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        // Read after placement: views made at placement (geometry readers) count.
        guard let last, let graph = ViewGraph.current else { return }
        let value = preferenceValue(Key.self, under: child)
        let action = self.action
        last.report(value, in: graph) { _, new in action(new) }
    }
}

extension View {
    /// Sets the view's value for a preference key.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value)
        -> ModifiedContent<Self, _PreferenceWritingModifier<K>> {
        ModifiedContent(content: self, modifier: _PreferenceWritingModifier(value: value))
    }

    /// Runs `action` when the value the view's descendants produce for `key` changes.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void)
        -> ModifiedContent<Self, _PreferenceChangeModifier<K>> where K.Value: Equatable {
        ModifiedContent(content: self, modifier: _PreferenceChangeModifier(action: action))
    }
}
