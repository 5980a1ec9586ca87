import Testing
import Foundation
import OpenCanvas
@testable import OpenCanvasViews
import RenderTesting

/// Lays a view out as a root of `size` (proposed that size, centred in it, as a
/// window centres its content) and returns the root node.
@MainActor
func layOut<V: View>(_ view: V, in size: CGSize, environment: EnvironmentValues = EnvironmentValues()) -> ViewNode {
    let node = makeNode(view, environment: environment)
    let s = node.measure(ProposedViewSize(size))
    node.place(in: CGRect(x: (size.width - s.width) / 2, y: (size.height - s.height) / 2, width: s.width, height: s.height))
    return node
}

/// The frames of the nodes that draw (shapes, colours, text, images, canvases,
/// dividers), in drawing order.
@MainActor
func leafFrames(_ node: ViewNode) -> [CGRect] {
    switch node {
    case is ShapeNode, is TextNode, is ImageNode, is CanvasNode, is DividerNode: return [node.frame]
    default: return node.subnodes.flatMap(leafFrames)
    }
}

@MainActor
@Suite("Layout: stacks, frames, padding and friends, as SwiftUI lays them out")
struct LayoutTests {
    let box = CGSize(width: 300, height: 100)

    @Test("HStack: a fixed child keeps its size, a flexible one takes the rest less the spacing")
    func hstack() {
        let root = layOut(HStack {
            Color.red.frame(width: 50, height: 20)
            Color.blue
        }, in: box)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 300, height: 100))
        #expect(leafFrames(root) == [CGRect(x: 0, y: 40, width: 50, height: 20), CGRect(x: 58, y: 0, width: 242, height: 100)])
    }

    @Test("flexibility decides the order of offers: the text is measured before the colour that precedes it")
    func flexibilityOrder() {
        let text = Text("fixed width")
        let width = layOut(text, in: box).frame.width
        let root = layOut(HStack(spacing: 0) { Color.red; text }, in: CGSize(width: 200, height: 50))
        let frames = leafFrames(root)
        #expect(abs(frames[1].width - width) < 1e-9)
        #expect(abs(frames[0].width - (200 - width)) < 1e-9)
    }

    @Test("VStack: alignment and spacing; the stack hugs its children and is centred")
    func vstack() {
        let root = layOut(VStack(alignment: .leading, spacing: 10) {
            Color.red.frame(width: 50, height: 20)
            Color.blue.frame(width: 100, height: 30)
        }, in: CGSize(width: 300, height: 300))
        #expect(root.frame == CGRect(x: 100, y: 120, width: 100, height: 60))
        #expect(leafFrames(root) == [CGRect(x: 100, y: 120, width: 50, height: 20), CGRect(x: 100, y: 150, width: 100, height: 30)])
    }

    @Test("Spacer takes what is left, at least its minimum length")
    func spacer() {
        let root = layOut(HStack {
            Color.red.frame(width: 40, height: 10)
            Spacer()
            Color.blue.frame(width: 60, height: 10)
        }, in: box)
        let f = leafFrames(root)
        #expect(f[0].minX == 0 && f[1].minX == 240)
        let tight = layOut(HStack(spacing: 0) {
            Color.red.frame(width: 200, height: 10)
            Spacer(minLength: 30)
            Color.blue.frame(width: 200, height: 10)
        }, in: box)
        // The spacer keeps its 30 points; the fixed frames overflow the proposal.
        let g = leafFrames(tight)
        #expect(g[1].minX - g[0].maxX == 30)
    }

    @Test("ZStack aligns children in the largest one's frame")
    func zstack() {
        let root = layOut(ZStack(alignment: .bottomTrailing) {
            Color.red.frame(width: 100, height: 80)
            Color.blue.frame(width: 20, height: 10)
        }, in: CGSize(width: 100, height: 80))
        #expect(leafFrames(root) == [CGRect(x: 0, y: 0, width: 100, height: 80), CGRect(x: 80, y: 70, width: 20, height: 10)])
    }

    @Test("padding: default 16 points, per edge, and insets")
    func padding() {
        let all = layOut(Color.red.frame(width: 50, height: 50).padding(), in: CGSize(width: 82, height: 82))
        #expect(all.frame.size == CGSize(width: 82, height: 82))
        #expect(leafFrames(all) == [CGRect(x: 16, y: 16, width: 50, height: 50)])
        let some = layOut(Color.red.frame(width: 50, height: 50).padding(.leading, 10).padding(.vertical, 5),
                          in: CGSize(width: 60, height: 60))
        #expect(some.frame.size == CGSize(width: 60, height: 60))
        #expect(leafFrames(some) == [CGRect(x: 10, y: 5, width: 50, height: 50)])
        // A flexible child is proposed the space minus the insets.
        let flexible = layOut(Color.red.padding(10), in: box)
        #expect(leafFrames(flexible) == [CGRect(x: 10, y: 10, width: 280, height: 80)])
    }

    @Test("flexible frames: maxWidth .infinity fills, minWidth keeps at least, ideal sizes when nothing is proposed")
    func flexibleFrames() {
        let wide = layOut(Color.red.frame(width: 50, height: 20).frame(maxWidth: .infinity), in: box)
        #expect(wide.frame == CGRect(x: 0, y: 40, width: 300, height: 20))
        #expect(leafFrames(wide) == [CGRect(x: 125, y: 40, width: 50, height: 20)])
        let atLeast = layOut(Color.red.frame(width: 50, height: 20).frame(minWidth: 100, alignment: .leading), in: box)
        #expect(atLeast.frame.width == 100)
        #expect(leafFrames(atLeast)[0].minX == atLeast.frame.minX)
        let capped = layOut(Color.red.frame(maxWidth: 120, maxHeight: 30), in: box)
        #expect(capped.frame.size == CGSize(width: 120, height: 30))
        let ideal = makeNode(Color.red.frame(idealWidth: 70, idealHeight: 40), environment: EnvironmentValues())
        #expect(ideal.measure(.unspecified) == CGSize(width: 70, height: 40))
    }

    @Test("a Canvas with no frame takes all the room; Text its ideal size")
    func canvasAndText() {
        let canvas = layOut(Canvas { _, _ in }, in: box)
        #expect(canvas.frame == CGRect(origin: .zero, size: box))
        let text = layOut(Text("Hello"), in: box)
        var measured = CGSize.zero
        _ = renderCanvas(width: 10, height: 10) { c, _ in measured = c.resolve(Text("Hello")).measure(in: CGSize(width: 300, height: 100)) }
        #expect(text.frame.size == measured)
        #expect(abs(text.frame.midX - 150) < 1e-9)
    }

    @Test("offset moves drawing without changing layout; position centres a child at a point")
    func offsetAndPosition() {
        let root = layOut(HStack(spacing: 0) {
            Color.red.frame(width: 20, height: 20).offset(x: 10, y: 5)
            Color.blue.frame(width: 20, height: 20)
        }, in: CGSize(width: 40, height: 20))
        #expect(leafFrames(root) == [CGRect(x: 10, y: 5, width: 20, height: 20), CGRect(x: 20, y: 0, width: 20, height: 20)])
        let placed = layOut(Color.red.frame(width: 20, height: 20).position(x: 50, y: 60), in: box)
        #expect(placed.frame == CGRect(origin: .zero, size: box))
        #expect(leafFrames(placed) == [CGRect(x: 40, y: 50, width: 20, height: 20)])
    }

    @Test("overlay and background take the child's size and align in it")
    func overlayBackground() {
        let root = layOut(Color.red.frame(width: 100, height: 50)
            .overlay(alignment: .topTrailing) { Color.blue.frame(width: 10, height: 10) }
            .background { Color.green }, in: CGSize(width: 100, height: 50))
        #expect(root.frame.size == CGSize(width: 100, height: 50))
        // Drawing order: background, child, overlay.
        #expect(leafFrames(root) == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 0, y: 0, width: 100, height: 50),
                                     CGRect(x: 90, y: 0, width: 10, height: 10)])
    }

    @Test("ForEach, Group, conditionals and optionals flatten into the stack")
    func builders() {
        let show = true, hide = false
        let root = layOut(HStack(spacing: 0) {
            ForEach(0..<3) { _ in Color.red.frame(width: 10, height: 10) }
            Group {
                Color.blue.frame(width: 5, height: 10)
                Color.blue.frame(width: 5, height: 10)
            }
            if show { Color.green.frame(width: 7, height: 10) } else { Color.gray.frame(width: 100, height: 10) }
            if hide { Color.black.frame(width: 100, height: 10) }
            AnyView(Color.orange.frame(width: 3, height: 10))
        }, in: CGSize(width: 50, height: 10))
        #expect(leafFrames(root).map(\.minX) == [0, 10, 20, 30, 35, 40, 47])
        #expect(root.frame.width == 50)
    }

    @Test("ForEach over Identifiable data and by key path")
    func forEachData() {
        struct Item: Identifiable { let id: Int; let width: CGFloat }
        let items = [Item(id: 1, width: 10), Item(id: 2, width: 20)]
        let root = layOut(HStack(spacing: 0) {
            ForEach(items) { Color.red.frame(width: $0.width, height: 5) }
            ForEach([3.0, 4.0], id: \.self) { Color.blue.frame(width: $0, height: 5) }
        }, in: CGSize(width: 37, height: 5))
        #expect(leafFrames(root).map(\.width) == [10, 20, 3, 4])
    }

    @Test("text baselines line up with firstTextBaseline alignment")
    func baselines() throws {
        let big = Text("Big").font(.largeTitle), small = Text("small").font(.caption)
        let root = layOut(HStack(alignment: .firstTextBaseline) { big; small }, in: CGSize(width: 300, height: 200))
        let nodes = root.subnodes.flatMap(\.subnodes).isEmpty ? root.subnodes : root.subnodes
        let texts = nodes.compactMap { $0 as? TextNode }
        #expect(texts.count == 2)
        let b0 = try #require(texts[0].baseline(first: true, size: texts[0].frame.size)) + texts[0].frame.minY
        let b1 = try #require(texts[1].baseline(first: true, size: texts[1].frame.size)) + texts[1].frame.minY
        #expect(abs(b0 - b1) < 1e-9)
        #expect(texts[0].frame.minY < texts[1].frame.minY)
    }

    @Test("Divider: one pixel across the stack's axis")
    func divider() {
        let v = layOut(VStack(spacing: 0) { Color.red.frame(width: 80, height: 10); Divider() }, in: CGSize(width: 80, height: 11))
        #expect(leafFrames(v)[1] == CGRect(x: 0, y: 10, width: 80, height: 1))
        let h = layOut(HStack(spacing: 0) { Color.red.frame(width: 10, height: 30); Divider() }, in: CGSize(width: 11, height: 30))
        #expect(leafFrames(h)[1] == CGRect(x: 10, y: 0, width: 1, height: 30))
    }

    @Test("GeometryReader: the proposed size, and frames in global, local and named spaces")
    func geometryReader() {
        var size = CGSize.zero, global = CGRect.zero, named = CGRect.zero, local = CGRect.zero
        _ = layOut(VStack(spacing: 0) {
            Color.red.frame(height: 30)
            GeometryReader { proxy in
                let _ = (size = proxy.size, global = proxy.frame(in: .global), named = proxy.frame(in: .named("outer")),
                         local = proxy.frame(in: .local))
                Color.blue
            }
        }.padding(10).coordinateSpace(name: "outer"), in: CGSize(width: 200, height: 100))
        #expect(size == CGSize(width: 180, height: 50))
        #expect(global == CGRect(x: 10, y: 40, width: 180, height: 50))
        #expect(named == CGRect(x: 10, y: 40, width: 180, height: 50))
        #expect(local == CGRect(x: 0, y: 0, width: 180, height: 50))
    }

    @Test("opacity groups, clip shapes, corner radius, borders and hidden views draw as SwiftUI's")
    func effects() throws {
        let faded = try #require(render(ZStack(alignment: .topLeading) {
            Color.black.frame(width: 30, height: 20)
            Color.black.frame(width: 20, height: 20).offset(x: 20)
        }.frame(width: 40, height: 20, alignment: .topLeading).opacity(0.5)))
        #expect(faded.pixel(x: 5, y: 10).alpha == 128)
        #expect(faded.pixel(x: 25, y: 10).alpha == 128)        // the overlap: one layer, not 191
        let circle = try #require(render(Color.red.frame(width: 40, height: 40).clipShape(Circle())))
        #expect(circle.pixel(x: 1, y: 1).alpha == 0 && circle.pixel(x: 20, y: 20).alpha == 255)
        let rounded = try #require(render(Color.red.frame(width: 40, height: 40).cornerRadius(10)))
        #expect(rounded.pixel(x: 0, y: 0).alpha == 0 && rounded.pixel(x: 20, y: 0).alpha == 255)
        let bordered = try #require(render(Color.white.frame(width: 20, height: 20).border(Color.black, width: 2)))
        #expect(bordered.pixel(x: 1, y: 10).red == 0 && bordered.pixel(x: 10, y: 10).red == 255)
        let hidden = try #require(render(HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10).hidden()
            Color.blue.frame(width: 10, height: 10)
        }))
        #expect(hidden.width == 20 && hidden.pixel(x: 5, y: 5).alpha == 0 && hidden.pixel(x: 15, y: 5).alpha == 255)
    }

    @Test("deep trees and thousands of ForEach items lay out (each child measured a bounded number of times)")
    func large() {
        let many = layOut(VStack(spacing: 0) {
            ForEach(0..<5_000) { _ in Color.red.frame(width: 1, height: 1) }
        }, in: CGSize(width: 10, height: 5_000))
        #expect(leafFrames(many).last == CGRect(x: 4.5, y: 4_999, width: 1, height: 1))
        func nest(_ depth: Int) -> AnyView {
            depth == 0 ? AnyView(Color.red.frame(width: 3, height: 3)) : AnyView(VStack { nest(depth - 1) }.padding(1))
        }
        let deep = layOut(nest(200), in: CGSize(width: 1000, height: 1000))
        #expect(deep.frame.size == CGSize(width: 403, height: 403))
    }

    @Test("bad input: invalid frame bounds and non-finite paddings, offsets and positions are ignored")
    func badInput() {
        let counted = diagnosticsCounted {
            let root = layOut(Color.red.frame(width: 10, height: 10)
                .frame(minWidth: 50, maxWidth: 20)
                .padding(.nan)
                .offset(x: .infinity)
                .frame(minHeight: -5), in: CGSize(width: 10, height: 10))
            #expect(leafFrames(root) == [CGRect(x: 0, y: 0, width: 10, height: 10)])
        }
        #expect(counted >= 4)
    }
}
