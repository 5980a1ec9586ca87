#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A flattened subpath: the input of the dasher and the stroker.
public struct Polyline: Sendable {
    public var points: [Point]
    public var closed: Bool
    /// For a polyline of one point (a zero-length subpath or dash): the direction
    /// of the path there, which orients a square cap.
    public var direction: Point
    /// Per point: whether the path is smooth there — inside a flattened curve, or
    /// where one segment continues another's tangent. The pen turns through such a
    /// vertex instead of meeting a corner, so the stroker sweeps it round on both
    /// sides whatever the join style. Empty means no point is smooth.
    public var smooth: [Bool]
    /// The directions the path leaves its first point in and arrives at its last
    /// in (a curve's tangents, not its chords'); zero when not known.
    public var startTangent: Point
    public var endTangent: Point

    public init(points: [Point], closed: Bool, direction: Point = Point(1, 0), smooth: [Bool] = [],
                startTangent: Point = .zero, endTangent: Point = .zero) {
        self.points = points; self.closed = closed; self.direction = direction; self.smooth = smooth
        self.startTangent = startTangent; self.endTangent = endTangent
    }

    @inlinable
    public func isSmooth(_ i: Int) -> Bool { i < smooth.count && smooth[i] }

    /// The parts of the polyline near `visible`: runs of segments wholly outside it
    /// are cut out, leaving open pieces whose cut ends lie outside it too (a cut
    /// end is a point of a segment outside), so that a pen reaching less than
    /// `visible`'s margin draws the same pixels from the pieces.
    public func culled(to visible: Rect) -> [Polyline] {
        let n = points.count
        guard n > 1 else { return [self] }
        let segments = closed ? n : n - 1
        func outside(_ k: Int) -> Bool {
            let a = points[k], b = points[(k + 1) % n]
            return Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y)).isOutside(visible)
        }
        var first = 0
        while first < segments && !outside(first) { first += 1 }
        if first == segments { return [self] }           // nothing to cut
        var pieces: [Polyline] = []
        // Walk once around from the first outside segment, collecting inside runs.
        var run: [Int] = []
        func flush() {
            guard !run.isEmpty else { return }
            var pts: [Point] = [], flags: [Bool] = []
            pts.reserveCapacity(run.count + 1)
            for k in run { pts.append(points[k % n]); flags.append(isSmooth(k % n)) }
            let end = (run[run.count - 1] + 1) % n
            pts.append(points[end])
            flags.append(isSmooth(end))
            // Where the piece begins or ends the original path, its tangent holds.
            let startsPath = !closed && run[0] == 0, endsPath = !closed && run[run.count - 1] == n - 2
            pieces.append(Polyline(points: pts, closed: false, direction: direction, smooth: flags,
                                   startTangent: startsPath ? startTangent : .zero,
                                   endTangent: endsPath ? endTangent : .zero))
            run.removeAll(keepingCapacity: true)
        }
        // Open: the segments in order. Closed: once around, from the first outside one.
        let order = closed ? Array((1..<segments).map { (first + $0) % segments }) : Array(0..<segments)
        for k in order {
            if outside(k) { flush() } else { run.append(k) }
        }
        flush()
        return pieces
    }
}

extension PathData {
    /// The subpaths as polylines within `tolerance`, with repeated points removed.
    /// Subpaths that are a lone `move` are left out; a subpath whose segments all have
    /// zero length becomes a one-point polyline (a dot for round or square caps).
    ///
    /// With `visible`, only curves near that rectangle are flattened: a curve (or a
    /// piece of one, split in halves) whose control points all lie outside it
    /// becomes its chord, which lies inside the control points' hull and so outside
    /// `visible` too. A stroker whose pen reaches less than `visible`'s margin
    /// around what shows then draws the same pixels, with work that follows the
    /// visible length rather than the whole curve's (a circle of radius 10¹⁵ past a
    /// small canvas is a handful of chords, not millions of segments).
    ///
    /// With `halfWidth` (a pen's, in the same space), the first and last chords of
    /// each curve are cut finer, in halves, until the pen turns by less than the
    /// tolerance across them: a chord's end stands off the curve's normal by half
    /// its turn, which a wide pen carries far out, past the stroke's true end.
    ///
    /// `maximumSegments` caps the segments of one curve (or piece of one): a curve
    /// needing more is cut more coarsely (2¹² by default: a circle of radius 10⁶
    /// pixels; the pieces of larger curves near `visible` are split out first).
    public func polylines(tolerance: Double, visible: Rect? = nil, halfWidth: Double = 0,
                          maximumSegments: Int = 1 << 12, metric: FlatteningMetric = .identity) -> [Polyline] {
        var lines: [Polyline] = []
        let count = polylines(tolerance: tolerance, visible: visible, halfWidth: halfWidth,
                              maximumSegments: maximumSegments, metric: metric, into: &lines)
        lines.removeSubrange(count...)
        return lines
    }

