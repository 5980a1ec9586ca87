import Foundation
import CanvasGeometry
import CanvasRaster
import CanvasCodecs

/// The oracle the path-operation tests compare against: the inputs and the result
/// rasterized by our own scan converter (curves flattened far finer than a pixel
/// first, so flattening does not blur the comparison), and the boolean of the
/// inputs' coverages bounded pixel by pixel.
///
/// Inside one pixel, if A covers a and B covers b, then A ∪ B covers between
/// max(a, b) and min(1, a + b), A ∩ B between max(0, a + b − 1) and min(a, b),
/// and so on: exact bounds, which become an exact value wherever either input
/// covers the pixel fully or not at all. Every pixel of the result must lie within
/// its bounds, give or take `slack` (the scan converter's own error, 2/255 per
/// mask, for three masks).
enum PathOracle {
    static let slack = 0.03

    struct Mask {
        let width: Int, height: Int
        var values: [Double]
        subscript(i: Int) -> Double { values[i] }
    }

    static func rasterize(_ path: PathData, evenOdd: Bool, width: Int, height: Int) -> Mask {
        var edges = EdgeList(clip: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        path.flattened(tolerance: 0.002).forEach { e in
            switch e {
            case .move(let p): edges.move(to: p)
            case .line(let p): edges.line(to: p)
            case .quad(_, let p), .cubic(_, _, let p): edges.line(to: p)
            case .close: edges.close()
            }
        }
        var spans = SpanBuffer()
        // The exact sweep: the oracle's bounds assume each pixel's true coverage.
        let scan = ScanConverter()
        scan.method = .exactSweep
        scan.fill(&edges, rule: evenOdd ? .evenOdd : .nonZero, into: &spans)
        var values = [Double](repeating: 0, count: width * height)
        for (key, a) in spans.coverageMap() where key.x >= 0 && key.x < width && key.y >= 0 && key.y < height {
            values[key.y * width + key.x] = Double(a) / 255
        }
        return Mask(width: width, height: height, values: values)
    }

    /// The exact bounds of the operation's coverage from the inputs' coverages.
    static func bounds(_ op: PathBooleanOperation, _ a: Double, _ b: Double) -> ClosedRange<Double> {
        let (lo, hi): (Double, Double)
        switch op {
        case .union: (lo, hi) = (max(a, b), min(1, a + b))
        case .intersection: (lo, hi) = (max(0, a + b - 1), min(a, b))
        case .subtraction: (lo, hi) = (max(0, a - b), min(a, 1 - b))
        case .symmetricDifference: (lo, hi) = (abs(a - b), min(a + b, 2 - a - b))
        }
        // lo ≤ hi exactly; rounding may swap them by an ulp.
        return min(lo, hi)...max(lo, hi)
    }

    struct Mismatch: CustomStringConvertible {
        var x: Int, y: Int, value: Double, expected: ClosedRange<Double>
        var count: Int
        var description: String {
            "\(count) pixels off; first at (\(x), \(y)): \(value) not in \(expected)"
        }
    }

    /// Compares `result` with the bounds from `a` and `b`; on a mismatch writes the
    /// three masks and the difference as PNGs under `failures/`.
    static func check(_ op: PathBooleanOperation, a: Mask, b: Mask, result: Mask, name: String) -> Mismatch? {
        var first: Mismatch? = nil
        var diff = [UInt8](repeating: 0, count: a.values.count * 4)
        for i in a.values.indices {
            let r = bounds(op, a[i], b[i])
            let v = result[i]
            let off = v < r.lowerBound - slack ? r.lowerBound - v : v > r.upperBound + slack ? v - r.upperBound : 0
            guard off > 0 else { continue }
            diff[i * 4] = UInt8(clamping: Int(off * 255)); diff[i * 4 + 3] = 255
            if first == nil {
                first = Mismatch(x: i % a.width, y: i / a.width, value: v, expected: r, count: 0)
            }
            first!.count += 1
        }
        if first != nil { write([a, b, result], diff: diff, name: name) }
        return first
    }

    /// Writes the masks side by side (A red, B blue, result grey) and the difference.
    static func write(_ masks: [Mask], diff: [UInt8], name: String) {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("failures")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let w = masks[0].width, h = masks[0].height
        var rgba = [UInt8](repeating: 255, count: w * h * 4 * masks.count)
        let stride = w * masks.count
        for (k, m) in masks.enumerated() {
            for y in 0..<h {
                for x in 0..<w {
                    let v = UInt8(255 - Int(m[y * w + x] * 255))
                    let o = (y * stride + k * w + x) * 4
                    rgba[o] = k == 1 ? v : (k == 0 ? 255 : v)
                    rgba[o + 1] = v
                    rgba[o + 2] = k == 0 ? v : (k == 1 ? 255 : v)
                }
            }
        }
        if let png = try? PNGCodec.encode(rgba: rgba, width: stride, height: h) {
            try? Data(png).write(to: dir.appendingPathComponent("\(name)-masks.png"))
        }
        if let png = try? PNGCodec.encode(rgba: diff, width: w, height: h) {
            try? Data(png).write(to: dir.appendingPathComponent("\(name)-diff.png"))
        }
    }

    /// The largest coverage difference between two masks.
    static func maxDifference(_ a: Mask, _ b: Mask) -> (Double, Int) {
        var worst = 0.0, at = 0
        for i in a.values.indices where abs(a[i] - b[i]) > worst { worst = abs(a[i] - b[i]); at = i }
        return (worst, at)
    }

    static func coveredArea(_ m: Mask) -> Double { m.values.reduce(0, +) }
}

/// A seeded generator (SplitMix64), so every random case can be replayed.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Shapes the tests combine, all inside a `size` × `size` square.
enum TestShapes {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> PathData {
        var p = PathData(); p.addRect(Rect(x: x, y: y, width: w, height: h)); return p
    }

