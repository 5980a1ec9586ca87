import Foundation
import OpenCanvasDrawing

/// What accessibility modifiers on a view set.
struct AccessibilityOverrides {
    var label: Text?
    var value: Text?
    var hint: Text?
    var addTraits: AccessibilityTraits = []
    var removeTraits: AccessibilityTraits = []
    var hidden: Bool?
    var behavior: AccessibilityChildBehavior?
    var actions = AccessibilityActionSet()
    var numericValue: AccessibilityNumericValue?
    var checked: Bool?
    var enabled: Bool?
}

public struct _AccessibilityModifier: _PrimitiveViewModifier {
    let change: (inout AccessibilityOverrides) -> Void
    /// Views whose elements stand in for the view's (`accessibilityChildren`,
    /// `accessibilityRepresentation`): laid out in its frame, never drawn.
    let replacement: (@MainActor (EnvironmentValues) -> ViewNode)?
    /// Whether the replacement's elements become children of a containing element
    /// (children) or replace the view's element entirely (representation).
    let replacementIsChildren: Bool
}

extension _AccessibilityModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        let child = OpenCanvasViews.makeNode(content, environment: environment)
        if let node = child as? AccessibilityNode, replacement == nil {
            // Modifiers applied in a chain gather on one node; an outer one sets only
            // what the inner ones left unset (the innermost wins).
            change(&node.overrides)
            return node
        }
        var overrides = AccessibilityOverrides()
        change(&overrides)
        return AccessibilityNode(child: child, overrides: overrides, replacement: replacement.map { $0(environment) },
                                 replacementIsChildren: replacementIsChildren,
                                 identity: ViewGraph.current?.currentIdentity ?? "")
    }
}

final class AccessibilityNode: WrapperNode {
    var overrides: AccessibilityOverrides
    let replacement: ViewNode?
    let replacementIsChildren: Bool
    /// The view's place in the graph, which its elements' identities start from.
    let identity: String

    init(child: ViewNode, overrides: AccessibilityOverrides, replacement: ViewNode?, replacementIsChildren: Bool,
         identity: String) {
        self.overrides = overrides
        self.replacement = replacement
        self.replacementIsChildren = replacementIsChildren
        self.identity = identity
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        if let replacement {
            // Laid out like an overlay of the view, never drawn.
            let s = replacement.measure(ProposedViewSize(frame.size))
            replacement.place(in: Alignment.center.place(s, in: frame, child: replacement))
        }
    }
}

