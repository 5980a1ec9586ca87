import Testing
@testable import OpenCanvasViews

/// The identity path's bookkeeping: identities made once and found again, rerooting
/// and coming back, and the containment test that invalidation relies on.
@Suite("Identity paths: made once, rerooted, contained")
struct IdentityPathTests {
    @Test("a child's identity is its parent's, its type and position; the same place gives the same string")
    func childIdentities() {
        var path = IdentityPath()
        let a = path.enter("VStack")
        let b = path.enter("Text")
        path.leave()
        let c = path.enter("Text")
        path.leave(); path.leave()
        #expect(a == "/VStack#0")
        #expect(b == "/VStack#0/Text#0")
        #expect(c == "/VStack#0/Text#1")
        path.reset()
        #expect(path.enter("VStack") == a)
        #expect(path.enter("Text") == b)
        #expect(path.current == b)
    }

    @Test("rerooting goes on from an identity and comes back to where it was, counters included")
    func rerooting() {
        var path = IdentityPath()
        _ = path.enter("Root")
        _ = path.enter("A")
        path.leave()
        let depth = path.depth
        path.reroot(at: "/Kept#3")
        #expect(path.enter("Canvas") == "/Kept#3/Canvas#0")
        path.restore(depth: depth)
        #expect(path.current == "/Root#0")
        #expect(path.enter("B") == "/Root#0/B#1")
    }

    @Test("inside means the same view or below it, not a sibling whose name starts alike")
    func containment() {
        #expect(IdentityPath.isInside("/a#0/b#1", ""))
        #expect(IdentityPath.isInside("/a#0", "/a#0"))
        #expect(IdentityPath.isInside("/a#0/b#1", "/a#0"))
        #expect(!IdentityPath.isInside("/a#0b", "/a#0"))
        #expect(!IdentityPath.isInside("/a#1", "/a#10"))
        #expect(!IdentityPath.isInside("/a#10", "/a#1"))
        #expect(!IdentityPath.isInside("/a", "/a#0"))
        #expect(IdentityPath.isInside("/é#0/[ü]", "/é#0"))
    }

    @Test("a value's child is found by its parent and the value; its own children by their parent's number")
    func valueChildren() {
        var path = IdentityPath()
        _ = path.enter("ForEach")
        let row = path.enter(id: AnyHashable(42))
        let text = path.enter("Text")
        path.reset()
        _ = path.enter("ForEach")
        #expect(path.enter(id: AnyHashable(42)) == row)
        #expect(path.enter("Text") == text)
        #expect(row == "/ForEach#0/[42]")
        #expect(text == "/ForEach#0/[42]/Text#0")
        // Another value is another identity; the hash is the identity's own.
        path.leave(); path.leave()
        #expect(path.enter(id: AnyHashable("a")) == "/ForEach#0/[a]")
        #expect(path.currentHash == "/ForEach#0/[a]".hashValue)
    }

    @Test("past the table limit the tables start again, and every place keeps its identity string")
    func tablesStartAgain() {
        var path = IdentityPath()
        func walk(_ path: inout IdentityPath, rows: Range<Int>) -> [String] {
            path.reset()
            _ = path.enter("List")
            var out: [String] = []
            for r in rows {
                _ = path.enter(id: AnyHashable(r))
                out.append(path.enter("Row"))
                path.leave(); path.leave()
            }
            return out
        }
        let first = walk(&path, rows: 0..<100)
        // Enough distinct rows to fill the tables several times over.
        _ = walk(&path, rows: 100..<(100 + 3 * IdentityPath.madeLimit))
        #expect(walk(&path, rows: 0..<100) == first)
        path.reroot(at: first[7])
        #expect(path.current == first[7] && path.currentHash == first[7].hashValue)
        #expect(path.enter("Text") == first[7] + "/Text#0")
    }

    @Test("a slot key made with the identity's known hash is the key made from the identity")
    func slotKeys() {
        let made = SlotKey("/A#0/B#1", "count")
        let known = SlotKey("/A#0/B#1", identityHash: "/A#0/B#1".hashValue, "count")
        #expect(made == known && made.hashValue == known.hashValue)
        let keys: Set<SlotKey> = [made, made.animation, SlotKey("/A#0/B#1", "offset"), SlotKey("/A#0/B#2", "count")]
        #expect(keys.count == 4)
        #expect(keys.contains(known) && keys.contains(known.animation))
        #expect(!keys.contains(SlotKey("/A#0", "count")))
    }
}
