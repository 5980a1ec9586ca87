import Testing
import Foundation
import OpenCanvas
import CanvasGeometry
import CanvasPaint
@testable import CanvasRender
@testable import OpenCanvasDrawing

/// A renderer keeps the summed coverage of labels it has drawn twice at one place
/// (`LabelCoverageCache`) and copies it when they are drawn there again. What it
/// draws from the kept coverage is the same byte for byte as what a new renderer
/// draws, whatever the clip, scale, bands or colour.
@MainActor
@Suite("Kept label coverage")
struct LabelCoverageCacheTests {
    static let size = 160

    /// Labels of several sizes at fractional places, some across the canvas's
    /// edges, drawn under `scale`, in `colour`, clipped to `clip` when given.
    static func labels(_ canvas: OffscreenCanvas, scale: Double = 1, clip: CGRect? = nil, colour: Color = .black,
                       gradient: Bool = false, prepare: (inout GraphicsContext) -> Void = { _ in }) -> DisplayList {
        canvas.record { ctx in
            prepare(&ctx)
            if let clip { ctx.clip(to: Path(clip)) }
            ctx.scaleBy(x: scale, y: scale)
            let words = ["Hello", "Kept coverage", "0123456789", "Wavy AVA", "edge", "fi fl ffi", "ÅÉÎ õü"]
            for (i, word) in words.enumerated() {
                let x = -8 + Double(i) * 21.37, y = -4 + Double(i) * 23.61
                var text = Text(verbatim: word).font(.system(size: 9 + Double(i) * 2.5))
                text = gradient ? text.foregroundStyle(.linearGradient(colors: [.red, .blue], startPoint: .leading,
                                                                       endPoint: .trailing))
                                : text.foregroundColor(colour)
                ctx.draw(text, at: CGPoint(x: x, y: y), anchor: .topLeading)
            }
        }
    }

    /// A renderer drawing with `threads` threads.
    static func renderer(threads: Int) -> Renderer {
        let renderer = Renderer()
        renderer.threadCount = threads
        return renderer
    }

    /// The pixels of `list` drawn by `renderer` into a new pixmap.
    static func pixels(_ list: DisplayList, _ renderer: Renderer) throws -> [UInt32] {
        let pixmap = try Pixmap(width: size, height: size)
        renderer.render(list, into: pixmap, device: .identity)
        return (0..<size).flatMap { y in (0..<size).map { x in pixmap.pixel(x: x, y: y) } }
    }

    @Test("labels drawn from kept coverage are the labels drawn afresh, at every scale")
    func keptMatchesFresh() throws {
        let canvas = try OffscreenCanvas(width: Self.size, height: Self.size)
        for scale in [1.0, 1.5, 0.75] {
            let list = Self.labels(canvas, scale: scale)
            let kept = Self.renderer(threads: 1)
            let fresh = try Self.pixels(list, Renderer())
            #expect(fresh.contains { $0 != 0 })
            // The first draw notes the labels, the second keeps them, the third copies them.
            for round in 0..<4 {
                #expect(try Self.pixels(list, kept) == fresh, "scale \(scale), round \(round)")
            }
            #expect(kept.labelCoverage.count > 0, "scale \(scale): labels kept")
        }
    }

    @Test("kept coverage cut by clips is what summing within the clip gives")
    func keptUnderClips() throws {
        let canvas = try OffscreenCanvas(width: Self.size, height: Self.size)
        // The same labels (their glyph runs are kept by the layout cache) drawn
        // whole, then clipped in several ways by the renderer that kept them.
        let whole = Self.labels(canvas)
        let kept = Self.renderer(threads: 1)
        for _ in 0..<3 { _ = try Self.pixels(whole, kept) }
        #expect(kept.labelCoverage.count > 0)
        for clip in [CGRect(x: 10.5, y: 3, width: 70, height: 90), CGRect(x: 0, y: 40, width: 160, height: 7),
                     CGRect(x: 33, y: 0, width: 1, height: 160), CGRect(x: 200, y: 200, width: 5, height: 5)] {
            let clipped = Self.labels(canvas, clip: clip)
            #expect(try Self.pixels(clipped, kept) == Self.pixels(clipped, Renderer()), "\(clip)")
        }
    }

    @Test("a label redrawn in another colour, and in bands, is drawn from its kept coverage")
    func coloursAndBands() throws {
        let canvas = try OffscreenCanvas(width: Self.size, height: Self.size)
        let kept = Self.renderer(threads: 3)
        for (round, colour) in [Color.black, .red, .blue, .green, .black].enumerated() {
            let list = Self.labels(canvas, colour: colour)
            let one = Self.renderer(threads: 1)
            #expect(try Self.pixels(list, kept) == Self.pixels(list, one), "round \(round)")
        }
    }

