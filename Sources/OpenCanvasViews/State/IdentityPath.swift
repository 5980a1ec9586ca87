/// The structural identity of the view being made, as SwiftUI has it: the path of
/// view types and positions (or `ForEach` ids, or `.id` values) from the root. A
/// view in the same place keeps its identity across frames (and its state with it);
/// a view in another branch of an `if` is another view.
///
/// The path's arrays keep their storage from frame to frame, and a child's
/// identity string is made once and then found again (a view made again in each
/// frame, under a `TimelineView`, allocates nothing for its identity).
struct IdentityPath {
    private var path: [String] = [""]
    /// How many children each level has entered so far (a child's position).
    private var counters: [Int] = [0]
    /// Identities made so far, by parent, view type and position.
    private var made: [Child: String] = [:]

    private struct Child: Hashable {
        var parent: String
        var component: String
        var index: Int
    }

    /// Identities kept before `made` starts again empty (views come and go; the
    /// strings of those gone are not kept for ever).
    static let madeLimit = 16_384

    /// The identity of the view being made.
    var current: String { path[path.count - 1] }

    /// How many levels are entered (the root is one).
    var depth: Int { path.count }

    /// Starts again at the root ("").
    mutating func reset() {
        path.removeAll(keepingCapacity: true)
        counters.removeAll(keepingCapacity: true)
        push("")
    }

    /// Enters the next child, a view of type `component`: returns its identity.
    mutating func enter(_ component: String) -> String {
        let index = counters[counters.count - 1]
        counters[counters.count - 1] = index &+ 1
        let key = Child(parent: path[path.count - 1], component: component, index: index)
        if let known = made[key] { return push(known) }
        if made.count >= Self.madeLimit { made.removeAll(keepingCapacity: true) }
        let id = key.parent + "/" + component + "#\(index)"
        made[key] = id
        return push(id)
    }

    /// Enters a child identified by a value (`ForEach` elements, `.id`).
    mutating func enter(id value: AnyHashable) -> String {
        push(path[path.count - 1] + "/[\(value)]")
    }

    mutating func leave() {
        path.removeLast()
        counters.removeLast()
    }

    /// Goes on from `identity` as if it were the root (rebuilding a kept body);
    /// `restore(depth:)` comes back.
    mutating func reroot(at identity: String) { push(identity) }

    /// Leaves every level entered past `depth`.
    mutating func restore(depth: Int) {
        while path.count > max(1, depth) { leave() }
    }

    @discardableResult
    private mutating func push(_ id: String) -> String {
        path.append(id)
        counters.append(0)
        return id
    }

    /// Whether the view `identity` is the view `prefix` or inside it ("" is the root,
    /// which holds everything).
    static func isInside(_ identity: String, _ prefix: String) -> Bool {
        if prefix.isEmpty || identity == prefix { return true }
        // `identity` starts with `prefix + "/"`, compared without making that string.
        // (Bytes, not characters: identities are made by joining the same strings.)
        let whole = identity.utf8, start = prefix.utf8
        guard whole.count > start.count, whole.starts(with: start) else { return false }
        return whole[whole.index(whole.startIndex, offsetBy: start.count)] == UInt8(ascii: "/")
    }
}
