import Testing
import CanvasGeometry
import CanvasPaint
import CanvasRender

/// A display item keeps its shape and its layer as two fields (`shape`, `layer`),
/// with `content` their one-value view: the two must agree, a layer id that names
/// no layer must draw nothing (never trap), and merging lists must renumber layer
/// items without arithmetic on ids that name none.
@Suite("Display items' shape and layer")
struct DrawItemStorageTests {
    static let square = DrawItem.Shape(.rect(Rect(x: 2, y: 2, width: 4, height: 4)), .fill(.nonZero, antialiased: true))

    @Test("content and the stored fields agree, both ways")
    func contentRoundTrips() {
        var item = DrawItem(content: .shape(Self.square), transform: .identity, paint: .solid(RGBA(r: 1, g: 0, b: 0, a: 1)))
        #expect(item.isShape && item.layer == -1)
        guard case .shape(let s) = item.content, case .rect(let r) = s.geometry else {
            Issue.record("a shape item's content is its shape")
            return
        }
        #expect(r == Rect(x: 2, y: 2, width: 4, height: 4))
        #expect(item.filledRect?.0 == r)

        item.content = .layer(3)
        #expect(!item.isShape && item.layer == 3)
        #expect(item.filledRect == nil)
        if case .layer(let id) = item.content { #expect(id == 3) } else { Issue.record("a layer item's content") }

        // A negative id names no layer: stored apart from the shape items' −1.
        let stray = DrawItem(content: .layer(-5), transform: .identity)
        #expect(!stray.isShape && stray.layer == .max)
    }

    @Test("layer items naming no layer draw nothing, alone and merged into another list")
    func strayLayerIdsDrawNothing() throws {
        var inner = DisplayList()
        inner.append(DrawItem(content: .layer(-5), transform: .identity))
        inner.append(DrawItem(content: .layer(Int32.max - 1), transform: .identity))
        inner.append(DrawItem(content: .shape(Self.square), transform: .identity,
                              paint: .solid(RGBA(r: 0, g: 0, b: 1, a: 1))))
        var outer = DisplayList()
        outer.merge(inner, transform: .translation(1, 1), into: 0, clip: -1, filter: -1)
        #expect(outer.layers[0].items.count == 3)
        #expect(outer.layers[0].items[0].layer == .max)
        #expect(outer.layers[0].items[1].layer == .max)
        #expect(outer.layers[0].items[2].isShape)

        for (list, offset) in [(inner, 0), (outer, 1)] {
            let pixmap = try Pixmap(width: 10, height: 10)
            let renderer = Renderer()
            renderer.threadCount = 1
            renderer.render(list, into: pixmap, device: .identity, clear: 0)
            // Only the square is drawn (blue, opaque), the stray layers nothing.
            var covered = 0
            for y in 0..<10 { for x in 0..<10 where pixmap.row(y)[x] != 0 { covered += 1 } }
            #expect(covered == 16, "offset \(offset)")
            #expect(pixmap.row(3 + offset)[3 + offset] == 0xFFFF_0000)
        }
    }
}
