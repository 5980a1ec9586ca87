/// The structural identity of the view being made, as SwiftUI has it: the path of
/// view types and positions (or `ForEach` ids, or `.id` values) from the root. A
/// view in the same place keeps its identity across frames (and its state with it);
/// a view in another branch of an `if` is another view.
///
/// The path's arrays keep their storage from frame to frame, and a child's
/// identity string is made once and then found again (a view made again in each
/// frame, under a `TimelineView`, allocates nothing for its identity).
struct IdentityPath {
    /// One level of the path: the identity, a number that stands for it in the keys
    /// of the children made under it, and its hash (for `SlotKey`).
    ///
    /// Identities grow with depth (a deep tree's are hundreds of bytes), and hashing
    /// them for every child entered and every slot looked up was a fifth of a frame
    /// of a deep tree: so a child is found by its parent's number, and a slot key
    /// takes the hash made once here. A number is never given to two identities (a
    /// counter); an identity may get a second number after the tables are emptied,
    /// which costs only a miss: a child's identity is always made from its parent's
    /// identity, never from its number.
    struct Level {
        var identity: String
        var serial: Int
        var hash: Int

        init(_ identity: String, serial: Int) {
            self.identity = identity
            self.serial = serial
            hash = identity.hashValue
        }
    }

    private var path: [Level] = [Level("", serial: 0)]
    /// How many children each level has entered so far (a child's position).
    private var counters: [Int] = [0]
    /// Identities made so far, by parent, view type and position.
    private var made: [Child: Level] = [:]
    /// Identities made for values (`ForEach` elements, `.id`), by parent and value:
    /// found again by `==` on the value, as SwiftUI matches them (a value's
    /// description, which the identity shows, is made once).
    private var madeForValues: [ValueChild: Level] = [:]
    /// Levels for identities gone back to (`reroot`).
    private var rerooted: [String: Level] = [:]
    private var nextSerial = 1

    private struct Child: Hashable {
        var parent: Int
        var component: String
        var index: Int
    }

    private struct ValueChild: Hashable {
        var parent: Int
        var value: AnyHashable
    }

    /// Identities kept before the tables start again empty (views come and go; the
    /// strings of those gone are not kept for ever).
    static let madeLimit = 16_384

    /// The identity of the view being made.
    var current: String { path[path.count - 1].identity }

    /// The hash of `current` (`String.hashValue`), made once for the identity.
    var currentHash: Int { path[path.count - 1].hash }

    /// How many levels are entered (the root is one).
    var depth: Int { path.count }

    /// Starts again at the root ("").
    mutating func reset() {
        let root = path[0]
        path.removeAll(keepingCapacity: true)
        counters.removeAll(keepingCapacity: true)
        push(root)
    }

    /// Enters the next child, a view of type `component`: returns its identity.
    mutating func enter(_ component: String) -> String {
        let index = counters[counters.count - 1]
        counters[counters.count - 1] = index &+ 1
        let parent = path[path.count - 1]
        let key = Child(parent: parent.serial, component: component, index: index)
        if let known = made[key] { return push(known) }
        let level = newLevel(parent.identity + "/" + component + "#\(index)")
        made[key] = level
        return push(level)
    }

    /// Enters a child identified by a value (`ForEach` elements, `.id`).
    mutating func enter(id value: AnyHashable) -> String {
        let parent = path[path.count - 1]
        let key = ValueChild(parent: parent.serial, value: value)
        if let known = madeForValues[key] { return push(known) }
        let level = newLevel(parent.identity + "/[\(value)]")
        madeForValues[key] = level
        return push(level)
    }

    mutating func leave() {
        path.removeLast()
        counters.removeLast()
    }

    /// Goes on from `identity` as if it were the root (rebuilding a kept body);
    /// `restore(depth:)` comes back.
    mutating func reroot(at identity: String) {
        if let known = rerooted[identity] {
            push(known)
        } else {
            let level = newLevel(identity)
            rerooted[identity] = level
            push(level)
        }
    }

    /// Leaves every level entered past `depth`.
    mutating func restore(depth: Int) {
        while path.count > max(1, depth) { leave() }
    }

    /// A level with a number of its own, emptying the tables first when they are full.
    private mutating func newLevel(_ identity: String) -> Level {
        if made.count + madeForValues.count + rerooted.count >= Self.madeLimit {
            made.removeAll(keepingCapacity: true)
            madeForValues.removeAll(keepingCapacity: true)
            rerooted.removeAll(keepingCapacity: true)
        }
        defer { nextSerial &+= 1 }
        return Level(identity, serial: nextSerial)
    }

    @discardableResult
    private mutating func push(_ level: Level) -> String {
        path.append(level)
        counters.append(0)
        return level.identity
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