    /// The same polylines written over the first elements of `lines` (returning how
    /// many): the point and flag arrays of the polylines already there are reused,
    /// and those past the count are left as they are for next time, so a caller
    /// that keeps `lines` flattens path after path without allocating.
    public func polylines(tolerance: Double, visible: Rect? = nil, halfWidth: Double = 0,
                          maximumSegments: Int = 1 << 12, metric: FlatteningMetric = .identity,
                          into lines: inout [Polyline]) -> Int {
        var builder = PolylineBuilder(tolerance: tolerance, visible: visible, halfWidth: halfWidth,
                                      maximumSegments: maximumSegments, metric: metric, storage: lines)
        lines = []
        forEach { builder.add($0) }
        builder.finish(closed: false)
        lines = builder.result
        return builder.used
    }
}

/// Collects the polylines of a path, element by element.
private struct PolylineBuilder {
    let tolerance: Double
    let visible: Rect?
    let halfWidth: Double
    let maximumSegments: Int
    /// How segment counts measure the curves (see `FlatteningMetric`).
    let metric: FlatteningMetric
    /// The polylines made (the first `used`), then spare ones whose arrays are
    /// taken for the next.
    var result: [Polyline]
    var used = 0
    /// Whether `points` and `smooth` are the arrays of `result[used]`, taken at
    /// the subpath's start (that polyline holds the builder's empty ones meanwhile).
    var holdsSpare = false
    var points: [Point] = []
    var smooth: [Bool] = []
    var hasSegment = false
    var lastDirection = Point(1, 0)
    var last = Point.zero
    /// The direction the previous element ended in, and the one the subpath
    /// started in (zero when not known yet).
    var endTangent = Point.zero
    var startTangent = Point.zero

    init(tolerance: Double, visible: Rect?, halfWidth: Double, maximumSegments: Int, metric: FlatteningMetric,
         storage: [Polyline]) {
        result = storage
        self.metric = metric
        self.maximumSegments = max(1, min(maximumSegments, 1 << 16))
        self.tolerance = tolerance
        self.visible = visible
        self.halfWidth = halfWidth.isFinite ? max(0, halfWidth) : 0
    }

    mutating func push(_ p: Point, smooth isSmooth: Bool) {
        if let previous = points.last {
            let d = p - previous
            if d.x == 0 && d.y == 0 { return }
            let len = d.length
            if len > 0 && len.isFinite { lastDirection = d * (1 / len) }
        }
        points.append(p)
        smooth.append(isSmooth)
    }

    /// Whether direction `b` continues direction `a` (within about 0.06°).
    static func continues(_ a: Point, _ b: Point) -> Bool {
        let la = a.length, lb = b.length
        guard la > 0, lb > 0, la.isFinite, lb.isFinite else { return false }
        return abs(a.cross(b)) <= 1e-3 * la * lb && a.dot(b) > 0
    }

    /// Starts an element leaving in direction `tangent`: the vertex it starts at is
    /// smooth when the previous element arrived in the same direction.
    mutating func beginElement(_ tangent: Point) {
        if points.count > 1, PolylineBuilder.continues(endTangent, tangent) { smooth[smooth.count - 1] = true }
        if startTangent == .zero { startTangent = tangent }
    }

    mutating func add(_ e: PathData.Element) {
        switch e {
        case .move(let p):
            finish(closed: false)
            // The next spare polyline's arrays, emptied (their storage kept).
            if used < result.count {
                swap(&points, &result[used].points)
                swap(&smooth, &result[used].smooth)
                holdsSpare = true
            }
            points.removeAll(keepingCapacity: true)
            smooth.removeAll(keepingCapacity: true)
            points.append(p)
            smooth.append(false)
            last = p
        case .line(let p):
            hasSegment = true
            beginElement(p - last)
            push(p, smooth: false)
            if p != last { endTangent = p - last }
            last = p
        case .quad(let c, let p):
            hasSegment = true
            beginElement(PolylineBuilder.firstNonZero(c - last, p - last))
            let count = points.count
            if let visible { quad(last, c, p, visible, depth: 0, start: true, end: true) } else {
                flatten(quad: last, c, p, start: true, end: true)
            }
            if points.count > count { smooth[smooth.count - 1] = false }
            endTangent = PolylineBuilder.firstNonZero(p - c, p - last)
            last = p
        case .cubic(let c1, let c2, let p):
            hasSegment = true
            beginElement(PolylineBuilder.firstNonZero(c1 - last, c2 - last, p - last))
            let count = points.count
            if let visible { cubic(last, c1, c2, p, visible, depth: 0, start: true, end: true) } else {
                flatten(cubic: last, c1, c2, p, start: true, end: true)
            }
            if points.count > count { smooth[smooth.count - 1] = false }
            endTangent = PolylineBuilder.firstNonZero(p - c2, p - c1, p - last)
            last = p
        case .close:
            finish(closed: true)
        }
    }

