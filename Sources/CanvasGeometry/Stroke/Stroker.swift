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
    /// The stroker's working storage, kept with the buffer so that a renderer
    /// stroking frame after frame allocates nothing once it is large enough: the
    /// polylines (their point arrays reused), the inner wedges of smooth vertices.
    @usableFromInline var polylines: [Polyline] = []
    @usableFromInline var wedges = ScratchBuffer<Point>(capacity: 0)
    @usableFromInline var wedgeSizes = ScratchBuffer<Int32>(capacity: 0)

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
    /// `visible`, when given, bounds (in the path's space) what can show, with a
    /// margin the pen cannot reach past: curves wholly outside it are stroked as
    /// chords, and dashes wholly outside it are not outlined. (Dashed strokes
    /// flatten every curve: a chord would move the dashes after it.)
    ///
    /// `clip`, when given, is what shows (the four corners of the clip, in the
    /// path's space): when one segment's pen covers all of it, the outline is that
    /// quadrilateral alone — the stroke paints everything that shows — and nothing
    /// else is outlined (a pen billions of pixels wide under a huge scale).
    ///
    /// `metric` measures curves for flattening as the device shows them (see
    /// `FlatteningMetric`); `tolerance` is then the device's divided by the map's
    /// largest stretch.
    public static func stroke(_ path: PathData, _ style: StrokeParameters, tolerance: Double,
                              visible: Rect? = nil, clip: [Point]? = nil, metric: FlatteningMetric = .identity,
                              into out: inout OutlineBuffer) {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite, tolerance > 0, tolerance.isFinite else { return }
        // Offsetting squares distances and divides by lengths: beyond an extent of
        // 10¹⁵⁰ those overflow to ∞ and the directions become NaN. Such a stroke
        // lies far outside any canvas; it is not drawn. So does one placed beyond
        // 10¹⁵⁰: there neighbouring doubles lie 10¹³⁴ or more apart, so a flattened
        // curve whose control points are all equal still has steps whose squares
        // overflow (a curve at y = 10³⁰⁰ gave lengths of ∞, and dashes of NaN).
        let bounds = path.controlBounds
        let extent = max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) + 2 * hw
        let magnitude = max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY))
        guard bounds.isFinite, extent < 1e150, magnitude < 1e150 else { return Diagnostics.report(.nonFinitePath) }
        let pattern = Dasher.validPattern(style.dash)
        var built = out.polylines
        out.polylines = []
        defer { out.polylines = built }
        /// The path's polylines, written into `built` (returning how many). For
        /// dashes: whole curves (a dash's place is a length along the path, which
        /// a coarser cut shortens, so they are measured in plain lengths), as finely
        /// as fills when what shows is known (dashes are skipped there cheaply).
        /// Otherwise: curves near what shows, measured as the device shows them.
        func flatten(forDashes: Bool) -> Int {
            let near = forDashes ? nil : visible, measure = forDashes ? FlatteningMetric.identity : metric
            var maximumSegments = forDashes && visible != nil ? 1 << 16 : 1 << 12
            var flattening = tolerance, tries = 0
            /// One coarser try: about a quarter of the segments.
            func coarsen() {
                flattening *= 16
                maximumSegments = max(16, maximumSegments / 4)
                tries += 1
            }
            // Whole curves are planned first, by their segment counts (cheap): the
            // same coarser tries as below, before flattening rather than after (64
            // dashed curves at 2¹⁶ points each made 4 million points first, 0.3 s a
            // stroke). Curves cut near `visible` are not: most of a curve far outside
            // becomes one chord, so its count says little.
            while near == nil, tries < 8, Stroker.curveSegments(path, tolerance: flattening, metric: measure,
                                                   cap: maximumSegments) > Double(Stroker.pointBudget) {
                coarsen()
            }
            var used = path.polylines(tolerance: flattening, visible: near, halfWidth: hw,
                                      maximumSegments: maximumSegments, metric: measure, into: &built)
            // A bound on the work: past `pointBudget` points, curves are flattened more
            // coarsely, each try to about a quarter of the segments (the tolerance 16
            // times, and the cap a curve reaches a quarter: 47 curves at the cap of
            // 2¹⁶ under a scale of 10¹⁵ stayed there, and outlined 18 million points).
            // Only absurd transforms get here (a tolerance of 0.1 px under a scale of
            // 10¹⁹ asks for 10¹⁰ segments a curve).
            // (Lines do not get fewer: when coarser curves do not help, it stops.)
            var count = built[..<used].reduce(0) { $0 + $1.points.count }
            while tries < 8, count > Stroker.pointBudget {
                coarsen()
                let coarser = path.polylines(tolerance: flattening, visible: near, halfWidth: hw,
                                             maximumSegments: maximumSegments, metric: measure)
                let coarserCount = coarser.reduce(0) { $0 + $1.points.count }
                built = coarser
                used = coarser.count
                if coarserCount * 4 > count * 3 { break }
                count = coarserCount
            }
            return used
        }
        // Dashes and culled pieces are new polylines (these allocate); the kept
        // ones stay for the next stroke. Past the dash budget the stroke is solid.
        var lines: ArraySlice<Polyline>
        if let pattern, case let used = flatten(forDashes: true),
           let dashes = Dasher.dashes(Array(built[..<used]), pattern: pattern, phase: style.dashPhase, visible: visible) {
            lines = dashes[...]
        } else {
            let used = flatten(forDashes: false)
            lines = built[..<used]
        }
        // Runs of segments wholly outside what shows are cut out (of a dash that runs
        // far past it too: dashes only leave out those wholly outside).
        if let visible, !bounds.isInside(visible) {
            lines = lines.flatMap { $0.culled(to: visible) }[...]
        }
        // Only a pen wider than what shows can cover it.
        if let clip, clip.count == 4, 2 * hw >= Stroker.diameter(clip),
           lines.contains(where: { Stroker.covers($0, hw, clip) }) {
            let start = out.points.count
            for p in clip { out.add(p) }
            out.closeContour(from: start)
            return
        }
        var builder = OutlineBuilder(hw: hw, style: style, tolerance: tolerance, wedges: out.wedges,
                                     wedgeSizes: out.wedgeSizes)
        for line in lines {
            builder.smooth = line.smooth
            builder.startTangent = line.startTangent
            builder.endTangent = line.endTangent
            line.points.withUnsafeBufferPointer { pts in
                builder.add(pts, closed: line.closed, direction: line.direction, into: &out)
            }
            builder.flushWedges(into: &out)
        }
        // (The wedge buffers may have grown: keep them as they are now.)
        out.wedges = builder.wedges
        out.wedgeSizes = builder.wedgeSizes
    }

    /// The segments `path`'s curves need at `tolerance` (as `metric` measures them),
    /// each at most `cap`: what flattening them whole makes, lines aside.
    static func curveSegments(_ path: PathData, tolerance: Double, metric: FlatteningMetric, cap: Int) -> Double {
        var total = 0.0, last = Point.zero, start = Point.zero
        let most = Double(cap)
        path.forEach { element in
            switch element {
            case .move(let p): last = p; start = p
            case .line(let p): last = p
            case .quad(let c, let p):
                total += min(most, Flattening.quadSegments(last, c, p, tolerance: tolerance, metric: metric))
                last = p
            case .cubic(let c1, let c2, let p):
                total += min(most, Flattening.cubicSegments(last, c1, c2, p, tolerance: tolerance, metric: metric))
                last = p
            case .close: last = start
            }
        }
        return total
    }

    /// The largest distance between two of `points`.
    static func diameter(_ points: [Point]) -> Double {
        var d = 0.0
        for i in points.indices { for j in points.indices where j > i { d = max(d, points[i].distance(to: points[j])) } }
        return d
    }

    /// Whether the rectangle one segment of `line` sweeps (half-width `hw` either
    /// side, between its ends) holds all four `corners`.
    static func covers(_ line: Polyline, _ hw: Double, _ corners: [Point]) -> Bool {
        let pts = line.points
        let n = pts.count
        guard n > 1 else { return false }
        for k in 0..<(line.closed ? n : n - 1) {
            let a = pts[k], b = pts[(k + 1) % n]
            let d = b - a
            let len = d.length
            guard len > 0, len.isFinite else { continue }
            let u = d * (1 / len)
            if corners.allSatisfy({ c in
                let v = c - a
                let along = v.dot(u), across = abs(v.cross(u))
                return along >= 0 && along <= len && across <= hw
            }) { return true }
        }
        return false
    }

    /// The most points a stroke's polylines may have before its curves are
    /// flattened more coarsely.
    public static let pointBudget = 1 << 18

    /// The outline as path storage (for `Path.strokedPath`).
    public static func stroke(_ path: PathData, _ style: StrokeParameters, tolerance: Double) -> PathData {
        var out = OutlineBuffer()
        stroke(path, style, tolerance: tolerance, into: &out)
        return out.pathData
    }
}

