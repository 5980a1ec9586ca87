import Testing
import Foundation
import OpenCanvas
import CanvasScenes
import CanvasGeometry
import CanvasRender
import OpenCanvasDrawing

/// A frame drawn by several threads at once (horizontal bands, each with its own
/// renderer) is the same byte for byte as the frame drawn by one: every gallery
/// scene, the animated scenes through `HeadlessHost`, and random drawing with
/// self-crossing paths, strokes, clips, layers, filters, gradients and text, at
/// band counts that cut rows unevenly.
@MainActor
@Suite("Rendering in bands on several threads")
struct BandRenderingTests {
    /// Band counts, taken in turn: even and uneven cuts of the rows.
    static let threadCounts = [2, 3, 7]

    @Test("every gallery scene", arguments: Scenes.all.indices)
    func galleryScene(_ index: Int) throws {
        let scene = Scenes.all[index]
        let threads = Self.threadCounts[index % Self.threadCounts.count]
        let one = try #require(scene.image(scale: 2, threads: 1)).rgbaBytes()
        let banded = try #require(scene.image(scale: 2, threads: threads)).rgbaBytes()
        #expect(banded == one, "\(scene.name) with \(threads) threads")
    }

    @Test func animatedScenesThroughTheHost() throws {
        for scene in Scenes.animated {
            var images: [[UInt8]] = []
            for threads in [1, 2, 5] {
                let host = HeadlessHost(size: scene.size, scale: 2) { scene.view() }
                host.threadCount = threads
                host.date = AnimatedScene.start.addingTimeInterval(1.25)
                images.append(host.render().rgbaBytes())
            }
            #expect(images[1] == images[0], "\(scene.name), 2 threads")
            #expect(images[2] == images[0], "\(scene.name), 5 threads")
        }
    }

    /// A host draws each frame into its last frame's memory when nothing else
    /// holds that frame, clearing only the rows the last frame's drawing touched:
    /// the frames are the same as frames drawn afresh, as content moves and
    /// leaves rows behind.
    ///
    /// Such a frame redraws only the rows where its drawing differs from the last
    /// frame's (`Renderer.rowsChanged`): the pictures are still those of frames
    /// drawn whole, steps of a sixtieth of a second and of seconds, with bands.
    @Test(arguments: [1, 3])
    func aHostReusesItsLastFramesMemory(threads: Int) throws {
        for scene in [Scenes.particleField, Scenes.analogClock, Scenes.springMarker, Scenes.yearGridLive,
                      Scenes.growingBars] {
            let reusing = HeadlessHost(size: scene.size, scale: 1) { scene.view() }
            reusing.threadCount = threads
            let fresh = HeadlessHost(size: scene.size, scale: 1) { scene.view() }
            var kept: [CGImage] = []                        // holding them: no reuse
            var addresses = Set<UInt>()
            for step in 0..<10 {
                let date = AnimatedScene.start.addingTimeInterval(step < 5 ? Double(step) / 60 : Double(step) * 0.7)
                reusing.date = date
                fresh.date = date
                let bytes = reusing.render().rgbaBytes()
                let base = reusing.render().premultiplied.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                addresses.insert(base)
                let image = fresh.render()
                kept.append(image)
                #expect(bytes == image.rgbaBytes(), "\(scene.name), step \(step)")
            }
            #expect(addresses.count == 1, "\(scene.name): one buffer for every frame")
        }
    }

    /// A scene's frame at `seconds` from the start, drawn whole by a new host at 2×.
    static func freshFrame(_ scene: AnimatedScene, at seconds: Double) -> [UInt8] {
        let host = HeadlessHost(size: scene.size, scale: 2) { scene.view() }
        host.date = AnimatedScene.start.addingTimeInterval(seconds)
        return host.render().rgbaBytes()
    }

