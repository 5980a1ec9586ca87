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
}
