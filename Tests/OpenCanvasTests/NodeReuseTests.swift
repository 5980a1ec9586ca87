import Testing
import Foundation
import OpenCanvas
import OpenCanvasViews

/// Views made again in every frame (a `TimelineView`'s content) take back the node
/// their predecessor made (`ViewGraph.reusableNode`): the same node, the new
/// view's values.
@MainActor
@Suite("Nodes taken back by views made again")
struct NodeReuseTests {
    let start = Date(timeIntervalSinceReferenceDate: 1_000)

    /// The leaves of a node tree (views without subnodes), in drawing order.
    func leaves(_ node: ViewNode) -> [ObjectIdentifier] {
        let children = node.subnodes
        if children.isEmpty { return [ObjectIdentifier(node)] }
        return children.flatMap(leaves)
    }

    /// Every node of a tree, parents first.
    func nodes(_ node: ViewNode) -> [ObjectIdentifier] {
        [ObjectIdentifier(node)] + node.subnodes.flatMap(nodes)
    }

    /// Builds, lays out and records one frame of `tree` at `date`.
    func frame(_ tree: ViewTree, at date: Date) {
        tree.graph.advanceTimelines(to: date)
        _ = tree.update(size: CGSize(width: 40, height: 20), environment: EnvironmentValues(), date: date)
    }

    // (That the canvas draws with the newest renderer in each frame is
    // `TimelineTests.headlessFrames`.)
    @Test("a timeline's canvas and its gesture keep their nodes from frame to frame")
    func canvasUnderTimeline() {
        let start = self.start
        let tree = ViewTree {
            TimelineView(.periodic(from: start, by: 1)) { context in
                Canvas { c, _ in c.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.red)) }
                    .onTapGesture { _ = context.date }
            }
        }
        frame(tree, at: start)
        let first = nodes(tree.root!)
        #expect(first.count >= 3)
        for s in 1...3 {
            frame(tree, at: start.addingTimeInterval(Double(s)))
            #expect(nodes(tree.root!) == first, "frame \(s): the nodes are those the first frame made")
        }
    }

    @Test("views with one identity (duplicate ForEach ids) get a node each")
    func duplicateIdentities() {
        let start = self.start
        let tree = ViewTree {
            TimelineView(.periodic(from: start, by: 1)) { _ in
                HStack(spacing: 0) {
                    ForEach([1, 1], id: \.self) { _ in
                        Canvas { c, size in c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.blue)) }
                            .frame(width: 20, height: 20)
                    }
                }
            }
        }
        for s in 0...2 {
            frame(tree, at: start.addingTimeInterval(Double(s)))
            let nodes = leaves(tree.root!)
            #expect(nodes.count == 2 && Set(nodes).count == 2, "frame \(s)")
        }
        let host = HeadlessHost(size: CGSize(width: 40, height: 20)) {
            TimelineView(.periodic(from: start, by: 1)) { _ in
                HStack(spacing: 0) {
                    ForEach([1, 1], id: \.self) { _ in
                        Canvas { c, size in c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.blue)) }
                            .frame(width: 20, height: 20)
                    }
                }
            }
        }
        host.date = start
        _ = host.render()
        host.advance(by: 2)
        let bytes = host.render().rgbaBytes()
        #expect(bytes[(10 * 40 + 5) * 4 + 2] == 255 && bytes[(10 * 40 + 35) * 4 + 2] == 255)   // both drawn
    }

    @Test("a tap on a view made again in every frame runs the action of the frame shown")
    func tapRunsNewestAction() {
        let start = self.start
        var tapped: [Double] = []
        let host = HeadlessHost(size: CGSize(width: 40, height: 20)) {
            TimelineView(.periodic(from: start, by: 1)) { context in
                Canvas { c, size in c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.gray)) }
                    .onTapGesture { location in tapped.append(context.date.timeIntervalSince(start) * 100 + location.x) }
            }
        }
        host.date = start
        _ = host.render()
        host.tap(at: CGPoint(x: 3, y: 3))
        host.advance(by: 2)
        host.tap(at: CGPoint(x: 7, y: 3))
        host.advance(by: 1)
        _ = host.render()
        host.tap(at: CGPoint(x: 9, y: 3))
        #expect(tapped == [3, 207, 309])
    }

    @Test("a drag under way goes on across frames that make its view again, with the newest actions")
    func dragAcrossFrames() {
        let start = self.start
        var changes: [(frame: Double, x: CGFloat)] = []
        var ended: [(frame: Double, x: CGFloat)] = []
        let host = HeadlessHost(size: CGSize(width: 40, height: 20)) {
            TimelineView(.periodic(from: start, by: 1)) { context in
                let frame = context.date.timeIntervalSince(start)
                Canvas { c, size in c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.gray)) }
                    .gesture(DragGesture(minimumDistance: 0)
                        .onChanged { changes.append((frame, $0.translation.width)) }
                        .onEnded { ended.append((frame, $0.translation.width)) })
            }
        }
        host.date = start
        _ = host.render()
        host.pointerDown(at: CGPoint(x: 5, y: 5))
        host.advance(by: 1)
        _ = host.render()
        host.pointerMove(to: CGPoint(x: 12, y: 5))
        host.advance(by: 1)
        _ = host.render()
        host.pointerUp(at: CGPoint(x: 20, y: 5))
        // (Lifting the pointer elsewhere than its last place moves it there first.)
        #expect(changes.map(\.frame) == [0, 1, 2] && changes.map(\.x) == [0, 7, 15])
        #expect(ended.count == 1 && ended.first?.frame == 2 && ended.first?.x == 15)
    }

    @Test("a gesture disabled in a later frame stops recognizing, and recognizes again when enabled")
    func disabledInLaterFrame() {
        let start = self.start
        var taps = 0
        let host = HeadlessHost(size: CGSize(width: 40, height: 20)) {
            TimelineView(.periodic(from: start, by: 1)) { context in
                Canvas { c, size in c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.gray)) }
                    .onTapGesture { taps += 1 }
                    .disabled(Int(context.date.timeIntervalSince(start)) % 2 == 1)
            }
        }
        host.date = start
        _ = host.render()
        host.tap(at: CGPoint(x: 5, y: 5))                       // frame 0: enabled
        host.advance(by: 1)
        _ = host.render()
        host.tap(at: CGPoint(x: 25, y: 5))                      // frame 1: disabled
        host.advance(by: 1)
        _ = host.render()
        host.tap(at: CGPoint(x: 5, y: 15))                      // frame 2: enabled
        #expect(taps == 2)
    }
}
