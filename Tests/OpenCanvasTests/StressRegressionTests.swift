import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Every trap and hang the hostile-stream stress run found, reduced to the call
/// that caused it (each trapped or ran for seconds before its fix), and the seeds
/// that found them.
@MainActor
@Suite("Stress findings")
struct StressRegressionTests {
    func canvas(_ draw: @escaping (inout GraphicsContext) -> Void) -> CGImage? {
        renderCanvas(width: 48, height: 32) { context, _ in draw(&context) }
    }

    func isBlank(_ image: CGImage?) -> Bool {
        guard let image else { return false }
        return (0..<image.height).allSatisfy { y in (0..<image.width).allSatisfy { image.pixel(x: $0, y: y).alpha == 0 } }
    }

    @Test("clip(to:) whose bounds are not finite under the transform clips everything (Foundation's intersection trapped)")
    func clipWithInfiniteBounds() {
        let image = canvas { context in
            context.scaleBy(x: 1e300, y: 1e300)
            context.clip(to: Path(CGRect(x: 1e10, y: 1e10, width: 1e10, height: 1e10)))
            context.transform = .identity
            context.fill(Path(CGRect(x: 0, y: 0, width: 48, height: 32)), with: .color(.red))
        }
        #expect(isBlank(image))
    }

    @Test("a layer whose content lies far off to one side (its box's far edge overflowed Int)")
    func layerFarOffToOneSide() {
        let image = canvas { context in
            context.drawLayer { layer in
                layer.fill(Path(CGRect(x: -1e300, y: 0, width: 10, height: 10)), with: .color(.red))
            }
            context.fill(Path(CGRect(x: 4, y: 4, width: 8, height: 8)), with: .color(.blue))
        }
        #expect(rgbaAt(image, 8, 8).last == 255)
        #expect(rgbaAt(image, 30, 20).last == 0)
    }

    @Test("strokedPath of coordinates whose differences overflow (a NaN arc sweep trapped)")
    func strokedPathOfHugeCoordinates() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1e308, y: 0))
        path.addLine(to: CGPoint(x: -1e308, y: 1e308))
        let outline = path.strokedPath(StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round))
        #expect(outline.isEmpty)
    }

    @Test("blurs and shadows of any finite radius (the blur's reach overflowed Int)")
    func hugeBlurRadius() {
        for radius in [1e300, 1e30, 3e5, 2e5] as [CGFloat] {
            let image = canvas { context in
                var c = context
                c.addFilter(.blur(radius: radius))
                c.fill(Path(CGRect(x: 0, y: 0, width: 48, height: 32)), with: .color(.black))
                var s = context
                s.addFilter(.shadow(color: .black, radius: radius, x: 3, y: 3))
                s.fill(Path(ellipseIn: CGRect(x: 10, y: 5, width: 20, height: 20)), with: .color(.green))
            }
            #expect(image != nil)
            // Spread that thin, the blur leaves nothing; the shadowed shape itself shows.
            #expect(rgbaAt(image, 2, 2).last ?? 255 <= 1)
            #expect(rgbaAt(image, 20, 15).last == 255)
        }
    }

    @Test("text under a huge scale (its glyph mask's box overflowed Int)")
    func textUnderHugeScale() {
        let image = canvas { context in
            context.scaleBy(x: 1e12, y: 1e12)
            context.draw(Text("Hi"), at: .zero)
        }
        #expect(image != nil)
    }

    @Test("filters over filtered layers are bounded: past the frame's budget they are skipped and counted")
    func filterWorkIsBounded() {
        let (image, report) = OpenCanvasDiagnostics.collecting { canvas { context in
            var c = context
            // A blur whose input reaches thousands of pixels beyond the canvas, over a
            // layer of filtered layers each covering that whole region.
            c.addFilter(.blur(radius: 600))
            c.drawLayer { layer in
                for _ in 0..<40 {
                    var inner = layer
                    inner.addFilter(.colorMatrix(ColorMatrix()))
                    inner.addFilter(.hueRotation(.degrees(30)))
                    inner.fill(Path(CGRect(x: -5000, y: -5000, width: 10000, height: 10000)), with: .color(.red))
                }
            }
        } }
        #expect(image != nil)
        #expect(report.counts.keys.contains { $0.hasPrefix("a filter needed more memory") })
    }

    @Test("a dashed circle of radius 10⁹ through the canvas is drawn dashed near the canvas, not solid")
    func hugeDashedCircle() {
        let image = canvas { context in
            var path = Path()
            path.addEllipse(in: CGRect(x: 10, y: 16 - 1e9, width: 2e9, height: 2e9))   // its left edge at x = 10
            context.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: 4, dash: [4, 4]))
        }
        // Along x = 10 the dashes alternate: some rows inked, some not.
        let column = (0..<32).map { rgbaAt(image, 10, $0).last ?? 0 }
        #expect(column.contains { $0 > 200 })
        #expect(column.contains { $0 < 50 })
    }

    @Test("a circle of radius 10¹⁵ crossing the canvas strokes as the straight line it is there")
    func hugeCircle() {
        let image = canvas { context in
            var path = Path()
            path.addEllipse(in: CGRect(x: 24, y: 16 - 1e15, width: 2e15, height: 2e15))      // its left edge at x = 24
            context.stroke(path, with: .color(.black), lineWidth: 4)
        }
        for y in [2, 16, 30] {
            #expect(rgbaAt(image, 24, y).last == 255)
            #expect(rgbaAt(image, 20, y).last == 0 && rgbaAt(image, 28, y).last == 0)
        }
    }

    @Test("a pen wider than the canvas under a huge scale paints all of it")
    func penCoversTheCanvas() {
        let image = canvas { context in
            context.scaleBy(x: 1e9, y: 1e9)
            var path = Path()
            path.move(to: CGPoint(x: -1e-6, y: 1e-8))
            path.addLine(to: CGPoint(x: 1e-6, y: 1e-8))
            context.stroke(path, with: .color(.black), lineWidth: 1)
        }
        #expect([(0, 0), (47, 0), (0, 31), (47, 31), (24, 16)].allSatisfy { rgbaAt(image, $0.0, $0.1).last == 255 })
    }

    @Test("a fill whose edges cross tens of thousands of times finishes, its interior covered")
    func crossingHeavyFill() {
        let image = canvas { context in
            var star = Path()
            let n = 201
            for i in 0..<n {
                let a = Double(i * 100 % n) / Double(n) * 2 * .pi
                let p = CGPoint(x: 24 + 15 * cos(a), y: 16 + 15 * sin(a))
                if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
            }
            star.closeSubpath()
            context.fill(star, with: .color(.black))
        }
        #expect(rgbaAt(image, 24, 16).last == 255)
        #expect(rgbaAt(image, 1, 1).last == 0)
    }

    /// (The seeds that ran long — 319, 864, 1153, 2728, 4145, 14752, 16810, 48060,
    /// 138324 — are rendered by the release stress run, `Scripts/stress.sh`: in
    /// this debug build they take seconds each.)
    @Test("the seeds that trapped before their fixes now render")
    func seeds() {
        for seed: UInt64 in [15, 58, 79, 328, 4223] {
            #expect(renderHostileCanvas(seed: seed) != nil, "seed \(seed)")
        }
    }
}
