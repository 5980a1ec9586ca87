import Foundation
import OpenCanvasDrawing

/// A value that says which view has keyboard focus, for the views bound to it with
/// `focused(_:)` or `focused(_:equals:)`:
///
///     @FocusState private var isEditing: Bool
///     …
///     Canvas { … }.focusable().focused($isEditing).onKeyPress(.space) { … }
///     .onAppear { isEditing = true }
///
/// Setting it moves focus to the view bound with that value (or takes focus away
/// from them: `false`, `nil`); focus moved otherwise (Tab, another binding) sets it.
@MainActor @propertyWrapper
public struct FocusState<Value: Hashable>: GraphProperty {
    let link: StateLink<Value>
    /// The value that means "none of these views has focus".
    let blank: Value

    /// A Boolean focus state: `true` while the bound view has focus.
    public init() where Value == Bool {
        link = StateLink(false)
        blank = false
    }

    /// An optional focus state: the value of the bound view that has focus, or `nil`.
    public init<T: Hashable>() where Value == T? {
        link = StateLink(nil)
        blank = nil
    }

    /// Which bound view has focus; setting it moves focus there.
    public var wrappedValue: Value {
        get { link.slot?.value ?? link.local }
        nonmutating set {
            guard let slot = link.slot else { link.local = newValue; return }
            slot.value = newValue
            slot.graph?.focus.request(slot: ObjectIdentifier(slot), value: newValue == blank ? nil : AnyHashable(newValue))
        }
    }

    /// The binding `focused(_:)` and `focused(_:equals:)` take.
    public var projectedValue: Binding { Binding(state: self) }

    /// A focus state as `focused` modifiers take it.
    @MainActor @propertyWrapper
    public struct Binding {
        let state: FocusState<Value>

        /// Which bound view has focus; setting it moves focus there.
        public var wrappedValue: Value {
            get { state.wrappedValue }
            nonmutating set { state.wrappedValue = newValue }
        }

        /// The binding itself.
        public var projectedValue: Binding { self }

        /// How a bound view reads and writes the state: `value` means it has focus.
        func reference(for value: Value) -> FocusBindingReference? {
            guard let slot = state.link.slot else { return nil }
            let blank = state.blank
            return FocusBindingReference(slot: ObjectIdentifier(slot), value: AnyHashable(value)) { focused in
                if focused {
                    if slot.peek != value { slot.value = value }
                } else if slot.peek == value {
                    slot.value = blank
                }
            }
        }
    }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        guard let graph else { return }
        let initial = link.local
        link.slot = graph.slot(key) { StateSlot(initial, graph: graph) }
    }
}

/// A bound view's link to its focus state.
struct FocusBindingReference {
    let slot: ObjectIdentifier
    /// The state's value while the view has focus.
    let value: AnyHashable
    /// Writes the state: the view got focus (`true`) or lost it.
    let assign: @MainActor (Bool) -> Void
}

extension View {
    /// Lets the view take keyboard focus (Tab reaches it; `focused` bindings can
    /// give it focus); key presses then go to it and the views around it.
    public func focusable(_ isFocusable: Bool = true) -> ModifiedContent<Self, _FocusableModifier> {
        ModifiedContent(content: self, modifier: _FocusableModifier(isFocusable: isFocusable))
    }

    /// Binds the focus of the focusable view here (this view, or the first
    /// focusable one inside it) to a Boolean focus state.
    public func focused(_ condition: FocusState<Bool>.Binding) -> ModifiedContent<Self, _FocusBindingModifier> {
        ModifiedContent(content: self, modifier: _FocusBindingModifier(reference: { condition.reference(for: true) }))
    }

    /// Binds the focus of the focusable view here to `value` of a focus state: the
    /// state is `value` while it has focus.
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value)
        -> ModifiedContent<Self, _FocusBindingModifier> {
        ModifiedContent(content: self, modifier: _FocusBindingModifier(reference: { binding.reference(for: value) }))
    }
}

/// `focusable(_:)`.
public struct _FocusableModifier: _PrimitiveViewModifier {
    let isFocusable: Bool

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let identity = ViewGraph.current?.currentIdentity ?? ""
        var inner = inputs.environment
        let focusable = isFocusable && inputs.environment.isEnabled
        if focusable, let focus = ViewGraph.current?.focus, focus.focused == identity { inner.isFocused = true }
        return _ViewOutputs(FocusableNode(child: OpenCanvasViews.makeNode(content, environment: inner),
                                          identity: identity, isFocusable: focusable))
    }
}

/// `focused(_:)` and `focused(_:equals:)`.
public struct _FocusBindingModifier: _PrimitiveViewModifier {
    let reference: @MainActor () -> FocusBindingReference?

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(FocusBindingNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                      reference: reference()))
    }
}

/// A view that can take focus.
final class FocusableNode: WrapperNode {
    /// The view's place in the graph: the same view across frames.
    let identity: String
    let isFocusable: Bool

    init(child: ViewNode, identity: String, isFocusable: Bool) {
        self.identity = identity
        self.isFocusable = isFocusable
        super.init(child: child)
    }
}

/// A focus state bound to the focusable view at or inside it.
final class FocusBindingNode: WrapperNode {
    let reference: FocusBindingReference?

    init(child: ViewNode, reference: FocusBindingReference?) {
        self.reference = reference
        super.init(child: child)
    }
}

