/// The structural identity of the view being made, as SwiftUI has it: the path of
/// view types and positions (or `ForEach` ids, or `.id` values) from the root. A
/// view in the same place keeps its identity across frames (and its state with it);
/// a view in another branch of an `if` is another view.
struct IdentityPath {
    private var path: [String] = [""]
    /// How many children each level has entered so far (a child's position).
    private var counters: [Int] = [0]

    /// The identity of the view being made.
    var current: String { path[path.count - 1] }

    /// Starts again at `identity` (the root is "").
    init(at identity: String = "") {
        path = [identity]
    }

    /// Enters the next child, a view of type `component`: returns its identity.
    mutating func enter(_ component: String) -> String {
        let index = counters[counters.count - 1]
        counters[counters.count - 1] += 1
        return push(path[path.count - 1] + "/" + component + "#\(index)")
    }

    /// Enters a child identified by a value (`ForEach` elements, `.id`).
    mutating func enter(id value: AnyHashable) -> String {
        push(path[path.count - 1] + "/[\(value)]")
    }

    mutating func leave() {
        path.removeLast()
        counters.removeLast()
    }

    private mutating func push(_ id: String) -> String {
        path.append(id)
        counters.append(0)
        return id
    }

    /// Whether the view `identity` is the view `prefix` or inside it ("" is the root,
    /// which holds everything).
    static func isInside(_ identity: String, _ prefix: String) -> Bool {
        prefix.isEmpty || identity == prefix || identity.hasPrefix(prefix + "/")
    }
}