struct OutlineBuilder {
    let hw: Double
    let style: StrokeParameters
    let tolerance: Double
    /// The largest angle an arc step may turn and stay within the tolerance.
    let arcStep: Double
    let miterLimit: Double
    /// The smoothness of the current polyline's vertices (`Polyline.smooth`) and
    /// the directions its path starts and ends in (zero: its first and last
    /// segments').
    var smooth: [Bool] = []
    var startTangent = Point.zero, endTangent = Point.zero
    /// Inner wedges of smooth vertices, closed fans (count, then points), added as
    /// contours of their own after the polyline's outline.
    /// (The buffers are the outline buffer's, shared: see `OutlineBuffer.wedges`.)
    var wedges: ScratchBuffer<Point>
    /// Arc points the stroke may still make at full precision.
    var arcPointsLeft = 1 << 20
    var wedgeSizes: ScratchBuffer<Int32>

    init(hw: Double, style: StrokeParameters, tolerance: Double, wedges: ScratchBuffer<Point>,
         wedgeSizes: ScratchBuffer<Int32>) {
        self.wedges = wedges
        self.wedgeSizes = wedgeSizes
        self.wedges.removeAll()
        self.wedgeSizes.removeAll()
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
        // Where the pen is wider than a curve is tight, its sweep is built from
        // pieces (see StrokeSweep.swift); elsewhere, as one outline.
        if isTight(pts, closed: closed) { return sweep(pts, closed: closed, into: &out) }
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
        cap(pts[n - 1], direction: endDirection(pts, reversed: false), into: &out)
        side(pts, count: n, closed: false, reversed: true, into: &out)
        cap(pts[0], direction: endDirection(pts, reversed: true), into: &out)
        out.closeContour(from: start)
    }