/// Which view has focus, across frames: moved by focus states set in code, by
/// Tab, and lost when the view goes away.
@MainActor
package final class FocusTracker {
    /// The identity of the focused view, if any.
    package private(set) var focused: String?
    /// The focus states bound to the focused view (set to their blank value if the
    /// view goes away).
    private var focusedBindings: [FocusBindingReference] = []
    /// A focus state set in code since the last frame: the value asked for (nil:
    /// none of its views).
    private var pending: (slot: ObjectIdentifier, value: AnyHashable?)?
    weak var graph: ViewGraph?
    /// Called when focus moves: `isFocused` is read from the environment views
    /// were made with, so the host builds its views again.
    package var onFocusChange: (@MainActor () -> Void)?

    init() {}

    func request(slot: ObjectIdentifier, value: AnyHashable?) {
        pending = (slot, value)
        graph?.invalidate()
    }

    /// A focusable view in tree order, with the focus states bound to it.
    struct Target {
        let node: FocusableNode
        var bindings: [FocusBindingReference]
    }

    /// The focusable views of a laid-out tree, in order (depth first); a binding
    /// goes to the focusable view it is on, or to the first one inside it.
    static func targets(_ root: ViewNode) -> [Target] {
        var targets: [Target] = []
        func visit(_ node: ViewNode, unowned: [FocusBindingReference], owner: Int?, depth: Int) {
            // Hidden views (a tab not shown) and views that take no touches (the
            // page under a pushed one) take no focus either.
            guard depth < 4096, !(node is HiddenNode), node.allowsHits else { return }
            var unowned = unowned, owner = owner
            if let b = node as? FocusBindingNode, let reference = b.reference {
                if let owner { targets[owner].bindings.append(reference) } else { unowned.append(reference) }
            }
            if let f = node as? FocusableNode, f.isFocusable {
                targets.append(Target(node: f, bindings: unowned))
                unowned = []
                owner = targets.count - 1
            }
            for child in node.subnodes { visit(child, unowned: unowned, owner: owner, depth: depth + 1) }
        }
        visit(root, unowned: [], owner: nil, depth: 0)
        return targets
    }

    /// After a frame: carries out a focus state set in code, and drops focus from
    /// a view that is gone.
    package func resolve(root: ViewNode?) {
        // Nothing asked for and nothing focused: no walk of the tree.
        guard let root, pending != nil || focused != nil else { return }
        let targets = Self.targets(root)
        if let request = pending {
            pending = nil
            if let value = request.value {
                if let target = targets.first(where: { $0.bindings.contains { $0.slot == request.slot && $0.value == value } }) {
                    set(target, in: targets)
                }
            } else if let current = targets.first(where: { $0.node.identity == focused }),
                      current.bindings.contains(where: { $0.slot == request.slot }) {
                set(nil, in: targets)
            }
        }
        if let focused, !targets.contains(where: { $0.node.identity == focused }) {
            self.focused = nil
            focusedBindings.forEach { $0.assign(false) }
            focusedBindings = []
        }
    }

    /// Moves focus to the next focusable view (the previous one with `backward`),
    /// round from the end to the start; from none, the first (or last).
    package func move(root: ViewNode?, backward: Bool) {
        guard let root else { return }
        let targets = Self.targets(root)
        guard !targets.isEmpty else { return }
        let index = targets.firstIndex { $0.node.identity == focused }
        let next: Int
        if let index {
            next = backward ? (index + targets.count - 1) % targets.count : (index + 1) % targets.count
        } else {
            next = backward ? targets.count - 1 : 0
        }
        set(targets[next], in: targets)
    }

    /// Gives focus to the focusable view with `identity` (an assistive
    /// technology's "grab focus"); returns whether there is one.
    package func focus(identity: String, root: ViewNode?) -> Bool {
        guard let root else { return false }
        let targets = Self.targets(root)
        guard let target = targets.first(where: { $0.node.identity == identity }) else { return false }
        set(target, in: targets)
        return true
    }

    private func set(_ target: Target?, in targets: [Target]) {
        guard target?.node.identity != focused else {
            target?.bindings.forEach { $0.assign(true) }
            focusedBindings = target?.bindings ?? []
            return
        }
        if let old = targets.first(where: { $0.node.identity == focused }) { old.bindings.forEach { $0.assign(false) } }
        focused = target?.node.identity
        focusedBindings = target?.bindings ?? []
        target?.bindings.forEach { $0.assign(true) }
        onFocusChange?()
    }

    /// The key press handlers that hear a press, innermost first: those on the
    /// focused view (down its chain of single-child wrappers) and around it.
    package func keyHandlers(root: ViewNode?) -> [KeyPressNode] {
        guard let root, let focused else { return [] }
        var path: [ViewNode] = []
        func find(_ node: ViewNode, depth: Int) -> Bool {
            guard depth < 4096 else { return false }
            path.append(node)
            if let f = node as? FocusableNode, f.identity == focused { return true }
            for child in node.subnodes where find(child, depth: depth + 1) { return true }
            path.removeLast()
            return false
        }
        guard find(root, depth: 0) else { return [] }
        var handlers: [KeyPressNode] = []
        var inner = path.last?.subnodes ?? []
        var below: [KeyPressNode] = []
        while inner.count == 1, let node = inner.first {
            if let k = node as? KeyPressNode { below.append(k) }
            if node is FocusableNode { break }
            inner = node.subnodes
        }
        handlers.append(contentsOf: below.reversed())
        for node in path.reversed() { if let k = node as? KeyPressNode { handlers.append(k) } }
        return handlers
    }
}
