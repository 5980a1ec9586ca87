#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Closed polygons: the outline of a stroke, ready to fill with the non-zero rule.
public struct OutlineBuffer {
    public var points = ScratchBuffer<Point>(capacity: 256)
    /// The index one past the last point of each contour.
    public var contourEnds = ScratchBuffer<Int32>(capacity: 16)

    public init() {}

    public mutating func removeAll() {
        points.removeAll()
        contourEnds.removeAll()
    }

    @inlinable @inline(__always)
    public mutating func add(_ p: Point) { points.append(p) }

    public mutating func closeContour(from start: Int) {
        if points.count - start >= 3 {
            contourEnds.append(Int32(truncatingIfNeeded: points.count))
        } else {
            points.resize(start)        // a contour of fewer than 3 points has no area
        }
    }

    /// The outline as path storage.
    public var pathData: PathData {
        var path = PathData()
        var start = 0
        for k in 0..<contourEnds.count {
            let end = Int(contourEnds[k])
            path.move(to: points[start])
            for i in (start + 1)..<end { path.line(to: points[i]) }
            path.close()
            start = end
        }
        return path
    }
}

/// Turns a path and a stroke style into the outline of the stroke.
///
/// Curves are flattened within `tolerance` (in the path's own space) and each
/// subpath's polyline is offset by half the width on both sides. An open subpath
/// becomes one closed contour — left side forward, end cap, right side backward,
/// start cap; a closed subpath becomes two contours turning opposite ways, so that
/// the non-zero rule fills the ring between them. At each vertex the outer side gets
/// the join (a miter within the limit, Core Graphics' definition: the miter length
/// over the line width; an arc; a bevel) and the inner side passes through the
/// vertex itself, which keeps sharp inner corners correct under the non-zero rule.
/// Pieces that overlap are merged exactly by the scan converter.
public enum Stroker {
    public static func stroke(_ path: PathData, _ style: StrokeParameters, tolerance: Double,
                              into out: inout OutlineBuffer) {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite, tolerance > 0, tolerance.isFinite else { return }
        var lines = path.polylines(tolerance: tolerance)
        if let pattern = Dasher.validPattern(style.dash) {
            lines = Dasher.dash(lines, pattern: pattern, phase: style.dashPhase)
        }
        var builder = OutlineBuilder(hw: hw, style: style, tolerance: tolerance)
        for line in lines {
            line.points.withUnsafeBufferPointer { pts in
                builder.add(pts, closed: line.closed, direction: line.direction, into: &out)
            }
        }
    }

    /// The outline as path storage (for `Path.strokedPath`).
    public static func stroke(_ path: PathData, _ style: StrokeParameters, tolerance: Double) -> PathData {
        var out = OutlineBuffer()
        stroke(path, style, tolerance: tolerance, into: &out)
        return out.pathData
    }
}

private struct OutlineBuilder {
    let hw: Double
    let style: StrokeParameters
    let tolerance: Double
    /// The largest angle an arc step may turn and stay within the tolerance.
    let arcStep: Double
    let miterLimit: Double

    init(hw: Double, style: StrokeParameters, tolerance: Double) {
        self.hw = hw
        self.style = style
        self.tolerance = tolerance
        // A chord of angle θ deviates from its arc by r(1 − cos(θ/2)).
        let ratio = min(1, tolerance / hw)
        arcStep = max(2 * acos(1 - ratio), 0.01)
        miterLimit = style.miterLimit.isFinite && style.miterLimit > 0 ? style.miterLimit : 10
    }

    @inline(__always)
    func normal(_ u: Point) -> Point { Point(-u.y * hw, u.x * hw) }

    @inline(__always)
    func unit(_ a: Point, _ b: Point) -> Point {
        let d = b - a
        let len = d.length
        return len > 0 ? d * (1 / len) : Point(1, 0)
    }

    mutating func add(_ pts: UnsafeBufferPointer<Point>, closed: Bool, direction: Point, into out: inout OutlineBuffer) {
        let n = pts.count
        guard n > 0 else { return }
        if n == 1 {
            dot(pts[0], direction: direction, into: &out)
            return
        }
        if closed {
            // Two loops: the left side forward, the right side backward.
            var start = out.points.count
            side(pts, count: n, closed: true, reversed: false, into: &out)
            out.closeContour(from: start)
            start = out.points.count
            side(pts, count: n, closed: true, reversed: true, into: &out)
            out.closeContour(from: start)
            return
        }
        let start = out.points.count
        side(pts, count: n, closed: false, reversed: false, into: &out)
        cap(pts[n - 1], direction: unit(pts[n - 2], pts[n - 1]), into: &out)
        side(pts, count: n, closed: false, reversed: true, into: &out)
        cap(pts[0], direction: unit(pts[1], pts[0]), into: &out)
        out.closeContour(from: start)
    }

    /// The left side of the polyline (or of the reversed polyline): offset points, with
    /// joins at interior vertices (at every vertex when closed).
    @inline(__always)
    func point(_ pts: UnsafeBufferPointer<Point>, _ count: Int, _ i: Int, _ reversed: Bool) -> Point {
        reversed ? pts[count - 1 - i] : pts[i]
    }

