/// The verbs of a path. Each verb consumes a fixed number of points from
/// `PathData.points`: move 1, line 1, quad 2 (control, end), cubic 3
/// (control1, control2, end), close 0.
public enum PathVerb: UInt8, Sendable {
    case move, line, quad, cubic, close

    @inlinable
    public var pointCount: Int {
        switch self {
        case .move, .line: return 1
        case .quad: return 2
        case .cubic: return 3
        case .close: return 0
        }
    }
}

/// Path storage: a list of verbs and the points they consume.
///
/// Guarantees (kept by the builder methods, which are the only way to add elements):
/// - every point is finite: a call with a NaN or infinite argument is ignored and
///   counted in `Diagnostics` (robustness row 1);
/// - every subpath starts with `.move`; a segment added after `.close` first repeats
///   the closed subpath's start point as a `.move` (Core Graphics' rule);
/// - no two `.move`s follow each other (the later replaces the earlier).
///
/// `transformed(by:)` can create non-finite points from finite ones; users of the
/// path check `isFinite` before drawing (robustness row 2).
public struct PathData: Hashable, Sendable {
    public private(set) var verbs: [PathVerb] = []
    public private(set) var points: [Point] = []
    /// Start of the current (last) subpath.
    public private(set) var subpathStart: Point = .zero
    /// True after `close()`: the next segment begins with an implicit move.
    public private(set) var needsMove = false

    public init() {}

    @inlinable public var isEmpty: Bool { verbs.isEmpty }

    /// The last point, or `nil` for an empty path. After `close` this is the start
    /// of the closed subpath, where a following segment would begin.
    public var currentPoint: Point? {
        if needsMove { return subpathStart }
        return points.last
    }

    /// Empties the path; with `keepingCapacity`, its storage stays for the next.
    public mutating func removeAll(keepingCapacity: Bool) {
        verbs.removeAll(keepingCapacity: keepingCapacity)
        points.removeAll(keepingCapacity: keepingCapacity)
        subpathStart = .zero
        needsMove = false
    }

    public mutating func reserve(verbs v: Int, points p: Int) {
        verbs.reserveCapacity(v)
        points.reserveCapacity(p)
    }

    // MARK: Building

    public mutating func move(to p: Point) {
        guard p.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        if verbs.isEmpty && verbs.capacity == 0 {
            // Room for a small path at once, rather than the arrays growing through
            // 1, 2, 4, 8 and 16 elements (ten allocations for a ten-sided polygon).
            verbs.reserveCapacity(16)
            points.reserveCapacity(16)
        }
        if verbs.last == .move {
            points[points.count - 1] = p
        } else {
            verbs.append(.move)
            points.append(p)
        }
        subpathStart = p
        needsMove = false
    }

    /// Returns false (and records a diagnostic) when there is no current point.
    @usableFromInline
    mutating func beginSegment() -> Bool {
        if needsMove {
            verbs.append(.move)
            points.append(subpathStart)
            needsMove = false
            return true
        }
        if verbs.isEmpty {
            Diagnostics.report(.noCurrentPoint)
            return false
        }
        return true
    }

    public mutating func line(to p: Point) {
        guard p.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        guard beginSegment() else { return }
        verbs.append(.line)
        points.append(p)
    }