    /// A frame whose drawing is the last frame's redraws no row; a clock redraws
    /// the rows its hands sweep, not the face.
    @Test func aHostRedrawsOnlyTheRowsThatChanged() throws {
        let grid = HeadlessHost(size: Scenes.yearGridLive.size, scale: 2) { Scenes.yearGridLive.view() }
        grid.date = AnimatedScene.start
        _ = grid.render()
        #expect(grid.rowsRedrawn == Int(Scenes.yearGridLive.size.height * 2))
        grid.date = AnimatedScene.start.addingTimeInterval(1.0 / 60)
        let again = grid.render()
        #expect(grid.rowsRedrawn == 0)
        #expect(again.rgbaBytes() == Self.freshFrame(Scenes.yearGridLive, at: 1.0 / 60))

        let clock = HeadlessHost(size: Scenes.analogClock.size, scale: 2) { Scenes.analogClock.view() }
        clock.date = AnimatedScene.start
        _ = clock.render()
        clock.date = AnimatedScene.start.addingTimeInterval(1)
        let ticked = clock.render()
        let height = Int(Scenes.analogClock.size.height * 2)
        #expect(clock.rowsRedrawn > 0 && clock.rowsRedrawn < height * 3 / 4, "\(clock.rowsRedrawn) of \(height) rows")
        #expect(ticked.rgbaBytes() == Self.freshFrame(Scenes.analogClock, at: 1))
    }

    /// Equal glyph runs in different storage (the layout cache dropped a text between
    /// two frames, or another thread laid it out again) draw the same; a moved or
    /// changed glyph, or another face, does not.
    @Test func glyphRunsAreComparedByValue() {
        final class Face: GlyphOutlineSource, @unchecked Sendable {
            let faceID: UInt32
            init(_ id: UInt32) { faceID = id }
            var unitsPerEm: Double { 1000 }
            func outline(glyph: UInt32) -> PathData { PathData() }
            func outlineBounds(glyph: UInt32) -> Rect { .empty }
        }
        let face = Face(1), other = Face(2)
        func run(_ source: Face, _ glyphs: [(UInt32, Double)]) -> GlyphRunGeometry {
            let run = GlyphRunGeometry.Run(source: source, scale: 0.012,
                                           glyphs: glyphs.map { GlyphRunGeometry.Glyph(id: $0.0, x: $0.1, y: 0) })
            return GlyphRunGeometry(runs: [run], origin: Point(4, 20), bounds: Rect(x: 0, y: 0, width: 40, height: 24))
        }
        let a = run(face, [(3, 0), (7, 9.5)])
        #expect(a.drawsTheSame(as: run(face, [(3, 0), (7, 9.5)])))
        #expect(!a.drawsTheSame(as: run(face, [(3, 0), (7, 9.75)])))
        #expect(!a.drawsTheSame(as: run(face, [(3, 0), (8, 9.5)])))
        #expect(!a.drawsTheSame(as: run(face, [(3, 0)])))
        #expect(!a.drawsTheSame(as: run(other, [(3, 0), (7, 9.5)])))
    }

    /// Random drawing: each seed a different frame of 30 operations.
    @Test("random drawing", arguments: 0..<15)
    func randomDrawing(_ seed: Int) throws {
        let size = CGSize(width: 240, height: 200)
        let mode: ColorRenderingMode = seed % 6 == 5 ? .linear : .nonLinear
        let drawing = GraphicsContext.record(size: size, colorMode: mode) { context in
            var rng = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
            for _ in 0..<30 { Self.randomOperation(&context, &rng, size) }
        }
        let one = try #require(drawing.cgImage(scale: 1.5, threadCount: 1)).rgbaBytes()
        #expect(one.contains { $0 != 0 })
        let threads = Self.threadCounts[seed % Self.threadCounts.count]
        let banded = try #require(drawing.cgImage(scale: 1.5, threadCount: threads)).rgbaBytes()
        #expect(banded == one, "seed \(seed), \(threads) threads")
    }