    mutating func side(_ pts: UnsafeBufferPointer<Point>, count n: Int, closed: Bool, reversed: Bool,
                       into out: inout OutlineBuffer) {
        if closed {
            for i in 0..<n {
                let prev = point(pts, n, (i + n - 1) % n, reversed)
                let p = point(pts, n, i, reversed)
                let next = point(pts, n, (i + 1) % n, reversed)
                join(p, prev, next, into: &out)
            }
            return
        }
        let p0 = point(pts, n, 0, reversed), p1 = point(pts, n, 1, reversed)
        out.add(p0 + normal(unit(p0, p1)))
        if n > 2 {
            for i in 1..<(n - 1) {
                let prev = point(pts, n, i - 1, reversed)
                let p = point(pts, n, i, reversed)
                let next = point(pts, n, i + 1, reversed)
                join(p, prev, next, into: &out)
            }
        }
        let a = point(pts, n, n - 2, reversed), b = point(pts, n, n - 1, reversed)
        out.add(b + normal(unit(a, b)))
    }

    /// The join at `p` on the left side, between the segments from `prev` and to `next`.
    mutating func join(_ p: Point, _ prev: Point, _ next: Point, into out: inout OutlineBuffer) {
        let d0 = p - prev, d1 = next - p
        let len0 = d0.length, len1 = d1.length
        let u0 = len0 > 0 ? d0 * (1 / len0) : Point(1, 0), u1 = len1 > 0 ? d1 * (1 / len1) : Point(1, 0)
        let n0 = normal(u0), n1 = normal(u1)
        let cross = u0.cross(u1), dot = u0.dot(u1)
        if abs(cross) < 1e-9 && dot > 0 {
            out.add(p + n1)                       // straight on
            return
        }
        if cross > 0 {
            // The left side is the inner side here. Where the two offset lines meet
            // within both segments, that meeting point is the corner; otherwise (short
            // segments, sharp turns) the side passes through the vertex itself, which
            // the non-zero rule fills correctly.
            if 1 + dot > 1e-6 && hw * cross / (1 + dot) <= min(len0, len1) {
                out.add(p + (n0 + n1) * (1 / (1 + dot)))
            } else {
                out.add(p + n0)
                out.add(p)
                out.add(p + n1)
            }
            return
        }
        out.add(p + n0)
        switch style.join {
        case .round:
            arc(p, from: n0, sweep: atan2(cross, dot) == .pi ? -.pi : atan2(cross, dot), into: &out)
        case .miter:
            // The miter is the line width over sin(θ/2), θ the angle between the segments.
            // A near-reversal (a miter over ~1,400 widths long) is always bevelled, as
            // Skia does, whatever the limit: no spikes from almost parallel segments.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if 1 + dot > 1e-6 && 1 / cosHalf <= miterLimit {
                out.add(p + (n0 + n1) * (1 / (1 + dot)))
            }
        case .bevel:
            break
        }
        out.add(p + n1)
    }

    /// Arc points strictly between `p + from` and its rotation by `sweep`.
    mutating func arc(_ p: Point, from v: Point, sweep: Double, into out: inout OutlineBuffer) {
        // At most 4,096 steps an arc: only absurd widths (≥ 10⁶ times the tolerance)
        // reach the cap, and their arcs lie far outside any canvas.
        let steps = min(4096, Int((abs(sweep) / arcStep).rounded(.up)))
        guard steps > 1 else { return }
        let a0 = atan2(v.y, v.x)
        let step = sweep / Double(steps)
        for k in 1..<steps {
            let a = a0 + step * Double(k)
            out.add(Point(p.x + hw * cos(a), p.y + hw * sin(a)))
        }
    }

    /// The cap at `p`, the end of a side heading in direction `u`: from the left
    /// offset round to the right one.
    mutating func cap(_ p: Point, direction u: Point, into out: inout OutlineBuffer) {
        let n = normal(u)
        switch style.cap {
        case .butt:
            break
        case .square:
            let e = u * hw
            out.add(p + n + e)
            out.add(p - n + e)
        case .round:
            arc(p, from: n, sweep: -.pi, into: &out)
        }
    }

    /// A zero-length subpath: a dot for round caps, a square for square caps.
    mutating func dot(_ p: Point, direction: Point, into out: inout OutlineBuffer) {
        let start = out.points.count
        switch style.cap {
        case .butt:
            return
        case .round:
            let steps = max(8, min(8192, Int((2 * .pi / arcStep).rounded(.up))))
            for k in 0..<steps {
                let a = 2 * Double.pi * Double(k) / Double(steps)
                out.add(Point(p.x + hw * cos(a), p.y + hw * sin(a)))
            }
        case .square:
            let d = direction * hw
            let n = Point(-d.y, d.x)
            out.add(p - d + n); out.add(p + d + n); out.add(p + d - n); out.add(p - d - n)
        }
        out.closeContour(from: start)
    }
}