    static func ellipse(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> PathData {
        var p = PathData(); p.addEllipse(in: Rect(x: x, y: y, width: w, height: h)); return p
    }

    static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> PathData {
        ellipse(cx - r, cy - r, 2 * r, 2 * r)
    }

    static func polygon(_ points: [Point]) -> PathData {
        var p = PathData()
        p.move(to: points[0])
        for q in points.dropFirst() { p.line(to: q) }
        p.close()
        return p
    }

    static func star(_ cx: Double, _ cy: Double, _ r: Double, points n: Int, inner: Double) -> PathData {
        polygon((0..<(2 * n)).map { i in
            let a = Double(i) * .pi / Double(n) - .pi / 2
            let rr = i % 2 == 0 ? r : r * inner
            return Point(cx + rr * cos(a), cy + rr * sin(a))
        })
    }

    /// A random shape: a self-intersecting polygon, a closed loop of random cubics or
    /// quads, an ellipse, a rounded rectangle, or a star.
    static func random(_ rng: inout SplitMix, size: Double) -> PathData {
        let m = size * 0.1
        func pt() -> Point { Point(rng.range(m, size - m), rng.range(m, size - m)) }
        switch rng.int(6) {
        case 0:
            return polygon((0..<(3 + rng.int(8))).map { _ in pt() })
        case 1:
            var p = PathData()
            let n = 2 + rng.int(4)
            let start = pt()
            p.move(to: start)
            for i in 0..<n { p.cubic(to: i == n - 1 ? start : pt(), control1: pt(), control2: pt()) }
            p.close()
            return p
        case 2:
            var p = PathData()
            let n = 2 + rng.int(5)
            p.move(to: pt())
            for _ in 0..<n { p.quad(to: pt(), control: pt()) }
            p.close()
            return p
        case 3:
            let a = pt(), b = pt()
            return ellipse(min(a.x, b.x), min(a.y, b.y), abs(a.x - b.x) + 4, abs(a.y - b.y) + 4)
        case 4:
            let a = pt(), b = pt()
            var p = PathData()
            let r = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 4, height: abs(a.y - b.y) + 4)
            let radius = min(r.width, r.height) * rng.range(0.05, 0.5)
            p.addRoundedRect(r, radii: CornerRadii(uniform: radius, radius))
            return p
        default:
            let c = Point(rng.range(size * 0.4, size * 0.6), rng.range(size * 0.4, size * 0.6))
            return star(c.x, c.y, rng.range(size * 0.15, size * 0.38), points: 3 + rng.int(6), inner: rng.range(0.2, 0.9))
        }
    }
}

extension PathData {
    /// The number of each kind of segment, for "curves stay curves".
    var segmentCounts: (lines: Int, quads: Int, cubics: Int, closes: Int) {
        var c = (0, 0, 0, 0)
        forEach { e in
            switch e {
            case .line: c.0 += 1
            case .quad: c.1 += 1
            case .cubic: c.2 += 1
            case .close: c.3 += 1
            case .move: break
            }
        }
        return c
    }

    var subpathCount: Int {
        var n = 0
        forEach { if case .move = $0 { n += 1 } }
        return n
    }
}