    public mutating func quad(to p: Point, control c: Point) {
        guard p.isFinite, c.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        guard beginSegment() else { return }
        verbs.append(.quad)
        points.append(c)
        points.append(p)
    }

    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        guard p.isFinite, c1.isFinite, c2.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        guard beginSegment() else { return }
        verbs.append(.cubic)
        points.append(c1)
        points.append(c2)
        points.append(p)
    }

    public mutating func close() {
        guard let last = verbs.last, last != .close, !needsMove else { return }
        if last == .move {
            // A lone move closed: keep it as a (degenerate) closed subpath so that
            // strokes with round or square caps can draw a dot there.
        }
        verbs.append(.close)
        needsMove = true
    }

    // MARK: Shapes

    /// A closed rectangle (see `ShapeOutline.rect` for its start and direction).
    public mutating func addRect(_ r: Rect, transform t: Transform = .identity) {
        guard r.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        ShapeOutline.rect(r, transform: t, into: &self)
    }

    /// An ellipse inscribed in `r` as four cubic Béziers (see `ShapeOutline.ellipse`).
    public mutating func addEllipse(in r: Rect, transform t: Transform = .identity) {
        guard r.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        ShapeOutline.ellipse(in: r, transform: t, into: &self)
    }

    /// A rectangle with rounded corners; radii are fitted to the sides first.
    public mutating func addRoundedRect(_ r: Rect, radii: CornerRadii, style: CornerStyle = .circular,
                                         transform t: Transform = .identity) {
        guard r.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        ShapeOutline.roundedRect(r, radii: radii.fitted(to: r), style: style, transform: t, into: &self)
    }

    /// Appends every element of `other`, mapped through `t`.
    public mutating func append(_ other: PathData, transform t: Transform = .identity) {
        other.forEach { element in
            switch element {
            case .move(let p): move(to: t.apply(p))
            case .line(let p): line(to: t.apply(p))
            case .quad(let c, let p): quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p):
                cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: close()
            }
        }
    }

    // MARK: Reading

    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)            // control, end
        case cubic(Point, Point, Point)    // control1, control2, end
        case close
    }

    public func forEach(_ body: (Element) -> Void) {
        var i = 0
        for v in verbs {
            switch v {
            case .move: body(.move(points[i]))
            case .line: body(.line(points[i]))
            case .quad: body(.quad(points[i], points[i + 1]))
            case .cubic: body(.cubic(points[i], points[i + 1], points[i + 2]))
            case .close: body(.close)
            }
            i += v.pointCount
        }
    }

    /// True when every point is finite (always true unless made by `transformed`).
    public var isFinite: Bool {
        for p in points where !p.isFinite { return false }
        return true
    }

    /// A copy with every point mapped through `t` (may contain non-finite points if
    /// `t` overflows; see `isFinite`).
    public func transformed(by t: Transform) -> PathData {
        var copy = self
        for i in copy.points.indices { copy.points[i] = t.apply(copy.points[i]) }
        copy.subpathStart = t.apply(subpathStart)
        return copy
    }

    /// The bounding box of all points, control points included (cheap, conservative).
    public var controlBounds: Rect {
        guard var r = points.first.map({ Rect(minX: $0.x, minY: $0.y, maxX: $0.x, maxY: $0.y) })
        else { return .empty }
        for p in points {
            r.minX = min(r.minX, p.x); r.maxX = max(r.maxX, p.x)
            r.minY = min(r.minY, p.y); r.maxY = max(r.maxY, p.y)
        }
        return r
    }

    /// The exact bounding box of the path's curves (control points excluded).
    public var tightBounds: Rect {
        // Walks the verbs directly (a closure capturing the running box would box it
        // and check its exclusivity at every point).
        var lo = Point(.infinity, .infinity), hi = Point(-Double.infinity, -Double.infinity)
        @inline(__always) func add(_ p: Point, _ lo: inout Point, _ hi: inout Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        var i = 0
        var last = Point.zero
        for v in verbs {
            switch v {
            case .move, .line:
                add(points[i], &lo, &hi)
                last = points[i]
            case .quad:
                let c = points[i], p = points[i + 1]
                add(p, &lo, &hi)
                for t in Bezier.quadExtrema(last, c, p) { add(Bezier.quadPoint(last, c, p, t), &lo, &hi) }
                last = p
            case .cubic:
                let c1 = points[i], c2 = points[i + 1], p = points[i + 2]
                add(p, &lo, &hi)
                for t in Bezier.cubicExtrema(last, c1, c2, p) { add(Bezier.cubicPoint(last, c1, c2, p, t), &lo, &hi) }
                last = p
            case .close:
                break
            }
            i += v.pointCount
        }
        return lo.x <= hi.x ? Rect(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y) : .empty
    }
}

/// The 4·(√2 − 1)/3 constant that makes a cubic Bézier approximate a quarter circle
/// (maximum radial error 0.027 %).
public let kappa = 0.5522847498307936

/// Radii of the four corners of a rectangle, each as (horizontal, vertical).
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    public init(uniform rx: Double, _ ry: Double) {
        let p = Point(rx, ry)
        self.init(topLeft: p, topRight: p, bottomRight: p, bottomLeft: p)
    }
}
