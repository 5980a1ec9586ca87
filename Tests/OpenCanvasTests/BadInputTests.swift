import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// The bad-input checklist (`../shared/docs/robustness.md`), rows 1–5, 12–16, 42–43:
/// no trap, the picture equals the same drawing without the bad call (or the
/// documented result), and the bad call is counted.
@MainActor
@Suite("Bad input", .serialized)
struct BadInputTests {
    /// A reference scene to draw around the bad call, so that "the rest of the frame
    /// is drawn" is checked too.
    func scene(_ bad: @escaping (inout GraphicsContext) -> Void) -> CGImage? { badInputScene(bad) }
    func counted(_ body: () -> Void) -> Int { diagnosticsCounted(body) }

    @Test("row 1: path calls with NaN or ±∞ are ignored; the path continues from the last valid point")
    func nonFinitePathCalls() {
        let bads: [CGFloat] = [.nan, .infinity, -.infinity]
        for bad in bads {
            var good = Path()
            good.move(to: CGPoint(x: 5, y: 5))
            good.addLine(to: CGPoint(x: 35, y: 5))
            good.addLine(to: CGPoint(x: 35, y: 25))
            good.closeSubpath()
            var path = Path()
            let n = counted {
                path.move(to: CGPoint(x: 5, y: 5))
                path.addLine(to: CGPoint(x: bad, y: 3))
                path.addLine(to: CGPoint(x: 35, y: 5))
                path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: bad, y: 0))
                path.addCurve(to: CGPoint(x: bad, y: 1), control1: .zero, control2: .zero)
                path.addArc(center: CGPoint(x: bad, y: 0), radius: 5, startAngle: .zero, endAngle: .degrees(90),
                            clockwise: false)
                path.addRect(CGRect(x: 0, y: bad, width: 3, height: 3))
                path.addEllipse(in: CGRect(x: 0, y: 0, width: bad, height: 3))
                path.move(to: CGPoint(x: bad, y: bad))
                path.addLine(to: CGPoint(x: 35, y: 25))
                path.closeSubpath()
            }
            #expect(n == 7)
            #expect(path == good)
            #expect(identical(scene { $0.fill(path, with: .color(.green)) }, scene { $0.fill(good, with: .color(.green)) }))
        }
    }

    @Test("row 2: a path made non-finite by the transform is not drawn, and is counted")
    func nonFiniteAfterTransform() {
        var image: CGImage?
        let n = counted {
            image = scene { context in
                var c = context
                c.scaleBy(x: 1e300, y: 1e300)
                c.fill(Path(CGRect(x: 1e10, y: 1e10, width: 1e10, height: 1e10)), with: .color(.green))
                var p = Path()
                p.move(to: CGPoint(x: 1e10, y: 0))
                p.addLine(to: CGPoint(x: 0, y: 1e10))
                p.addLine(to: CGPoint(x: 1e10, y: 1e10))
                c.fill(p, with: .color(.green))
            }
        }
        #expect(n >= 2)
        #expect(identical(image, scene { _ in }))
    }

    @Test("row 3: huge finite coordinates are clipped in floating point to the same picture")
    func hugeCoordinates() {
        // The half-plane x ≤ 10.5, from vertices at ±1e30, equals the rectangle.
        let huge = renderCanvas(width: 32, height: 32) { context, _ in
            var p = Path()
            p.move(to: CGPoint(x: -1e30, y: -1e30))
            p.addLine(to: CGPoint(x: 10.5, y: -1e30))
            p.addLine(to: CGPoint(x: 10.5, y: 1e30))
            p.addLine(to: CGPoint(x: -1e30, y: 1e30))
            p.closeSubpath()
            context.fill(p, with: .color(.black))
            // A path from far outside (the Skia bug 533 shape) draws nothing odd.
            var q = Path()
            q.move(to: CGPoint(x: 16, y: -158758583))
            q.addLine(to: CGPoint(x: 20, y: 20))
            q.addLine(to: CGPoint(x: 24, y: -158758583))
            context.fill(q, with: .color(.black))
        }
        let plain = renderCanvas(width: 32, height: 32) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 10.5, height: 32)), with: .color(.black))
            var q = Path()
            q.move(to: CGPoint(x: 16, y: -158758583))
            q.addLine(to: CGPoint(x: 20, y: 20))
            q.addLine(to: CGPoint(x: 24, y: -158758583))
            context.fill(q, with: .color(.black))
        }
        #expect(identical(huge, plain))
        #expect(huge?.pixel(x: 10, y: 16).alpha == 128)
        // A circle of radius 1e15 centred far away: its edge crosses the canvas as an
        // almost straight line.
        let bigCircle = renderCanvas(width: 32, height: 32) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 16 - 2e15, y: -1e15, width: 2e15, height: 2e15)), with: .color(.black))
        }
        #expect(bigCircle?.pixel(x: 10, y: 10).alpha == 255)
        #expect(bigCircle?.pixel(x: 20, y: 10).alpha == 0)
    }

    @Test("row 4: surfaces and geometry beyond 16-bit fixed point render correctly")
    func beyondFixedPoint() throws {
        let wide = try #require(renderCanvas(width: 33000, height: 10) { context, _ in
            context.fill(Path(CGRect(x: 32990, y: 2, width: 10, height: 6)), with: .color(.black))
            context.fill(Path(ellipseIn: CGRect(x: 32970, y: 0, width: 10, height: 10)), with: .color(.black))
        })
        #expect(wide.pixel(x: 32995, y: 5).alpha == 255)
        #expect(wide.pixel(x: 32975, y: 5).alpha == 255)
        #expect(wide.pixel(x: 32985, y: 5).alpha == 0)
        let tall = try #require(renderCanvas(width: 10, height: 33010) { context, _ in
            context.fill(Path(CGRect(x: 2, y: 33000, width: 6, height: 6)), with: .color(.black))
        })
        #expect(tall.pixel(x: 5, y: 33003).alpha == 255)
        #expect(tall.pixel(x: 5, y: 32990).alpha == 0)
    }

    @Test("row 5: transforms with NaN or ±∞ are ignored")
    func nonFiniteTransforms() {
        let clean = scene { _ in }
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            var seen = CGAffineTransform.identity
            let image = scene { context in
                let n = counted {
                    context.translateBy(x: bad, y: 0)
                    context.scaleBy(x: 1, y: bad)
                    context.rotate(by: .radians(Double(bad)))
                    context.concatenate(CGAffineTransform(a: bad, b: 0, c: 0, d: 1, tx: 0, ty: 0))
                    context.transform = CGAffineTransform(translationX: bad, y: 1)
                }
                #expect(n == 5)
                seen = context.transform
            }
            #expect(seen == .identity)
            #expect(identical(image, clean))
        }
    }

    @Test("row 12: an empty path, a lone move and a close on an empty path draw nothing")
    func emptyPaths() {
        let clean = scene { _ in }
        var lone = Path()
        lone.move(to: CGPoint(x: 5, y: 5))
        var closed = Path()
        closed.closeSubpath()
        var moveClose = Path()
        moveClose.move(to: CGPoint(x: 5, y: 5))
        moveClose.closeSubpath()
        for p in [Path(), lone, closed, moveClose] {
            #expect(identical(scene { $0.fill(p, with: .color(.green)) }, clean))
            #expect(identical(scene { $0.stroke(p, with: .color(.green), lineWidth: 4) }, clean))
        }
    }

    @Test("row 13: filling a zero-area path draws nothing")
    func zeroArea() {
        let clean = scene { _ in }
        var line = Path()
        line.move(to: CGPoint(x: 2, y: 20))
        line.addLine(to: CGPoint(x: 38, y: 20))
        var vertical = Path()
        vertical.move(to: CGPoint(x: 15, y: 2))
        vertical.addLine(to: CGPoint(x: 15, y: 28))
        #expect(identical(scene { $0.fill(line, with: .color(.green)) }, clean))
        #expect(identical(scene { $0.fill(vertical, with: .color(.green)) }, clean))
    }

    @Test("row 14: a clip to an empty path clips everything after it away")
    func emptyClip() {
        let image = renderCanvas(width: 20, height: 20) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
            context.clip(to: Path())
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
        }
        #expect(image?.pixel(x: 2, y: 2).alpha == 255)
        #expect(image?.pixel(x: 10, y: 10).alpha == 0)
    }

    @Test("row 15: zero-width or zero-height rectangles fill nothing; a stroke of one is a line")
    func zeroSizedRects() {
        let clean = scene { _ in }
        #expect(identical(scene { $0.fill(Path(CGRect(x: 5, y: 5, width: 0, height: 10)), with: .color(.green)) }, clean))
        #expect(identical(scene { $0.fill(Path(CGRect(x: 5, y: 5, width: 10, height: 0)), with: .color(.green)) }, clean))
        #expect(identical(scene { $0.stroke(Path(CGRect(x: 5, y: 5, width: 0, height: 0)), with: .color(.green), lineWidth: 2) }, clean))
        let line = renderCanvas(width: 20, height: 20) { context, _ in
            context.stroke(Path(CGRect(x: 10, y: 2, width: 0, height: 16)), with: .color(.black), lineWidth: 2)
        }
        #expect(line?.pixel(x: 9, y: 10).alpha == 255)
        #expect(line?.pixel(x: 10, y: 10).alpha == 255)
        #expect(line?.pixel(x: 12, y: 10).alpha == 0)
    }

    @Test("row 16: rectangles with negative sizes are normalised")
    func negativeRects() {
        let negative = scene { $0.fill(Path(CGRect(x: 15, y: 25, width: -10, height: -20)), with: .color(.green)) }
        let positive = scene { $0.fill(Path(CGRect(x: 5, y: 5, width: 10, height: 20)), with: .color(.green)) }
        #expect(identical(negative, positive))
        var p = Path()
        p.addRect(CGRect(x: 15, y: 25, width: -10, height: -20))
        #expect(p.boundingRect == CGRect(x: 5, y: 5, width: 10, height: 20))
    }

    @Test("row 42: zero, negative, NaN and impossible sizes give nil, never a trap")
    func impossibleSizes() {
        let sizes: [(CGFloat, CGFloat)] = [(0, 0), (0, 10), (-5, 10), (.nan, 10), (10, .infinity), (1e9, 1e9),
                                           (100000, 100000)]
        for (w, h) in sizes {
            let renderer = ImageRenderer(content: Canvas { _, _ in }.frame(width: w, height: h))
            _ = counted { #expect(renderer.cgImage == nil) }
        }
        // A size whose pixel count overflows Int through the scale.
        let huge = ImageRenderer(content: Canvas { _, _ in }.frame(width: 100, height: 100))
        huge.scale = 1e300
        #expect(huge.cgImage == nil)
        let nanScale = ImageRenderer(content: Canvas { _, _ in }.frame(width: 100, height: 100))
        nanScale.scale = .nan
        #expect(nanScale.cgImage == nil)
        #expect(OpenCanvasDiagnostics.lastMessage != nil)
    }

    @Test("row 43: float-to-int conversions of NaN, ∞ or huge bounds clamp, never trap")
    func conversionsClamp() {
        let clean = scene { _ in }
        let image = scene { context in
            context.fill(Path(CGRect(x: -1e300, y: -1e300, width: 1e300, height: 1e300)), with: .color(.green))
            context.draw(Text("x"), at: CGPoint(x: CGFloat.nan, y: 1))
            context.draw(Text("x"), at: CGPoint(x: 1, y: 1), anchor: UnitPoint(x: .infinity, y: 0))
            context.draw(Text("x"), in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10))
            var c = context
            c.clip(to: Path(CGRect(x: 1e308, y: -1e308, width: 1e308, height: 1e308)))
            c.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 30)), with: .color(.green))
            c.opacity = .nan
            c.stroke(Path(CGRect(x: 1, y: 1, width: 5, height: 5)), with: .color(.green), lineWidth: .nan)
        }
        #expect(identical(image, clean))
    }
}