    /// The left side of the polyline (or of the reversed polyline): offset points, with
    /// joins at interior vertices (at every vertex when closed).
    @inline(__always)
    func point(_ pts: UnsafeBufferPointer<Point>, _ count: Int, _ i: Int, _ reversed: Bool) -> Point {
        reversed ? pts[count - 1 - i] : pts[i]
    }

    /// The direction the path leaves its last point in (its first, reversed): the
    /// curve's own tangent there when known, not its last chord's, so that a cap
    /// stands square to the curve (a chord's direction is half a flattening step
    /// off, which a wide pen turns into pixels).
    func endDirection(_ pts: UnsafeBufferPointer<Point>, reversed: Bool) -> Point {
        let n = pts.count
        let t = reversed ? startTangent * -1 : endTangent
        let len = t.length
        if len > 0, len.isFinite { return t * (1 / len) }
        return reversed ? unit(pts[1], pts[0]) : unit(pts[n - 2], pts[n - 1])
    }

    @inline(__always)
    func isSmooth(_ count: Int, _ i: Int, _ reversed: Bool) -> Bool {
        let k = reversed ? count - 1 - i : i
        return k < smooth.count && smooth[k]
    }

    mutating func side(_ pts: UnsafeBufferPointer<Point>, count n: Int, closed: Bool, reversed: Bool,
                       into out: inout OutlineBuffer) {
        if closed {
            for i in 0..<n {
                let prev = point(pts, n, (i + n - 1) % n, reversed)
                let p = point(pts, n, i, reversed)
                let next = point(pts, n, (i + 1) % n, reversed)
                join(p, prev, next, smooth: isSmooth(n, i, reversed), into: &out)
            }
            return
        }
        let p0 = point(pts, n, 0, reversed), p1 = point(pts, n, 1, reversed)
        // The pen starts square to the path's own direction and turns to the
        // first segment's (a smooth vertex after a segment of no length).
        let first = unit(p0, p1), leaving = endDirection(pts, reversed: !reversed) * -1
        if leaving.cross(first) == 0 && leaving.dot(first) > 0 {
            out.add(p0 + normal(first))
        } else {
            join(p0, u0: leaving, len0: 0, u1: first, len1: p1.distance(to: p0), smooth: true, into: &out)
        }
        if n > 2 {
            for i in 1..<(n - 1) {
                let prev = point(pts, n, i - 1, reversed)
                let p = point(pts, n, i, reversed)
                let next = point(pts, n, i + 1, reversed)
                join(p, prev, next, smooth: isSmooth(n, i, reversed), into: &out)
            }
        }
        let a = point(pts, n, n - 2, reversed), b = point(pts, n, n - 1, reversed)
        let last = unit(a, b), arriving = endDirection(pts, reversed: reversed)
        if last.cross(arriving) == 0 && last.dot(arriving) > 0 {
            out.add(b + normal(last))
        } else {
            join(b, u0: last, len0: a.distance(to: b), u1: arriving, len1: 0, smooth: true, into: &out)
        }
    }