extension View {
    /// Sets the label a screen reader speaks for the view, in place of its own.
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { if $0.label == nil { $0.label = label } }
    }

    /// Sets the label a screen reader speaks for the view, from a localised string key.
    public func accessibilityLabel(_ key: LocalizedStringKey) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityLabel(Text(key))
    }

    /// Sets the label a screen reader speaks for the view, from a string used as it is.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityLabel(Text(label))
    }

    /// Sets the value a screen reader speaks for the view, after its label.
    public func accessibilityValue(_ value: Text) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { if $0.value == nil { $0.value = value } }
    }

    /// Sets the value a screen reader speaks for the view, from a localised string key.
    public func accessibilityValue(_ key: LocalizedStringKey) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityValue(Text(key))
    }

    /// Sets the value a screen reader speaks for the view, from a string used as it is.
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityValue(Text(value))
    }

    /// Sets the hint a screen reader speaks last, describing what activating the view does.
    public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { if $0.hint == nil { $0.hint = hint } }
    }

    /// Sets the hint a screen reader speaks last, from a localised string key.
    public func accessibilityHint(_ key: LocalizedStringKey) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityHint(Text(key))
    }

    /// Sets the hint a screen reader speaks last, from a string used as it is.
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityHint(Text(hint))
    }

    /// Adds traits to the view's accessibility element.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { $0.addTraits.formUnion(traits) }
    }

    /// Removes traits from the view's accessibility element.
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { $0.removeTraits.formUnion(traits) }
    }

    /// Hides the view (and what it contains) from assistive technologies.
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { if $0.hidden == nil { $0.hidden = hidden } }
    }

    /// Makes the view one accessibility element, treating its children as `children` says.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { if $0.behavior == nil { $0.behavior = children } }
    }

    /// Gives the view accessibility children made of views: laid out like ordinary
    /// views in its frame (their frames over a canvas), never drawn.
    public func accessibilityChildren<V: View>(@ViewBuilder children: () -> V) -> ModifiedContent<Self, _AccessibilityModifier> {
        let content = children()
        return ModifiedContent(content: self, modifier: _AccessibilityModifier(
            change: { if $0.behavior == nil { $0.behavior = .contain } },
            replacement: { OpenCanvasViews.makeNode(content, environment: $0) }, replacementIsChildren: true))
    }

    /// Replaces the view's accessibility with that of other views (laid out in its
    /// frame, never drawn).
    public func accessibilityRepresentation<V: View>(@ViewBuilder representation: () -> V)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        let content = representation()
        return ModifiedContent(content: self, modifier: _AccessibilityModifier(
            change: { _ in }, replacement: { OpenCanvasViews.makeNode(content, environment: $0) }, replacementIsChildren: false))
    }

    func accessibility(_ change: @escaping (inout AccessibilityOverrides) -> Void)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        ModifiedContent(content: self, modifier: _AccessibilityModifier(change: change, replacement: nil,
                                                                        replacementIsChildren: false))
    }

    /// Labels the view with what a screen reader reads for another view (a
    /// control's label that is not drawn: a slider's), unless a label is set.
    func accessibilityLabel<L: View>(readingOf label: L?) -> ModifiedContent<Self, AccessibilityLabelFromView<L>> {
        ModifiedContent(content: self, modifier: AccessibilityLabelFromView(label: label, asValue: false))
    }

    /// The value a screen reader speaks: what it reads for another view (a
    /// gauge's current value label), unless a value is set.
    func accessibilityValue<L: View>(readingOf label: L) -> ModifiedContent<Self, AccessibilityLabelFromView<L>> {
        ModifiedContent(content: self, modifier: AccessibilityLabelFromView(label: label, asValue: true))
    }
}

/// `accessibilityLabel(readingOf:)`: the label view is made (not laid out or
/// drawn) to read its elements' labels.
struct AccessibilityLabelFromView<L: View>: _PrimitiveViewModifier {
    /// `nil`: nothing to read (the modifier changes nothing).
    let label: L?
    /// Whether the reading becomes the value rather than the label.
    let asValue: Bool

    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        guard let label else { return _ViewOutputs(OpenCanvasViews.makeNode(content, environment: inputs.environment)) }
        let labelNode = OpenCanvasViews.makeNode(label, environment: inputs.environment)
        let text = accessibilityElements(labelNode).map(\.label).filter { !$0.isEmpty }.joined(separator: ", ")
        let asValue = self.asValue
        let modifier = _AccessibilityModifier(change: { overrides in
            guard !text.isEmpty else { return }
            if asValue {
                if overrides.value == nil { overrides.value = Text(verbatim: text) }
            } else if overrides.label == nil {
                overrides.label = Text(verbatim: text)
            }
        }, replacement: nil, replacementIsChildren: false)
        return modifier._makeNode(content: content, inputs: inputs)
    }
}

// MARK: - The tree

extension Text {
    /// The text as a screen reader reads it (inline images left out).
    @MainActor
    func plainString(environment: EnvironmentValues) -> String {
        let resolved = GraphicsContext.ResolvedText(text: self, environment: environment)
        var s = String.UnicodeScalarView()
        for span in resolved.spans where span.attachment == nil {
            for scalar in span.text.unicodeScalars where !(0xE000...0xF8FF).contains(scalar.value) { s.append(scalar) }
        }
        return String(s)
    }
}