    /// The first of the directions that is not zero (zero when all are). Not
    /// variadic: an array per path element would be an allocation per element.
    @inline(__always)
    static func firstNonZero(_ a: Point, _ b: Point, _ c: Point = .zero) -> Point {
        if a.x != 0 || a.y != 0 { return a }
        if b.x != 0 || b.y != 0 { return b }
        return c
    }

    mutating func finish(closed: Bool) {
        defer {
            hasSegment = false
            endTangent = .zero; startTangent = .zero
        }
        guard hasSegment, !points.isEmpty else {
            // Nothing to keep: the arrays go back to their spare polyline.
            points.removeAll(keepingCapacity: true)
            smooth.removeAll(keepingCapacity: true)
            if holdsSpare {
                swap(&points, &result[used].points)
                swap(&smooth, &result[used].smooth)
                holdsSpare = false
            }
            return
        }
        var isClosed = closed
        if isClosed, points.count > 1, points.first == points.last {
            points.removeLast()
            smooth.removeLast()
            // The last element arrives at the start: smooth if it continues into the first.
            smooth[0] = PolylineBuilder.continues(endTangent, startTangent)
        } else if isClosed, points.count > 1 {
            // A closing segment: its two ends are smooth where it continues the
            // tangents it meets.
            let closing = points[0] - points[points.count - 1]
            smooth[smooth.count - 1] = PolylineBuilder.continues(endTangent, closing)
            smooth[0] = PolylineBuilder.continues(closing, startTangent)
        }
        if points.count == 1 { isClosed = false }
        if holdsSpare {
            swap(&points, &result[used].points)
            swap(&smooth, &result[used].smooth)
            holdsSpare = false
            result[used].closed = isClosed
            result[used].direction = lastDirection
            result[used].startTangent = startTangent
            result[used].endTangent = endTangent
        } else {
            let line = Polyline(points: points, closed: isClosed, direction: lastDirection, smooth: smooth,
                                startTangent: startTangent, endTangent: endTangent)
            if used < result.count { result[used] = line } else { result.append(line) }
            points = []
            smooth = []
        }
        used += 1
    }

    // MARK: Curves near what shows

    // Pieces that cross the edge of `visible` are split until they are outside (a
    // chord), inside (flattened: their length is bounded by what shows) or finer
    // than this many segments.
    static let fewSegments = 16.0

    /// `start` and `end`: whether the piece begins or ends its curve element.
    mutating func quad(_ p0: Point, _ p1: Point, _ p2: Point, _ visible: Rect, depth: Int, start: Bool, end: Bool) {
        let hull = Rect(minX: min(p0.x, p1.x, p2.x), minY: min(p0.y, p1.y, p2.y),
                        maxX: max(p0.x, p1.x, p2.x), maxY: max(p0.y, p1.y, p2.y))
        if hull.isOutside(visible) { return push(p2, smooth: true) }
        if depth < 60, !hull.isInside(visible),
           Flattening.quadSegments(p0, p1, p2, tolerance: tolerance, metric: metric) > PolylineBuilder.fewSegments {
            let (a, b) = Bezier.splitQuad(p0, p1, p2, at: 0.5)
            quad(a.0, a.1, a.2, visible, depth: depth + 1, start: start, end: false)
            quad(b.0, b.1, b.2, visible, depth: depth + 1, start: false, end: end)
            return
        }
        flatten(quad: p0, p1, p2, start: start, end: end)
    }

