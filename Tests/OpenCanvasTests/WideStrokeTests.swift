import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Strokes wider than the curve is tight (half the width above the radius of
/// curvature), compared with exact oracles: the pen must sweep the whole area
/// between the two offset curves, with no notches at the joins between the
/// flattened pieces of one curve (the cases of the web-platform-tests'
/// `2d.path.arc.shape`, `2d.path.arc.selfintersect` and `2d.path.arc.scale`).
///
/// Policy: a pixel whose centre lies more than 1.5 px inside the oracle's region
/// must be fully covered (alpha ≥ 253), one more than 1.5 px outside it must be
/// empty (alpha ≤ 2); pixels near the boundary are anti-aliased and not probed,
/// but the total coverage must match the oracle's area within 1 %.
@MainActor
@Suite("Wide strokes of curves")
struct WideStrokeTests {
    /// Distance-like membership: how far inside (positive) or outside (negative) a
    /// point is, in pixels, or `nil` when the oracle cannot say cheaply.
    typealias Oracle = (CGPoint) -> Double

    /// An arc around `center` of `radius` from `start` turning `delta` (radians,
    /// positive turning toward +y), stroked `hw` either side with butt caps. A point
    /// at polar (ρ, φ) is covered when φ is on the arc and |ρ − R| ≤ hw, or when
    /// φ + π is on the arc and ρ ≤ hw − R (the pen's far end past the centre).
    static func buttArc(center: CGPoint, radius r: Double, start: Double, delta: Double, halfWidth hw: Double) -> Oracle {
        /// How far angle φ is inside the arc's range (radians, negative outside).
        func angularDepth(_ phi: Double) -> Double {
            if abs(delta) >= 2 * .pi { return .infinity }
            var d = (delta >= 0 ? phi - start : start - phi).truncatingRemainder(dividingBy: 2 * .pi)
            if d < 0 { d += 2 * .pi }
            return d <= abs(delta) ? min(d, abs(delta) - d) : -min(d - abs(delta), 2 * .pi - d)
        }
        return { p in
            let dx = p.x - center.x, dy = p.y - center.y
            let rho = (dx * dx + dy * dy).squareRoot(), phi = atan2(dy, dx)
            // Each part is an angular range intersected with a radial band: inside
            // both by the smaller depth (the angular one as the distance to the end
            // ray); the union of the two parts by the larger.
            func ray(_ a: Double) -> Double { a.isInfinite ? a : rho * sin(max(min(a, .pi / 2), -.pi / 2)) }
            let main = min(hw - abs(rho - r), ray(angularDepth(phi)))
            let opposite = min(hw - r - rho, ray(angularDepth(phi + .pi)))
            return max(main, opposite)
        }
    }

    /// The stroke of a polyline sampled densely from a curve, with round caps and
    /// joins: the points within `hw` of it (a disc swept along the curve).
    static func discSweep(_ points: [CGPoint], halfWidth hw: Double) -> Oracle {
        { p in
            var best = Double.infinity
            for i in 1..<points.count {
                let a = points[i - 1], b = points[i]
                let abx = b.x - a.x, aby = b.y - a.y, apx = p.x - a.x, apy = p.y - a.y
                let len2 = abx * abx + aby * aby
                let t = len2 > 0 ? min(max((apx * abx + apy * aby) / len2, 0), 1) : 0
                let dx = apx - t * abx, dy = apy - t * aby
                best = min(best, dx * dx + dy * dy)
            }
            return hw - best.squareRoot()
        }
    }

    /// Renders `draw` and checks every pixel against `inside`; returns a failure
    /// description or nil, and writes the image to test-output/ on failure.
    func check(_ name: String, width: Int, height: Int, area: Double? = nil,
               _ draw: @escaping (inout GraphicsContext) -> Void, inside: Oracle) -> String? {
        guard let image = renderCanvas(width: CGFloat(width), height: CGFloat(height), { context, _ in draw(&context) }) else {
            return "no image"
        }
        var problems: [String] = []
        var total = 0.0, expected = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let a = Int(image.pixel(x: x, y: y).alpha)
                total += Double(a) / 255
                let d = inside(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                expected += min(max(d + 0.5, 0), 1)
                if d > 1.5 && a < 253 { problems.append("(\(x), \(y)) inside has alpha \(a)") }
                if d < -1.5 && a > 2 { problems.append("(\(x), \(y)) outside has alpha \(a)") }
            }
        }
        let reference = area ?? expected
        if abs(total - reference) > 0.01 * max(reference, 1) {
            problems.append("coverage \(total) px², oracle \(reference) px²")
        }
        guard !problems.isEmpty else { return nil }
        let directory = ReferenceImage.outputDirectory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name)-actual.png")
        try? image.pngData()?.write(to: url)
        return "\(name): \(problems.count) problems, e.g. \(problems.prefix(4).joined(separator: "; ")); image at \(url.path)"
    }

    @Test("an arc of radius 50 stroked 200 wide covers the area between its offset curves")
    func wideArc() {
        let center = CGPoint(x: 100, y: 100)
        let problem = check("wide-arc", width: 220, height: 220, { context in
            var path = Path()
            path.addRelativeArc(center: center, radius: 50, startAngle: .zero, delta: .degrees(120))
            context.stroke(path, with: .color(.black), lineWidth: 200)
        }, inside: Self.buttArc(center: center, radius: 50, start: 0, delta: 2 * .pi / 3, halfWidth: 100))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a self-intersecting arc stroked 180 wide (the pen past the centre)")
    func selfIntersectingArc() {
        let center = CGPoint(x: 110, y: 110)
        let problem = check("selfintersecting-arc", width: 220, height: 220, { context in
            var path = Path()
            path.addRelativeArc(center: center, radius: 25, startAngle: .degrees(-90), delta: .degrees(-270))
            context.stroke(path, with: .color(.black), lineWidth: 180)
        }, inside: Self.buttArc(center: center, radius: 25, start: -.pi / 2, delta: -1.5 * .pi, halfWidth: 90))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a small arc stroked under a scale of 100")
    func scaledArc() {
        let problem = check("scaled-arc", width: 120, height: 120, { context in
            context.scaleBy(x: 100, y: 100)
            var path = Path()
            path.addRelativeArc(center: CGPoint(x: 0.6, y: 0.6), radius: 0.2, startAngle: .degrees(180), delta: .degrees(180))
            context.stroke(path, with: .color(.black), lineWidth: 0.7)
        }, inside: Self.buttArc(center: CGPoint(x: 60, y: 60), radius: 20, start: .pi, delta: .pi, halfWidth: 35))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("a tight cubic stroked wide with round caps matches a dense disc sweep, for every join style")
    func cubicAgainstDiscSweep() {
        let p0 = CGPoint(x: 30, y: 120), c1 = CGPoint(x: 160, y: 10), c2 = CGPoint(x: 20, y: 10), p3 = CGPoint(x: 140, y: 120)
        var samples: [CGPoint] = []
        for i in 0...600 {
            let t = Double(i) / 600, u = 1 - t
            samples.append(CGPoint(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
                                   y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y))
        }
        let oracle = Self.discSweep(samples, halfWidth: 30)
        for join in [CGLineJoin.miter, .round, .bevel] {
            let problem = check("wide-cubic-\(join)", width: 170, height: 160, { context in
                var path = Path()
                path.move(to: p0)
                path.addCurve(to: p3, control1: c1, control2: c2)
                context.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: 60, lineCap: .round, lineJoin: join))
            }, inside: oracle)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

    @Test("corners between segments keep their join style; only curves turn smoothly")
    func cornersKeepTheirJoin() {
        // A right angle with a bevel join: the corner's outer triangle beyond the
        // bevel stays empty (a round sweep there would be a defect).
        guard let image = renderCanvas(width: 100, height: 100, { context, _ in
            var path = Path()
            path.move(to: CGPoint(x: 20, y: 60))
            path.addLine(to: CGPoint(x: 60, y: 60))
            path.addLine(to: CGPoint(x: 60, y: 20))
            context.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: 20, lineJoin: .bevel))
        }) else { Issue.record("no image"); return }
        #expect(image.pixel(x: 66, y: 66).alpha == 0)       // beyond the bevel, within a round join's reach
        #expect(image.pixel(x: 64, y: 64).alpha > 250)      // inside the bevel triangle
    }
}