/// The accessibility elements of a laid-out tree, in reading order (the order of
/// the view tree: stacks top to bottom and leading to trailing). Text and labelled
/// images are elements, shapes and canvases are not (a canvas exposes nothing of
/// what it draws); modifiers label, combine, hide or add children. Containers
/// read first, then their children.
@MainActor
package func accessibilityElements(_ node: ViewNode) -> [AccessibilityElement] {
    var flat: [AccessibilityElement] = []
    func add(_ elements: [AccessibilityElement]) {
        for e in elements {
            if !(e.isContainer && e.label.isEmpty) {
                var own = e
                own.children = []
                flat.append(own)
            }
            add(e.children)
        }
    }
    add(accessibilityTree(node))
    return flat
}

/// The accessibility elements of a laid-out tree as a tree: a labelled container
/// (`accessibilityElement(children: .contain)`, `accessibilityChildren`) holds its
/// children. Each element has an identity that stays while its view does, and
/// knows whether it has focus (`focused`: the identity of the focused view).
@MainActor
package func accessibilityTree(_ node: ViewNode, focused: String? = nil) -> [AccessibilityElement] {
    let builder = AccessibilityTreeBuilder(focused: focused)
    var tree = builder.elements(node, scope: "", depth: 0)
    // Views without an identity of their own (text in a stack) are told apart by
    // their order under the nearest view that has one.
    var seen: [String: Int] = [:]
    func number(_ elements: inout [AccessibilityElement]) {
        for i in elements.indices {
            let n = seen[elements[i].identity, default: 0]
            seen[elements[i].identity] = n + 1
            if n > 0 { elements[i].identity += "#\(n)" }
            number(&elements[i].children)
        }
    }
    number(&tree)
    return tree
}

@MainActor
private struct AccessibilityTreeBuilder {
    let focused: String?

    /// The first focusable view at or inside `node`, in tree order.
    func firstFocusable(_ node: ViewNode, depth: Int) -> FocusableNode? {
        guard depth < 4096, !(node is HiddenNode) else { return nil }
        if let f = node as? FocusableNode, f.isFocusable { return f }
        for child in node.subnodes { if let f = firstFocusable(child, depth: depth + 1) { return f } }
        return nil
    }

    func elements(_ node: ViewNode, scope: String, depth: Int) -> [AccessibilityElement] {
        // Deeper trees than this are not walked (nor are they laid out so deep).
        guard depth < 4096 else { return [] }
        switch node {
        case let text as TextNode:
            let label = text.text.plainString(environment: text.environment)
            guard !label.isEmpty else { return [] }
            var e = AccessibilityElement(label: label, traits: .isStaticText, frame: text.frame)
            e.identity = scope + "/text"
            return [e]
        case let image as ImageNode:
            guard let label = image.image.label?.plainString(environment: image.environment) else { return [] }
            var e = AccessibilityElement(label: label, traits: .isImage, frame: image.frame)
            e.identity = scope + "/image"
            return [e]
        case is HiddenNode:
            return []
        case let opacity as OpacityNode where opacity.opacity <= 0:
            return []
        case let a as AccessibilityNode:
            return elements(of: a, scope: a.identity.isEmpty ? scope : a.identity, depth: depth)
        case let f as FocusableNode:
            var inner = node.subnodes.flatMap { elements($0, scope: f.identity, depth: depth + 1) }
            guard f.isFocusable else { return inner }
            for i in inner.indices {
                inner[i].focusIdentity = f.identity
                inner[i].isFocused = f.identity == focused
            }
            return inner
        default:
            return node.subnodes.flatMap { elements($0, scope: scope, depth: depth + 1) }
        }
    }