    /// Damage: random drawing with some operations replaced, removed or added,
    /// drawn into the first drawing's image by redrawing only the rows where the
    /// two lists differ, is the second drawing drawn whole.
    @Test("random drawing changed in places, redrawn only where it changed", arguments: 0..<16)
    func redrawnWhereChanged(_ seed: Int) throws {
        let size = CGSize(width: 240, height: 600)
        var choose = SplitMix(seed: UInt64(seed) &+ 1_000)
        let changed = Set((0..<(1 + choose.int(3))).map { _ in choose.int(30) })
        let removed = seed % 4 == 1 ? choose.int(30) : -1
        let added = seed % 4 == 2
        // Even seeds: shapes, strokes, text and blend modes, without layers,
        // filters, clips or transforms (so that the damage is followed, not given
        // up on, and stays where the changed operations draw).
        let plain = seed % 2 == 0
        let kinds: [Int]? = plain ? [0, 1, 5, 8, 10, 11] : nil
        func drawing(_ second: Bool) -> RecordedDrawing {
            GraphicsContext.record(size: size) { context in
                for k in 0..<30 where !(second && k == removed) {
                    // Each operation from its own seed: one changed leaves the others as they were.
                    var rng = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ UInt64(k) &* 7_919
                                             &+ (second && changed.contains(k) ? 555 : 0))
                    Self.randomOperation(&context, &rng, size, kinds: kinds)
                }
                if second && added {
                    var rng = SplitMix(seed: UInt64(seed) &+ 77)
                    Self.randomOperation(&context, &rng, size, kinds: kinds)
                }
            }
        }
        let first = drawing(false), second = drawing(true)
        let renderer = Renderer()
        renderer.threadCount = seed % 2 == 0 ? 1 : 3
        let before = try #require(Rasterization.image(of: first.list, size: size, scale: 1.5, opaque: false,
                                                      renderer: renderer))
        let after = try #require(Rasterization.image(of: second.list, size: size, scale: 1.5, opaque: false,
                                                     renderer: renderer, reusing: before, previousList: first.list))
        let whole = try #require(second.cgImage(scale: 1.5, threadCount: 1)).rgbaBytes()
        #expect(after.rgbaBytes() == whole, "seed \(seed): changed \(changed.sorted()), removed \(removed), added \(added)")
        // Lists whose layers, clips or filters differ are drawn whole; the others
        // (half the seeds draw no layers or filters) redraw only the rows found.
        let rows = renderer.rowsChanged(from: first.list, to: second.list, device: .scale(1.5, 1.5), height: 900)
        #expect(renderer.rowsRedrawn == rows?.count ?? 900)
        // (A changed polygon may span every row: how few rows are redrawn is
        // checked on the host's scenes.)
        if plain { #expect(rows != nil, "seed \(seed): the damage is followed") }
    }

    /// A frame's bad input is reported once, not once per band.
    @Test func badInputIsReportedOncePerFrame() throws {
        let drawing = GraphicsContext.record(size: CGSize(width: 400, height: 400)) { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 400, height: 400)), with: .color(.blue))
            var bad = context
            bad.addFilter(.blur(radius: 4))
            bad.fill(Path(ellipseIn: CGRect(x: 100, y: 100, width: 200, height: 200)), with: .color(.red))
            var layered = context
            layered.opacity = 0.5
            layered.drawLayer { $0.fill(Path(CGRect(x: 0, y: 0, width: 400, height: 400)), with: .color(.green)) }
        }
        let one = Diagnostics.collecting { drawing.cgImage(scale: 1, threadCount: 1) }
        let banded = Diagnostics.collecting { drawing.cgImage(scale: 1, threadCount: 4) }
        #expect(one.result?.rgbaBytes() == banded.result?.rgbaBytes())
        #expect(one.report == banded.report)
    }

    /// One random drawing operation; `kinds` limits which (the cases below).
    static func randomOperation(_ c: inout GraphicsContext, _ rng: inout SplitMix, _ size: CGSize, kinds: [Int]? = nil) {
        func x() -> Double { rng.double(-20, size.width + 20) }
        func y() -> Double { rng.double(-20, size.height + 20) }
        func color() -> Color {
            Color(red: rng.double(0, 1), green: rng.double(0, 1), blue: rng.double(0, 1), opacity: rng.double(0.3, 1))
        }
        func path() -> Path {
            var p = Path()
            switch rng.int(5) {
            case 0:
                // A self-crossing polygon (a star), with crossings in every band.
                p.move(to: CGPoint(x: x(), y: y()))
                for _ in 0..<rng.int(12) + 3 { p.addLine(to: CGPoint(x: x(), y: y())) }
                p.closeSubpath()
            case 1: p.addEllipse(in: CGRect(x: x(), y: y(), width: rng.double(1, 200), height: rng.double(1, 200)))
            case 2:
                p.addRoundedRect(in: CGRect(x: x(), y: y(), width: rng.double(1, 200), height: rng.double(1, 200)),
                                 cornerSize: CGSize(width: 12, height: 12))
            case 3:
                p.move(to: CGPoint(x: x(), y: y()))
                p.addCurve(to: CGPoint(x: x(), y: y()), control1: CGPoint(x: x(), y: y()), control2: CGPoint(x: x(), y: y()))
                p.addQuadCurve(to: CGPoint(x: x(), y: y()), control: CGPoint(x: x(), y: y()))
            default: p.addRect(CGRect(x: x(), y: y(), width: rng.double(0.3, 150), height: rng.double(0.3, 150)))
            }
            return p
        }
        func shading() -> GraphicsContext.Shading {
            let g = Gradient(colors: [color(), color(), color()])
            switch rng.int(5) {
            case 0: return .linearGradient(g, startPoint: CGPoint(x: x(), y: y()), endPoint: CGPoint(x: x(), y: y()))
            case 1: return .radialGradient(g, center: CGPoint(x: x(), y: y()), startRadius: 0, endRadius: rng.double(5, 150))
            case 2: return .conicGradient(g, center: CGPoint(x: x(), y: y()), angle: .degrees(rng.double(0, 360)))
            default: return .color(color())
            }
        }
        switch kinds.map({ $0[rng.int($0.count)] }) ?? rng.int(12) {
        case 0:
            c.fill(path(), with: shading(), style: FillStyle(eoFill: rng.int(2) == 0, antialiased: rng.int(4) != 0))
        case 1:
            let dash: [CGFloat] = rng.int(3) == 0 ? [8, 5] : []
            c.stroke(path(), with: shading(), style: StrokeStyle(lineWidth: rng.double(0, 14),
                                                                 lineCap: [.butt, .round, .square][rng.int(3)],
                                                                 lineJoin: [.miter, .round, .bevel][rng.int(3)],
                                                                 dash: dash))
        case 2:
            var inner = c
            inner.clip(to: path(), style: FillStyle(eoFill: rng.int(2) == 0), options: rng.int(3) == 0 ? .inverse : [])
            inner.fill(path(), with: shading())
        case 3:
            var layer = c
            layer.opacity = rng.double(0.2, 1)
            layer.blendMode = [.normal, .multiply, .screen, .copy, .sourceAtop][rng.int(5)]
            layer.drawLayer { l in
                l.fill(path(), with: .color(.orange))
                l.stroke(path(), with: .color(.purple), lineWidth: 3)
            }
        case 4:
            var blurred = c
            blurred.addFilter(rng.int(2) == 0 ? .blur(radius: rng.double(0.5, 6))
                                              : .shadow(color: .black, radius: rng.double(1, 8), x: 4, y: 6))
            blurred.fill(path(), with: shading())
        case 5:
            c.draw(Text("Bands \(rng.int(1000))").font(.system(size: rng.double(8, 40))),
                   at: CGPoint(x: x(), y: y()))
        case 6:
            c.rotate(by: .degrees(rng.double(-30, 30)))
        case 7:
            c.translateBy(x: rng.double(-10, 10), y: rng.double(-10, 10))
        case 8:
            var copy = c
            copy.blendMode = [.multiply, .plusLighter, .difference, .clear, .sourceIn, .destinationOut][rng.int(6)]
            copy.fill(path(), with: shading())
        case 9:
            var masked = c
            masked.clipToLayer(opacity: rng.double(0.3, 1)) { l in l.fill(path(), with: .color(.black)) }
            masked.fill(path(), with: shading())
        case 10:
            c.stroke(path(), with: .color(color()), lineWidth: 0)      // a hairline
        default:
            c.fill(path(), with: shading())
        }
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53) }
}
