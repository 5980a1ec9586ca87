import CanvasGeometry

/// A line segment of a path in device space, oriented downwards (`y0 < y1`), with
/// the direction it had in the path (`+1` downwards, `−1` upwards).
@frozen
public struct Edge: Sendable {
    public var x0: Double, y0: Double, x1: Double, y1: Double
    /// dx/dy, for evaluating x along the edge.
    public var slope: Double
    public var direction: Int32

    /// x at `y`, for `y` within the edge's range (no clamping: the caller knows).
    @inlinable @inline(__always)
    public func xWithin(_ y: Double) -> Double {
        y >= y1 ? x1 : x0 + (y - y0) * slope
    }

    @inlinable @inline(__always)
    public func x(at y: Double) -> Double {
        if y <= y0 { return x0 }
        if y >= y1 { return x1 }
        let x = x0 + (y - y0) * slope
        // Keep rounding from stepping outside the edge's own x range.
        return x0 < x1 ? min(max(x, x0), x1) : min(max(x, x1), x0)
    }
}

/// Turns a path in device space into clipped line edges: the input of the scan
/// converter.
///
/// Curves are flattened within `Flattening.tolerance` (0.1 px). Everything is clipped
/// in floating point to the clip box before any integer conversion, so huge finite
/// coordinates are safe (robustness row 3):
/// - parts above or below the box, or right of it, are dropped (they change no
///   pixel inside the box);
/// - parts left of the box become vertical edges on its left side, keeping their
///   winding for every pixel to the right — merged, when the path finishes, into
///   one edge per run of rows of constant winding there (an edge's direction is
///   the net winding it adds), so that a hundred thousand pieces left of the box
///   cost the scan converter a handful of edges;
/// - curves far outside are not flattened at all, and huge curves are split before
///   flattening so that only pieces near the box are cut finely.
///
/// Open subpaths are closed implicitly, as fills require.
public struct EdgeList: PathSink {
    public private(set) var edges = ScratchBuffer<Edge>(capacity: 64)
    /// Winding changes on the box's left side, at y: merged into edges by `finish`.
    @usableFromInline var leftEvents = ScratchBuffer<LeftEvent>(capacity: 16)
    /// The left run being extended: where the path entered the box's left side and
    /// where it is now (`pushLeft`). Flushed into `leftEvents` when a run starts
    /// elsewhere, and by `mergeLeftEdges`.
    @usableFromInline var leftEntry = 0.0, leftExit = 0.0
    /// The merge sort's other half (`sortByTop`), kept with the list.
    private var sortScratch = ScratchBuffer<Edge>(capacity: 0)
    public private(set) var clip: PixelRect
    @usableFromInline var L: Double, T: Double, R: Double, B: Double
    @usableFromInline var start = Point.zero
    @usableFromInline var current = Point.zero
    @usableFromInline var open = false
    public let tolerance: Double
    /// The smallest and largest y of the edges added, for the scan converter.
    public private(set) var minY = Double.infinity, maxY = -Double.infinity
    /// The smallest and largest x of the edges added (inside the clip box).
    public private(set) var minX = Double.infinity, maxX = -Double.infinity

    // Convexity tracking: a single closed contour whose turns all have one sign and
    // whose direction in y changes at most twice is convex and simple, so its winding
    // is 0 or ±1 everywhere and the scan converter may take its fast path.
    @usableFromInline var figures = 0
    @usableFromInline var turnSign = 0.0
    @usableFromInline var ySign = 0.0, firstYSign = 0.0, yChanges = 0
    @usableFromInline var lastDir = Point.zero, firstDir = Point.zero
    @usableFromInline var convexSoFar = true

    /// True when the path is known to be one convex, simple contour. Callers that know
    /// it (an ellipse, a rectangle) may also set it.
    public var isConvex: Bool {
        get { convexSoFar && figures <= 1 && yChanges <= 2 }
        set { if newValue { forcedConvex = true } }
    }
    @usableFromInline var forcedConvex = false
    public var usesConvexPath: Bool { forcedConvex || isConvex }
    /// Whether the path has at most one contour (with any length): its edges can
    /// meet only where that contour crosses itself.
    public var isSingleContour: Bool { figures <= 1 }

    public init(clip: PixelRect, tolerance: Double = Flattening.tolerance) {
        self.clip = clip
        L = Double(clip.x0); T = Double(clip.y0); R = Double(clip.x1); B = Double(clip.y1)
        self.tolerance = tolerance
    }

