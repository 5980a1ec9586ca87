import Testing
import Foundation
import OpenCanvas
import CanvasScenes
import CanvasGeometry

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
    @Test func aHostReusesItsLastFramesMemory() throws {
        for scene in [Scenes.particleField, Scenes.analogClock, Scenes.springMarker] {
            let reusing = HeadlessHost(size: scene.size, scale: 1) { scene.view() }
            let fresh = HeadlessHost(size: scene.size, scale: 1) { scene.view() }
            var kept: [CGImage] = []                        // holding them: no reuse
            var addresses = Set<UInt>()
            for step in 0..<6 {
                let date = AnimatedScene.start.addingTimeInterval(Double(step) * 0.7)
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

    static func randomOperation(_ c: inout GraphicsContext, _ rng: inout SplitMix, _ size: CGSize) {
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
        switch rng.int(12) {
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
