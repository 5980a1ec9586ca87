import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Gradient cases translated from the web-platform-tests canvas suite
/// (`html/canvas/tools/yaml/fill-and-stroke-styles.yaml`), keeping each test's
/// expected pixels and tolerances: `createLinearGradient` is
/// `.linearGradient(_:startPoint:endPoint:)`, a concentric `createRadialGradient`
/// is `.radialGradient(_:center:startRadius:endRadius:)`, `createConicGradient`
/// is `.conicGradient(_:center:angle:)`, `fillRect` fills a rectangle path.
@MainActor
@Suite("WPT: gradients")
struct WPTGradientTests {
    typealias Expect = (x: Int, y: Int, rgba: (Int, Int, Int, Int), tolerance: Int)

    func check(_ name: String, width: CGFloat = 100, _ expectations: [Expect],
               _ draw: @escaping (inout GraphicsContext, CGSize) -> Void) {
        let image = renderCanvas(width: width, height: 50, draw)
        for e in expectations {
            if let problem = pixelMismatch(image, e.x, e.y, e.rgba, tolerance: e.tolerance) {
                Issue.record("\(name): \(problem)")
            }
        }
    }

    func stops(_ s: [(CGFloat, Color)]) -> Gradient { Gradient(stops: s.map { .init(color: $0.1, location: $0.0) }) }
    let full = Path(CGRect(x: 0, y: 0, width: 100, height: 50))
    let green = (0, 255, 0, 255)