    /// Empties the list for a new path, keeping its storage.
    public mutating func reset(clip: PixelRect) {
        edges.removeAll()
        leftEvents.removeAll()
        leftEntry = 0; leftExit = 0
        self.clip = clip
        L = Double(clip.x0); T = Double(clip.y0); R = Double(clip.x1); B = Double(clip.y1)
        open = false
        minY = .infinity; maxY = -.infinity
        minX = .infinity; maxX = -.infinity
        figures = 0; turnSign = 0; ySign = 0; firstYSign = 0; yChanges = 0
        lastDir = Point(0, 0); firstDir = Point(0, 0); convexSoFar = true; forcedConvex = false
    }

    @inlinable public var isEmpty: Bool { edges.isEmpty }

    /// The columns the scan converter needs cells for: from the first column any edge
    /// touches to one past the last (plus the spill cell), and the clip's right side,
    /// up to which a shape cut by it stays covered.
    public var cellColumns: (left: Int, count: Int, spanEnd: Int) {
        let left = clampedInt(minX.rounded(.down), clip.x0, clip.x1)
        let right = clampedInt(maxX.rounded(.down), left, clip.x1)
        return (left, right - left + 2, clip.x1 - left)
    }

    /// Sorts the edges by their top, keeping the order of edges that start on one
    /// row (the cells' sums, and so the pixels, do not depend on how they are sorted).
    public mutating func sortByTop() {
        let n = edges.count
        let e = edges.pointer
        // Insertion sort (paths arrive in runs of ascending or descending edges,
        // and for the small edge counts of most shapes it beats anything else): on
        // the whole list up to 96 edges, else on runs of 32 merged pairwise through
        // a kept scratch buffer (no allocation).
        let run = n <= 96 ? max(n, 1) : 32
        var start = 0
        while start < n {
            let end = min(start + run, n)
            var k = start + 1
            while k < end {
                let v = e[k]
                var j = k
                while j > start && e[j - 1].y0 > v.y0 {
                    e[j] = e[j - 1]
                    j -= 1
                }
                e[j] = v
                k += 1
            }
            start = end
        }
        guard n > run else { return }
        sortScratch.resize(n)
        var from = e, to = sortScratch.pointer
        var width = run
        while width < n {
            var low = 0
            while low < n {
                let mid = min(low + width, n), high = min(low + 2 * width, n)
                var i = low, j = mid, k = low
                while i < mid && j < high {
                    // Left first on ties: stable.
                    if from[j].y0 < from[i].y0 { to[k] = from[j]; j += 1 } else { to[k] = from[i]; i += 1 }
                    k += 1
                }
                while i < mid { to[k] = from[i]; i += 1; k += 1 }
                while j < high { to[k] = from[j]; j += 1; k += 1 }
                low = high
            }
            swap(&from, &to)
            width *= 2
        }
        if from != e { e.update(from: from, count: n) }
    }

    // MARK: PathSink

    public mutating func move(to p: Point) {
        if open { closeFigure() }
        start = p
        current = p
        open = true
    }

    /// Notes the direction of the segment a → b for the convexity test.
    @inline(__always)
    mutating func track(_ a: Point, _ b: Point) {
        if forcedConvex { return }
        let d = b - a
        if d.x == 0 && d.y == 0 { return }
        if lastDir.x == 0 && lastDir.y == 0 {
            figures += 1
            firstDir = d
        } else {
            let c = lastDir.cross(d)
            if c != 0 {
                if turnSign == 0 { turnSign = c } else if (c > 0) != (turnSign > 0) { convexSoFar = false }
            }
        }
        if d.y != 0 {
            let sy: Double = d.y > 0 ? 1 : -1
            if ySign == 0 { firstYSign = sy } else if sy != ySign { yChanges += 1 }
            ySign = sy
        }
        lastDir = d
    }

    /// Closes the turn bookkeeping of a contour (the turn back into its first segment).
    mutating func finishTracking() {
        guard !forcedConvex, lastDir.x != 0 || lastDir.y != 0, firstDir.x != 0 || firstDir.y != 0 else { return }
        let c = lastDir.cross(firstDir)
        if c != 0 {
            if turnSign == 0 { turnSign = c } else if (c > 0) != (turnSign > 0) { convexSoFar = false }
        }
        if ySign != 0 && firstYSign != 0 && ySign != firstYSign { yChanges += 1 }
        // A later contour starts its own bookkeeping (and makes the path non-convex).
        lastDir = Point(0, 0); ySign = 0; firstYSign = 0
    }

    public mutating func line(to p: Point) {
        if !open { move(to: current) }
        addLine(current, p)
        current = p
    }