    @Test("kept labels drawn with a gradient, a blend mode or opacity take the general path to the same pixels")
    func otherPaints() throws {
        let canvas = try OffscreenCanvas(width: Self.size, height: Self.size)
        let kept = Self.renderer(threads: 1)
        for _ in 0..<3 { _ = try Self.pixels(Self.labels(canvas), kept) }
        #expect(kept.labelCoverage.count > 0)
        let lists = [
            Self.labels(canvas, gradient: true),
            Self.labels(canvas) { ctx in
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 160, height: 160)), with: .color(.yellow))
                ctx.blendMode = .multiply
            },
            Self.labels(canvas) { $0.opacity = 0.4 },
            Self.labels(canvas, colour: .clear),
        ]
        for (k, list) in lists.enumerated() {
            #expect(try Self.pixels(list, kept) == Self.pixels(list, Renderer()), "list \(k)")
        }
    }

    @Test("labels not drawn for a while are let go")
    func idleLabelsGo() throws {
        let canvas = try OffscreenCanvas(width: Self.size, height: Self.size)
        let kept = Self.renderer(threads: 1)
        let labels = Self.labels(canvas)
        for _ in 0..<3 { _ = try Self.pixels(labels, kept) }
        let count = kept.labelCoverage.count
        #expect(count > 0)
        let other = canvas.record { $0.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.red)) }
        for _ in 0..<Int(LabelCoverageCache.idleRenders) / 2 { _ = try Self.pixels(other, kept) }
        #expect(kept.labelCoverage.count == count, "kept while recent")
        for _ in 0..<2 * Int(LabelCoverageCache.idleRenders) { _ = try Self.pixels(other, kept) }
        #expect(kept.labelCoverage.count == 0, "gone after idle renders")
        #expect(kept.labelCoverage.bytes == 0)
        #expect(try Self.pixels(labels, kept) == Self.pixels(labels, Renderer()))
    }

    @Test("the cache stays within its budget")
    func budget() throws {
        let canvas = try OffscreenCanvas(width: Self.size, height: Self.size)
        let kept = Self.renderer(threads: 1)
        kept.labelCoverage.byteBudget = 4096
        for round in 0..<6 {
            let list = canvas.record { ctx in
                for i in 0..<40 {
                    ctx.draw(Text(verbatim: "label \(i)").font(.system(size: 14)),
                             at: CGPoint(x: Double(i % 4) * 40, y: Double(i / 4) * 16), anchor: .topLeading)
                }
            }
            #expect(try Self.pixels(list, kept) == Self.pixels(list, Renderer()), "round \(round)")
            #expect(kept.labelCoverage.bytes <= 4096 + LabelCoverageCache.entryLimit + 64)
        }
    }
}

/// A recorder finds each plain label's layout where the same label was drawn in
/// its last recording (`Recorder.labels`): recordings that change, add, drop or
/// reorder labels draw what a new canvas draws.
@MainActor
@Suite("Labels remembered by a recorder")
struct RecorderLabelTests {
    static func frame(_ step: Int) -> (inout GraphicsContext) -> Void {
        { ctx in
            var words = ["alpha", "beta", "gamma", "delta", "epsilon"]
            if step == 2 { words[1] = "BETA" }                      // one label changed
            if step == 4 { words.remove(at: 0) }                     // every label a place earlier
            if step == 5 { words += ["zeta", "eta"] }                // more labels
            if step == 6 { words.reverse() }
            for (i, word) in words.enumerated() {
                let size = step == 3 && i == 2 ? 17.0 : 12.0         // one font changed
                let text = Text(verbatim: word).font(.system(size: size))
                ctx.draw(text, at: CGPoint(x: 4 + Double(i % 2) * 60, y: 4 + Double(i) * 15), anchor: .topLeading)
            }
        }
    }

    @Test func changedLabelsDrawAsNew() throws {
        let kept = try OffscreenCanvas(width: 140, height: 120)
        for step in [0, 1, 2, 1, 3, 4, 5, 6, 0] {
            kept.clear()
            kept.draw(Self.frame(step))
            let fresh = try OffscreenCanvas(width: 140, height: 120)
            fresh.draw(Self.frame(step))
            #expect(kept.pixmap.unpremultipliedRGBA() == fresh.pixmap.unpremultipliedRGBA(), "step \(step)")
        }
    }

    @Test func aRecorderForgetsLabelsPastItsLastRecording() {
        let recorder = GraphicsContext.Recorder()
        func record(_ count: Int) {
            recorder.restart()
            let ctx = GraphicsContext(recorder: recorder, base: .identity, size: CGSize(width: 100, height: 100),
                                      environment: EnvironmentValues())
            for i in 0..<count { ctx.draw(Text(verbatim: "label \(i)"), at: CGPoint(x: 50, y: Double(i))) }
        }
        record(40)
        record(40)
        #expect(recorder.labels.count == 40)
        record(3)
        record(3)                                            // the restart after 3 labels drops the other 37
        #expect(recorder.labels.count == 3)
    }
}