    mutating func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ visible: Rect, depth: Int,
                        start: Bool, end: Bool) {
        let hull = Rect(minX: min(p0.x, p1.x, p2.x, p3.x), minY: min(p0.y, p1.y, p2.y, p3.y),
                        maxX: max(p0.x, p1.x, p2.x, p3.x), maxY: max(p0.y, p1.y, p2.y, p3.y))
        if hull.isOutside(visible) { return push(p3, smooth: true) }
        if depth < 60, !hull.isInside(visible),
           Flattening.cubicSegments(p0, p1, p2, p3, tolerance: tolerance, metric: metric) > PolylineBuilder.fewSegments {
            let (a, b) = Bezier.splitCubic(p0, p1, p2, p3, at: 0.5)
            cubic(a.0, a.1, a.2, a.3, visible, depth: depth + 1, start: start, end: false)
            cubic(b.0, b.1, b.2, b.3, visible, depth: depth + 1, start: false, end: end)
            return
        }
        flatten(cubic: p0, p1, p2, p3, start: start, end: end)
    }

    // MARK: Flattening, with the ends cut finer for wide pens

    /// How many times to halve a curve's end chord whose direction is `turn` off
    /// the curve's tangent there, so that the pen turns within the tolerance.
    func endHalvings(tangent: Point, chord: Point) -> Int {
        guard halfWidth > tolerance else { return 0 }
        let turn = atan2(abs(tangent.cross(chord)), tangent.dot(chord))
        let excess = halfWidth * turn / tolerance
        guard excess > 1, excess.isFinite else { return 0 }
        return min(24, Int(log2(excess).rounded(.up)))
    }


    mutating func flatten(quad p0: Point, _ p1: Point, _ p2: Point, start: Bool, end: Bool) {
        let n = max(1, min(Int(clamping: Flattening.quadSegments(p0, p1, p2, tolerance: tolerance, metric: metric)), maximumSegments))
        let h = 1 / Double(n)
        let first = start ? endHalvings(tangent: PolylineBuilder.firstNonZero(p1 - p0, p2 - p0),
                                        chord: Bezier.quadPoint(p0, p1, p2, h) - p0) : 0
        let last = end ? endHalvings(tangent: PolylineBuilder.firstNonZero(p2 - p1, p2 - p0),
                                     chord: p2 - Bezier.quadPoint(p0, p1, p2, 1 - h)) : 0
        if first == 0 && last == 0 && n < maximumSegments {
            return Flattening.flattenQuad(p0, p1, p2, tolerance: tolerance, metric: metric) { push($0, smooth: true) }
        }
        PolylineBuilder.forEachParameter(n, first, last) { push(Bezier.quadPoint(p0, p1, p2, $0), smooth: true) }
        push(p2, smooth: true)
    }

    mutating func flatten(cubic p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, start: Bool, end: Bool) {
        let n = max(1, min(Int(clamping: Flattening.cubicSegments(p0, p1, p2, p3, tolerance: tolerance, metric: metric)),
                           maximumSegments))
        let h = 1 / Double(n)
        let first = start ? endHalvings(tangent: PolylineBuilder.firstNonZero(p1 - p0, p2 - p0, p3 - p0),
                                        chord: Bezier.cubicPoint(p0, p1, p2, p3, h) - p0) : 0
        let last = end ? endHalvings(tangent: PolylineBuilder.firstNonZero(p3 - p2, p3 - p1, p3 - p0),
                                     chord: p3 - Bezier.cubicPoint(p0, p1, p2, p3, 1 - h)) : 0
        if first == 0 && last == 0 && n < maximumSegments {
            return Flattening.flattenCubic(p0, p1, p2, p3, tolerance: tolerance, metric: metric) { push($0, smooth: true) }
        }
        PolylineBuilder.forEachParameter(n, first, last) { push(Bezier.cubicPoint(p0, p1, p2, p3, $0), smooth: true) }
        push(p3, smooth: true)
    }

    /// The parameters of a uniform cut into `n` pieces (ends excluded), with the
    /// first piece halved `first` times toward 0 and the last `last` times toward 1,
    /// in increasing order (each list is, and the halvings of the first piece stay
    /// below h, those of the last above 1 − h); no array is made.
    static func forEachParameter(_ n: Int, _ first: Int, _ last: Int, _ body: (Double) -> Void) {
        let h = 1 / Double(n)
        for k in stride(from: first, through: 1, by: -1) { body(h * Double.pow2(-k)) }
        for i in 1..<max(1, n) { body(Double(i) * h) }
        for k in stride(from: 1, through: last, by: 1) { body(1 - h * Double.pow2(-k)) }
        // (With one piece, the two ends' halvings meet at ½, which comes twice: the
        // repeated point is dropped when pushed.)
    }
}

extension Rect {
    /// True when this rectangle lies within `other`.
    @inlinable
    func isInside(_ other: Rect) -> Bool {
        minX >= other.minX && maxX <= other.maxX && minY >= other.minY && maxY <= other.maxY
    }

    /// True when this rectangle and `other` share no point (edges included).
    @inlinable
    func isOutside(_ other: Rect) -> Bool {
        maxX < other.minX || minX > other.maxX || maxY < other.minY || minY > other.maxY
    }
}

extension Double {
    /// 2ⁿ for small integers.
    static func pow2(_ n: Int) -> Double { Double(sign: .plus, exponent: n, significand: 1) }
}