    public mutating func quad(to p: Point, control c: Point) {
        if !open { move(to: current) }
        addQuad(current, c, p, depth: 0)
        current = p
    }

    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        if !open { move(to: current) }
        addCubic(current, c1, c2, p, depth: 0)
        current = p
    }

    public mutating func close() {
        if open { closeFigure() }
    }

    /// Ends the path: closes the last subpath, and merges the vertical edges on
    /// the box's left side.
    public mutating func finish() {
        if open { closeFigure() }
        mergeLeftEdges()
    }

    /// Merges the left side's winding changes into edges (idempotent; `finish`
    /// and the scan converters call it).
    public mutating func mergeLeftEdges() {
        flushLeftRun()
        let n = leftEvents.count
        guard n > 0 else { return }
        var events = UnsafeMutableBufferPointer(start: leftEvents.pointer, count: n)
        events.sort { $0.y < $1.y }
        var winding: Int32 = 0
        var k = 0
        while k < n {
            let y = events[k].y
            while k < n && events[k].y == y {
                winding &+= events[k].delta
                k += 1
            }
            guard k < n else { break }
            let next = events[k].y
            if winding != 0 { edges.append(Edge(x0: L, y0: y, x1: L, y1: next, slope: 0, direction: winding)) }
        }
        leftEvents.removeAll()
    }

    @usableFromInline
    mutating func closeFigure() {
        addLine(current, start)
        current = start
        open = false
        finishTracking()
    }

    // MARK: Curves

    /// Where a curve's control box lies relative to the clip box.
    private func cull(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> Bool {
        // True when the curve can be replaced by its chord: it changes no pixel in the
        // box (above, below or right), or it lies wholly left of it, where only its net
        // winding matters, and the chord has the same net winding.
        maxY <= T || minY >= B || minX >= R || maxX <= L
    }

    /// The tolerance a curve piece is flattened with once halving stops. Below 256
    /// segments, the box's own. A piece that still needs more after 100 halvings has
    /// coordinates beyond 10⁶⁰ px, where doubles cannot place a pixel: it gets
    /// 256 segments (the tolerance grows with the square of the excess), not up to
    /// 65,536 for each of the pieces that cross the box.
    static func leafTolerance(_ tolerance: Double, segments n: Double) -> Double {
        // (n / 255)²: the segment count is rounded up from √(1/tolerance), so this
        // leaves room for the rounding of n itself and of the product.
        n > 256 ? tolerance * (n / 255) * (n / 255) : tolerance
    }

    mutating func addQuad(_ p0: Point, _ p1: Point, _ p2: Point, depth: Int) {
        let minX = min(p0.x, p1.x, p2.x), maxX = max(p0.x, p1.x, p2.x)
        let minY = min(p0.y, p1.y, p2.y), maxY = max(p0.y, p1.y, p2.y)
        if cull(minX, minY, maxX, maxY) { return addLine(p0, p2) }
        let n = Flattening.quadSegments(p0, p1, p2, tolerance: tolerance)
        if n > 256 && depth < 100 {
            let (a, b) = Bezier.splitQuad(p0, p1, p2, at: 0.5)
            addQuad(a.0, a.1, a.2, depth: depth + 1)
            addQuad(b.0, b.1, b.2, depth: depth + 1)
            return
        }
        var last = p0
        Flattening.flattenQuad(p0, p1, p2, tolerance: Self.leafTolerance(tolerance, segments: n)) { p in
            addLine(last, p)
            last = p
        }
    }

    mutating func addCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, depth: Int) {
        let minX = min(p0.x, p1.x, p2.x, p3.x), maxX = max(p0.x, p1.x, p2.x, p3.x)
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        if cull(minX, minY, maxX, maxY) { return addLine(p0, p3) }
        let n = Flattening.cubicSegments(p0, p1, p2, p3, tolerance: tolerance)
        if n > 256 && depth < 100 {
            let (a, b) = Bezier.splitCubic(p0, p1, p2, p3, at: 0.5)
            addCubic(a.0, a.1, a.2, a.3, depth: depth + 1)
            addCubic(b.0, b.1, b.2, b.3, depth: depth + 1)
            return
        }
        var last = p0
        Flattening.flattenCubic(p0, p1, p2, p3, tolerance: Self.leafTolerance(tolerance, segments: n)) { p in
            addLine(last, p)
            last = p
        }
    }

    // MARK: Lines

    /// Adds the segment a → b, clipped to the box.
    public mutating func addLine(_ a: Point, _ b: Point) {
        track(a, b)
        if a.y == b.y { return }                       // horizontal: no winding change
        guard a.isFinite, b.isFinite else { return }
        let dir: Int32 = b.y > a.y ? 1 : -1
        let (top, bot) = dir > 0 ? (a, b) : (b, a)
        if bot.y <= T || top.y >= B { return }
        if top.x >= R && bot.x >= R { return }

        // Clip vertically, interpolating from the original endpoints.
        var x0 = top.x, y0 = top.y, x1 = bot.x, y1 = bot.y
        let dy = bot.y - top.y
        if y0 < T {
            let t = (T - top.y) / dy
            x0 = top.x + (bot.x - top.x) * t
            y0 = T
        }
        if y1 > B {
            let t = (B - top.y) / dy
            x1 = top.x + (bot.x - top.x) * t
            y1 = B
        }
        if !(y1 > y0) { return }

        if x0 <= L && x1 <= L { return pushLeft(y0, y1, dir) }
        if x0 >= R && x1 >= R { return }
        if x0 >= L && x0 <= R && x1 >= L && x1 <= R { return push(x0, y0, x1, y1, dir) }

        // Crosses the left or the right side: split where it does (at most twice;
        // the cuts kept in a tuple, sorted by hand: no allocation per line).
        let slope = (x1 - x0) / (y1 - y0)
        var cutA = y1, cutB = y1
        let yL = y0 + (L - x0) / slope, yR = y0 + (R - x0) / slope
        if yL > y0 && yL < y1 { cutA = yL }
        if yR > y0 && yR < y1 { if cutA == y1 { cutA = yR } else { cutB = yR } }
        if cutB < cutA { swap(&cutA, &cutB) }
        func piece(_ ya: Double, _ yb: Double) {
            guard yb > ya else { return }
            let xa = x0 + (ya - y0) * slope, xb = x0 + (yb - y0) * slope
            let mid = (xa + xb) / 2
            if mid <= L {
                pushLeft(ya, yb, dir)
            } else if mid < R {
                push(min(max(xa, L), R), ya, min(max(xb, L), R), yb, dir)
            }
        }
        piece(y0, cutA)
        piece(cutA, cutB)
        piece(cutB, y1)
    }

    /// A vertical run on the box's left side from `y0` to `y1` (merged at `finish`).
    ///
    /// Walked in the path's order from `entry` to `exit` (top to bottom when `dir`
    /// is 1), a run changes the winding by +1 at `entry` and by −1 at `exit`, whichever
    /// way it goes. So a run that starts where the last one ended extends it (the
    /// events between cancel exactly), and a contour wholly left of the box, or a
    /// stretch of one that comes back to where it started, adds no event at all: a
    /// dashed stroke's thousands of dashes left of the canvas cost no sorting. Runs
    /// are matched by exact equality, so the winding on every row is what the runs
    /// one by one give.
    @usableFromInline
    mutating func pushLeft(_ y0: Double, _ y1: Double, _ dir: Int32) {
        guard y1 > y0 else { return }
        let (entry, exit) = dir > 0 ? (y0, y1) : (y1, y0)
        if entry == leftExit && leftEntry != leftExit {
            leftExit = exit
            if leftExit == leftEntry { leftEntry = 0; leftExit = 0 }   // came back: nothing
            return
        }
        flushLeftRun()
        leftEntry = entry
        leftExit = exit
    }

    /// Adds the run being extended to the events (an empty run, entry = exit, adds none).
    @usableFromInline
    mutating func flushLeftRun() {
        guard leftEntry != leftExit else { return }
        leftEvents.append(LeftEvent(y: leftEntry, delta: 1))
        leftEvents.append(LeftEvent(y: leftExit, delta: -1))
        minY = min(minY, min(leftEntry, leftExit))
        maxY = max(maxY, max(leftEntry, leftExit))
        minX = min(minX, L)
        maxX = max(maxX, L)
        leftEntry = 0
        leftExit = 0
    }

    @usableFromInline
    mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Int32) {
        let dy = y1 - y0
        guard dy > 0 else { return }
        // An edge only a subnormal distance high (endpoints near y = 0, e.g. 4·10⁻³²¹
        // apart) has an infinite slope, and its x along the rows would be NaN (0·∞).
        // It covers nothing a pixel can show (its height is its whole contribution):
        // it is dropped, as a horizontal edge is. (Found by the drawing fuzzer.)
        let slope = (x1 - x0) / dy
        guard slope.isFinite else { return }
        edges.append(Edge(x0: x0, y0: y0, x1: x1, y1: y1, slope: slope, direction: dir))
        minY = min(minY, y0)
        maxY = max(maxY, y1)
        minX = min(minX, min(x0, x1))
        maxX = max(maxX, max(x0, x1))
    }
}

/// A change of winding on the clip box's left side.
@usableFromInline
struct LeftEvent: BitwiseCopyable {
    @usableFromInline var y: Double
    @usableFromInline var delta: Int32
    @usableFromInline init(y: Double, delta: Int32) { self.y = y; self.delta = delta }
}
