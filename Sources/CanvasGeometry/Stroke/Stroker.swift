#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a path and a stroke style into a fillable outline (fill it with the
/// non-zero rule).
///
/// This first stroker builds the outline as a union of simple pieces — a
/// quadrilateral per segment, a polygon per join and per cap — all turning the same
/// way, so that the non-zero rule merges them. The scan converter applies the rule
/// exactly where pieces overlap, so the union has no seams. Curves are flattened
/// within `tolerance` before offsetting.
public enum Stroker {
    public static func stroke(_ path: PathData, _ style: StrokeParameters, tolerance: Double) -> PathData {
        var out = PathData()
        let hw = style.width / 2
        guard hw > 0, hw.isFinite, tolerance > 0 else { return out }
        var lines = path.polylines(tolerance: tolerance)
        if let pattern = Dasher.validPattern(style.dash) {
            lines = Dasher.dash(lines, pattern: pattern, phase: style.dashPhase)
        }
        var builder = PieceBuilder(hw: hw, tolerance: tolerance)
        for line in lines { builder.add(line, style) }
        out = builder.path
        return out
    }
}

private struct PieceBuilder {
    let hw: Double
    let tolerance: Double
    var path = PathData()

    init(hw: Double, tolerance: Double) {
        self.hw = hw
        self.tolerance = tolerance
    }

    /// Adds a closed polygon turning clockwise on a y-down screen (positive area).
    mutating func polygon(_ pts: [Point]) {
        guard pts.count >= 3 else { return }
        var area = 0.0
        for i in 0..<pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return }
        let ordered = area > 0 ? pts : pts.reversed()
        path.move(to: ordered[0])
        for p in ordered.dropFirst() { path.line(to: p) }
        path.close()
    }

    mutating func circle(_ c: Point) {
        let n = circleSegments
        var pts: [Point] = []
        pts.reserveCapacity(n)
        for i in 0..<n {
            let a = Double(i) * 2 * .pi / Double(n)
            pts.append(Point(c.x + hw * cos(a), c.y + hw * sin(a)))
        }
        polygon(pts)
    }

    var circleSegments: Int {
        // The chord of an arc of angle θ deviates by r(1 − cos(θ/2)).
        let ratio = min(1, tolerance / hw)
        let theta = 2 * acos(1 - ratio)
        return max(8, min(1024, Int((2 * .pi / max(theta, 1e-3)).rounded(.up))))
    }

    mutating func add(_ line: Polyline, _ style: StrokeParameters) {
        let pts = line.points
        if pts.count == 1 {
            let p = pts[0]
            switch style.cap {
            case .butt: break
            case .round: circle(p)
            case .square:
                let d = line.direction * hw
                let n = Point(-d.y, d.x)
                polygon([p - d + n, p + d + n, p + d - n, p - d - n])
            }
            return
        }
        let count = pts.count
        let segmentCount = line.closed ? count : count - 1
        for i in 0..<segmentCount {
            let a = pts[i], b = pts[(i + 1) % count]
            let d = b - a
            let len = d.length
            guard len > 0 else { continue }
            let u = d * (1 / len)
            let n = Point(-u.y, u.x) * hw
            polygon([a + n, b + n, b - n, a - n])
        }
        // Joins at interior vertices, and at the first vertex when closed.
        let joinRange = line.closed ? 0..<count : 1..<(count - 1)
        for i in joinRange {
            let p = pts[i]
            let prev = pts[(i - 1 + count) % count], next = pts[(i + 1) % count]
            join(p, incoming: p - prev, outgoing: next - p, style)
        }
        if !line.closed {
            cap(pts[0], direction: pts[0] - pts[1], style.cap)
            cap(pts[count - 1], direction: pts[count - 1] - pts[count - 2], style.cap)
        }
    }

    mutating func cap(_ p: Point, direction d0: Point, _ cap: StrokeParameters.Cap) {
        let len = d0.length
        guard len > 0 else { return }
        let u = d0 * (1 / len)
        switch cap {
        case .butt: break
        case .round: circle(p)
        case .square:
            let n = Point(-u.y, u.x) * hw
            let e = u * hw
            polygon([p + n, p + e + n, p + e - n, p - n])
        }
    }

    mutating func join(_ p: Point, incoming a: Point, outgoing b: Point, _ style: StrokeParameters) {
        let la = a.length, lb = b.length
        guard la > 0, lb > 0 else { return }
        let u0 = a * (1 / la), u1 = b * (1 / lb)
        let cross = u0.cross(u1), dot = u0.dot(u1)
        if abs(cross) < 1e-12 && dot > 0 { return }            // straight on
        switch style.join {
        case .round:
            circle(p)
        case .bevel, .miter:
            let s: Double = cross > 0 ? -1 : 1                  // the outer side
            let n0 = Point(-u0.y, u0.x) * (hw * s), n1 = Point(-u1.y, u1.x) * (hw * s)
            if style.join == .miter {
                let cosHalf = ((1 + dot) / 2).squareRoot()      // sin of half the inner angle
                let limit = style.miterLimit.isFinite && style.miterLimit > 0 ? style.miterLimit : 10
                if cosHalf > 1e-9 && 1 / cosHalf <= limit {
                    let m = (n0 + n1) * (1 / (1 + dot))
                    polygon([p, p + n0, p + m, p + n1])
                    return
                }
            }
            polygon([p, p + n0, p + n1])
        }
    }
}