    @Test("2d.gradient.interpolate.solid")
    func solid() {
        check("2d.gradient.interpolate.solid", [(50, 25, green, 0)]) { c, _ in
            c.fill(self.full, with: .linearGradient(self.stops([(0, css(0, 255, 0)), (1, css(0, 255, 0))]),
                                                    startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.color")
    func color() {
        check("2d.gradient.interpolate.color", [(25, 25, (191, 191, 63, 255), 3), (50, 25, (127, 127, 127, 255), 3),
                                                (75, 25, (63, 63, 191, 255), 3)]) { c, _ in
            c.fill(self.full, with: .linearGradient(self.stops([(0, css(255, 255, 0)), (1, css(0, 0, 255))]),
                                                    startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.alpha")
    func alpha() {
        check("2d.gradient.interpolate.alpha", [(25, 25, (191, 191, 63, 255), 3), (50, 25, (127, 127, 127, 255), 3),
                                                (75, 25, (63, 63, 191, 255), 3)]) { c, _ in
            c.fill(self.full, with: .color(css(255, 255, 0)))
            c.fill(self.full, with: .linearGradient(self.stops([(0, css(0, 0, 255, 0)), (1, css(0, 0, 255, 1))]),
                                                    startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.coloralpha (colours interpolated without premultiplying)")
    func colorAlpha() {
        check("2d.gradient.interpolate.coloralpha", [(25, 25, (190, 190, 65, 65), 3), (50, 25, (126, 126, 128, 128), 3),
                                                     (75, 25, (62, 62, 192, 192), 3)]) { c, _ in
            c.fill(self.full, with: .linearGradient(self.stops([(0, css(255, 255, 0, 0)), (1, css(0, 0, 255, 1))]),
                                                    startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.outside")
    func outside() {
        check("2d.gradient.interpolate.outside", [(20, 25, green, 2), (50, 25, green, 2), (80, 25, green, 2)]) { c, _ in
            c.fill(self.full, with: .color(css(255, 0, 0)))
            c.fill(self.full, with: .linearGradient(self.stops([(0.4, css(0, 255, 0)), (0.6, css(0, 255, 0))]),
                                                    startPoint: CGPoint(x: 25, y: 0), endPoint: CGPoint(x: 75, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.zerosize.fill / .fillRect / .stroke / .strokeRect: nothing is painted")
    func zeroSize() {
        let g = GraphicsContext.Shading.linearGradient(stops([(0, css(255, 0, 0)), (1, css(255, 0, 0))]),
                                                       startPoint: CGPoint(x: 50, y: 25), endPoint: CGPoint(x: 50, y: 25))
        check("2d.gradient.interpolate.zerosize.fill", [(40, 20, green, 0)]) { c, _ in
            c.fill(self.full, with: .color(css(0, 255, 0)))
            c.fill(self.full, with: g)
        }
        let strokePoints = [(19, 19), (20, 19), (21, 19), (19, 20), (20, 20), (21, 20), (19, 21), (20, 21), (21, 21)]
        check("2d.gradient.interpolate.zerosize.stroke", strokePoints.map { ($0.0, $0.1, green, 0) }) { c, _ in
            c.fill(self.full, with: .color(css(0, 255, 0)))
            c.stroke(Path(CGRect(x: 20, y: 20, width: 60, height: 10)), with: g)
        }
    }

    @Test("2d.gradient.interpolate.vertical")
    func vertical() {
        check("2d.gradient.interpolate.vertical", [(50, 12, (191, 191, 63, 255), 10), (50, 25, (127, 127, 127, 255), 5),
                                                   (50, 37, (63, 63, 191, 255), 10)]) { c, _ in
            c.fill(self.full, with: .linearGradient(self.stops([(0, css(255, 255, 0)), (1, css(0, 0, 255))]),
                                                    startPoint: .zero, endPoint: CGPoint(x: 0, y: 50)))
        }
    }

    @Test("2d.gradient.interpolate.multiple")
    func multiple() {
        check("2d.gradient.interpolate.multiple", width: 200,
              [(50, 25, (127, 255, 127, 255), 3), (100, 25, (0, 255, 255, 255), 3), (150, 25, (127, 127, 255, 255), 3)]) { c, _ in
            c.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 50)),
                   with: .linearGradient(self.stops([(0, css(255, 255, 0)), (0.5, css(0, 255, 255)), (1, css(255, 0, 255))]),
                                         startPoint: .zero, endPoint: CGPoint(x: 200, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.overlap (stops at one offset keep their order)")
    func overlap() {
        let blue = (0, 0, 255, 255), yellow = (255, 255, 0, 255)
        check("2d.gradient.interpolate.overlap", width: 200,
              [(49, 25, blue, 16), (51, 25, yellow, 16), (99, 25, blue, 16), (101, 25, yellow, 16),
               (149, 25, blue, 16), (151, 25, yellow, 16)]) { c, _ in
            let s: [(CGFloat, Color)] = [
                (0, css(255, 0, 0)), (0, css(255, 255, 0)), (0.25, css(0, 0, 255)), (0.25, css(0, 255, 0)),
                (0.25, css(0, 255, 0)), (0.25, css(0, 255, 0)), (0.25, css(255, 255, 0)), (0.5, css(0, 0, 255)),
                (0.5, css(0, 255, 0)), (0.75, css(0, 0, 255)), (0.75, css(255, 0, 0)), (0.75, css(255, 255, 0)),
                (0.5, css(0, 255, 0)), (0.5, css(0, 255, 0)), (0.5, css(255, 255, 0)), (1, css(0, 0, 255)),
            ]
            c.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 50)),
                   with: .linearGradient(self.stops(s), startPoint: .zero, endPoint: CGPoint(x: 200, y: 0)))
        }
    }

    @Test("2d.gradient.interpolate.overlap2")
    func overlap2() {
        check("2d.gradient.interpolate.overlap2", [(1, 25, green, 0), (30, 25, green, 0), (40, 25, green, 0),
                                                   (60, 25, green, 0), (80, 25, green, 0)]) { c, _ in
            var s: [(CGFloat, Color)] = []
            for p in [0, 1.0 / 10, 1.0 / 4, 1.0 / 3, 1.0 / 2, 3.0 / 4, 1] {
                s.append((p, css(0, 255, 0)))
                for _ in 0..<15 { s.append((p, css(255, 0, 0))) }
                s.append((p, css(0, 255, 0)))
            }
            c.fill(self.full, with: .linearGradient(self.stops(s), startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
        }
    }

    @Test("2d.gradient.empty: no stops paints nothing")
    func empty() {
        check("2d.gradient.empty", [(50, 25, green, 2)]) { c, _ in
            c.fill(self.full, with: .color(css(0, 255, 0)))
            c.fill(self.full, with: .linearGradient(Gradient(stops: []), startPoint: .zero, endPoint: CGPoint(x: 0, y: 50)))
        }
    }

    // MARK: Radial (concentric circles)

    static let grid9: [(Int, Int, Int)] = [(1, 1, 0), (50, 1, 0), (98, 1, 0), (1, 25, 0), (50, 25, 0), (98, 25, 1),
                                          (1, 48, 0), (50, 48, 1), (98, 48, 0)]

    @Test("2d.gradient.radial.inside1/2/3, outside1/2/3, equal", arguments: [
        ("inside1", (50.0, 25.0), 100.0, 200.0, [(0.0, 0), (1, 1)], false),
        ("inside2", (50, 25), 200, 100, [(0, 1), (1, 0)], false),
        ("inside3", (50, 25), 200, 100, [(0, 1), (0.993, 1), (1, 0)], false),
        ("outside1", (200, 25), 10, 20, [(0, 1), (1, 0)], false),
        ("outside2", (200, 25), 20, 10, [(0, 0), (1, 1)], false),
        ("outside3", (200, 25), 20, 10, [(0, 0), (0.001, 1), (1, 1)], false),
        ("equal", (50, 25), 20, 20, [(0, 1), (1, 1)], true),
    ] as [(String, (Double, Double), Double, Double, [(Double, Int)], Bool)])
    func radial(_ name: String, _ center: (Double, Double), _ r0: Double, _ r1: Double, _ s: [(Double, Int)],
                _ greenBackground: Bool) {
        // Stop colour 0 is green, 1 is red.
        let colors = [css(0, 255, 0), css(255, 0, 0)]
        check("2d.gradient.radial.\(name)", WPTGradientTests.grid9.map { ($0.0, $0.1, green, $0.2) }) { c, _ in
            c.fill(self.full, with: .color(greenBackground ? css(0, 255, 0) : css(255, 0, 0)))
            c.fill(self.full, with: .radialGradient(self.stops(s.map { (CGFloat($0.0), colors[$0.1]) }),
                                                    center: CGPoint(x: center.0, y: center.1),
                                                    startRadius: r0, endRadius: r1))
        }
    }

    @Test("2d.gradient.radial.transform.1/2/3: the transform at fill time applies", arguments: [1, 2, 3])
    func radialTransform(_ variant: Int) {
        let g = stops([(0, css(0, 255, 0)), (0.5, css(0, 255, 0)), (0.51, css(255, 0, 0)), (1, css(255, 0, 0))])
        check("2d.gradient.radial.transform.\(variant)", [(25, 25, green, 0), (50, 25, green, 0), (75, 25, green, 0)]) { c, _ in
            let shading = GraphicsContext.Shading.radialGradient(g, center: .zero, startRadius: 0, endRadius: 11.2)
            if variant == 3 { c.fill(self.full, with: shading) }
            if variant == 2 {
                c.translateBy(x: 100, y: 0)
                c.translateBy(x: -50, y: 25)
            } else {
                c.translateBy(x: 50, y: 25)
            }
            c.scaleBy(x: 10, y: 10)
            c.fill(Path(CGRect(x: -5, y: -2.5, width: 10, height: 5)), with: shading)
        }
    }

    @Test("2d.gradient.radial.negative: a negative radius is ignored (canvas throws); nothing is painted")
    func radialNegative() {
        for (r0, r1) in [(-0.1, 1.0), (1, -0.1), (-0.1, -0.1)] {
            check("2d.gradient.radial.negative", [(50, 25, green, 0)]) { c, _ in
                c.fill(self.full, with: .color(css(0, 255, 0)))
                c.fill(self.full, with: .radialGradient(self.stops([(0, css(255, 0, 0)), (1, css(255, 0, 0))]),
                                                        center: .zero, startRadius: r0, endRadius: r1))
            }
        }
    }

    // MARK: Conic

    @Test("2d.gradient.conic.positive.rotation / negative.rotation", arguments: [3 * Double.pi / 2, -Double.pi / 2])
    func conic(_ angle: Double) {
        let g = stops([(0, css(255, 0, 0)), (0.25, css(0, 255, 0)), (0.5, css(0, 255, 0)), (0.75, css(255, 0, 0))])
        check("2d.gradient.conic rotation \(angle)", [(25, 15, (255, 0, 0, 255), 3), (75, 40, green, 3)]) { c, _ in
            c.fill(self.full, with: .conicGradient(g, center: CGPoint(x: 50, y: 25), angle: .radians(angle)))
        }
    }
}