    private func elements(of node: AccessibilityNode, scope: String, depth: Int) -> [AccessibilityElement] {
        let o = node.overrides
        if o.hidden == true { return [] }
        let environment = EnvironmentValues()
        var inner: [AccessibilityElement]
        if let replacement = node.replacement {
            inner = elements(replacement, scope: scope + "/children", depth: depth + 1)
            if node.replacementIsChildren { inner = elements(node.child, scope: scope, depth: depth + 1) + inner }
        } else {
            inner = elements(node.child, scope: scope, depth: depth + 1)
        }
        func apply(_ e: inout AccessibilityElement) {
            if let l = o.label { e.label = l.plainString(environment: environment) }
            if let v = o.value { e.value = v.plainString(environment: environment) }
            if let h = o.hint { e.hint = h.plainString(environment: environment) }
            e.traits.formUnion(o.addTraits)
            e.traits.subtract(o.removeTraits)
            e.actions = o.actions.merged(with: e.actions)
            if let n = o.numericValue { e.numericValue = n }
            if let c = o.checked { e.isChecked = c }
            if let enabled = o.enabled { e.isEnabled = e.isEnabled && enabled }
        }
        /// The focusable view the element stands for: the first inside it (a text
        /// field's, whose element ignores what is inside).
        func takeFocus(_ e: inout AccessibilityElement) {
            guard e.focusIdentity == nil, let f = firstFocusable(node.child, depth: depth + 1) else { return }
            e.focusIdentity = f.identity
            e.isFocused = f.identity == focused
        }
        /// One element made of what is inside: their actions, focus and states carry over.
        func combined(label: String, traits: AccessibilityTraits) -> AccessibilityElement {
            var e = AccessibilityElement(label: label, traits: traits, frame: node.frame)
            e.identity = scope
            takeFocus(&e)
            for i in inner {
                e.actions = e.actions.merged(with: i.actions)
                e.numericValue = e.numericValue ?? i.numericValue
                e.isChecked = e.isChecked ?? i.isChecked
                e.focusIdentity = e.focusIdentity ?? i.focusIdentity
                e.isFocused = e.isFocused || i.isFocused
                e.isEnabled = e.isEnabled && i.isEnabled
            }
            return e
        }
        let hasOverrides = o.label != nil || o.value != nil || o.hint != nil || !o.addTraits.isEmpty || !o.removeTraits.isEmpty
            || !o.actions.isEmpty || o.numericValue != nil || o.checked != nil || o.enabled != nil
        switch o.behavior?.kind {
        case .contain?:
            // The children stay elements, inside the view's own element; one
            // without a label groups them and is not read.
            var e = AccessibilityElement(label: "", frame: node.frame)
            e.identity = scope
            var children = inner
            if node.replacementIsChildren, !hasOverrides, let replacement = node.replacement {
                // `accessibilityChildren` on a view that is one element (a labelled
                // canvas): that element holds the children.
                let own = elements(node.child, scope: scope, depth: depth + 1)
                if own.count == 1, own[0].children.isEmpty {
                    e = own[0]
                    e.frame = node.frame
                    children = elements(replacement, scope: scope + "/children", depth: depth + 1)
                }
            }
            apply(&e)
            e.children = children
            e.isContainer = true
            return [e]
        case .ignore?:
            var e = AccessibilityElement(label: "", frame: node.frame)
            e.identity = scope
            takeFocus(&e)
            apply(&e)
            return [e]
        case .combine?:
            var e = combined(label: inner.map(\.label).filter { !$0.isEmpty }.joined(separator: ", "),
                             traits: inner.reduce(AccessibilityTraits()) { $0.union($1.traits) }.subtracting(.isStaticText))
            apply(&e)
            return [e]
        case nil:
            guard hasOverrides else { return inner }
            if inner.count == 1 {
                var e = inner[0]
                apply(&e)
                return [e]
            }
            // A view with no element of its own (a canvas, a shape) or several: the
            // modifiers make one element of it, as they do in SwiftUI.
            var e = combined(label: inner.map(\.label).joined(separator: ", "), traits: [])
            apply(&e)
            return [e]
        }
    }
}
