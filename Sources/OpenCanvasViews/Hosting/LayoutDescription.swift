import Foundation
import OpenCanvasDrawing

/// The frames of a laid-out view tree as text, one node per line, indented by
/// depth: what a layout snapshot stores and compares.
///
///     Stack (0, 0, 200 × 100)
///       Text (10, 40, 52 × 20)
///
/// A node is named by its kind (a stack, a frame, a text); a view with a body by
/// its type's name. Nodes with one child and no layout of their own (environment
/// changes, gestures, accessibility) are folded into the child, so the text
/// follows what a reader of the code sees.
@MainActor
package enum LayoutDescription {
    package static func of(_ root: ViewNode) -> String {
        var lines: [String] = []
        describe(root, depth: 0, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ node: ViewNode, depth: Int, into lines: inout [String]) {
        guard depth < 256 else { return }
        let children = node.subnodes
        var name = kindName(of: node)
        if let body = node as? BodyNode { name = bodyName(body.identity) }
        let folded = name.isEmpty && children.count == 1
        if folded {
            describe(children[0], depth: depth, into: &lines)
            return
        }
        lines.append(String(repeating: "  ", count: depth) + (name.isEmpty ? "View" : name) + " " + frameText(node.frame))
        // A control's insides are how OpenCanvas draws it, not the user's layout.
        if let body = node as? BodyNode, body.isControl { return }
        for child in children { describe(child, depth: depth + 1, into: &lines) }
    }

    /// The node class's name without generic arguments and without `Node`; empty
    /// for bookkeeping nodes.
    private static func kindName(of node: ViewNode) -> String {
        var name = String(describing: type(of: node))
        if let i = name.firstIndex(of: "<") { name = String(name[..<i]) }
        if name.hasSuffix("Node") { name.removeLast(4) }
        if name.hasSuffix("NodeView") { name.removeLast(8) }
        return folded.contains(name) ? "" : name
    }

    /// Nodes with no layout of their own: environment changes, lists of views,
    /// preferences, tags, gestures, accessibility, hit-testing shapes, transitions
    /// (a view that can animate in or out), the root that holds presentations,
    /// identified views (what `scrollTo` finds).
    private static let folded: Set<String> = ["Environment", "Tuple", "Preference", "Tag", "Wrapper", "Gesture", "AttachedGesture",
                                              "Accessibility", "ContentShape", "HitTestingSwitch", "Transition",
                                              "PresentationRoot", "Identified"]

    /// A body's view type, from the last component of its identity path.
    private static func bodyName(_ identity: String) -> String {
        let last = identity.split(separator: "/").last.map(String.init) ?? identity
        var name = last
        if let i = name.firstIndex(of: "<") { name = String(name[..<i]) }
        if let i = name.firstIndex(of: "#") { name = String(name[..<i]) }
        if let i = name.firstIndex(of: "~") { name = String(name[..<i]) }
        return name == "HostRoot" ? "" : name
    }

    private static func frameText(_ r: CGRect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.width)) × \(number(r.height)))"
    }

    /// At most two decimals, no trailing zeros: stable across runs.
    private static func number(_ v: CGFloat) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return "\(v)" }
        let rounded = (v * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var s = String(format: "%.2f", Double(rounded))
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