    /// The join at `p` on the left side, between the segments from `prev` and to `next`.
    ///
    /// The outline is, in winding terms, the sum of each segment's rectangle and
    /// each outer join, all turning the same way, so the non-zero rule fills their
    /// union. At a smooth vertex (inside a curve) the pen turns rather than meets a
    /// corner: the outer join is round, whatever the style, and where the pen is
    /// wider than the curve is tight the inner side's sweep (a sector the two
    /// rectangles leave open beyond the centre of curvature) is added as a wedge
    /// of its own. Without it a wide stroke of a tight curve has notches.
    mutating func join(_ p: Point, _ prev: Point, _ next: Point, smooth: Bool, into out: inout OutlineBuffer) {
        let d0 = p - prev, d1 = next - p
        let len0 = d0.length, len1 = d1.length
        let u0 = len0 > 0 ? d0 * (1 / len0) : Point(1, 0), u1 = len1 > 0 ? d1 * (1 / len1) : Point(1, 0)
        join(p, u0: u0, len0: len0, u1: u1, len1: len1, smooth: smooth, into: &out)
    }

    /// The join at `p` between a segment arriving in unit direction `u0` (of length
    /// `len0`) and one leaving in `u1`. It always starts with `p + n0` unless the
    /// inner offsets meet within both segments, and ends with `p + n1` likewise.
    mutating func join(_ p: Point, u0: Point, len0: Double, u1: Point, len1: Double, smooth: Bool,
                       into out: inout OutlineBuffer) {
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
                if smooth { innerWedge(p, n0, n1, sweep: atan2(cross, dot)) }
            }
            return
        }
        out.add(p + n0)
        switch smooth ? .round : style.join {
        case .round:
            let turn = atan2(cross, dot)
            arc(p, from: n0, sweep: turn == .pi ? -.pi : turn, into: &out.points)
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

    /// The sector at `p` between `p + n1` and `p + n0` (the pen's sweep on the
    /// inner side of a smooth vertex), turning the way the segments' rectangles do.
    mutating func innerWedge(_ p: Point, _ n0: Point, _ n1: Point, sweep: Double) {
        let start = wedges.count
        wedges.append(p)
        wedges.append(p + n1)
        var points = wedges          // (a reference to the same storage)
        arc(p, from: n1, sweep: -sweep, into: &points)
        wedges = points
        wedges.append(p + n0)
        wedgeSizes.append(Int32(truncatingIfNeeded: wedges.count - start))
    }

    /// Adds the collected wedges to `out` as contours, and forgets them.
    mutating func flushWedges(into out: inout OutlineBuffer) {
        var k = 0
        for w in 0..<wedgeSizes.count {
            let start = out.points.count
            for _ in 0..<Int(wedgeSizes[w]) {
                out.add(wedges[k])
                k += 1
            }
            out.closeContour(from: start)
        }
        wedges.removeAll()
        wedgeSizes.removeAll()
    }

    /// Arc points strictly between `p + from` and its rotation by `sweep`.
    mutating func arc(_ p: Point, from v: Point, sweep: Double, into out: inout ScratchBuffer<Point>) {
        // At most 4,096 steps an arc, and `arcPointsLeft` for the whole stroke: only
        // absurd widths (≥ 10⁶ times the tolerance) on many sharp turns reach them,
        // and past them arcs are cut in 8 (a bound on the outline: 2¹⁸ vertices
        // turning by π at 0.01 rad a step would otherwise make 10⁸ points).
        guard sweep.isFinite else { return }
        var steps = min(4096, Int((abs(sweep) / arcStep).rounded(.up)))
        if steps > arcPointsLeft { steps = min(steps, 8) }
        arcPointsLeft -= steps
        guard steps > 1 else { return }
        // The offset is turned a step at a time: one cosine and one sine an arc
        // rather than one of each a point (they were a twelfth of stroking a thin
        // polyline with round joins). It starts as `v` at the half width (`v` is a
        // side's normal; a zero one starts at angle 0, as `atan2(0, 0)` did); after
        // 4,096 steps the rounding has moved a point by about 10⁻¹² of the radius.
        let step = sweep / Double(steps)
        let c = cos(step), s = sin(step)
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        var x = hw, y = 0.0
        if length > 0 && length.isFinite {
            x = v.x * (hw / length)
            y = v.y * (hw / length)
        }
        for _ in 1..<steps {
            (x, y) = (x * c - y * s, x * s + y * c)
            out.append(Point(p.x + x, p.y + y))
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
            arc(p, from: n, sweep: -.pi, into: &out.points)
        }
    }

    /// A zero-length subpath: a dot for round caps, a square for square caps.
    mutating func dot(_ p: Point, direction: Point, into out: inout OutlineBuffer) {
        let start = out.points.count
        switch style.cap {
        case .butt:
            return
        case .round:
            // Dots draw from the stroke's arc budget as joins and caps do: 131,072
            // zero-length dashes at 170 points each made 21 million points (1.1 s).
            var steps = max(8, min(8192, Int((2 * .pi / arcStep).rounded(.up))))
            if steps > arcPointsLeft { steps = 8 }
            arcPointsLeft -= steps
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
