/// Winding numbers of points against a set of monotone segments, by casting a ray
/// to −x (or to −y) and adding up the segments it crosses, each with its weights
/// for the two inputs of an operation.
///
/// A segment counts when the ray's line falls in its half-open span
/// `[min, max)` along the other axis, so a chain of segments sharing a vertex on
/// the ray is counted once, and segments parallel to the ray not at all. The
/// segments are sorted into bands along each axis so a ray looks only at those
/// near it.
struct WindingIndex {
    struct Entry {
        var segment: OpSegment
        var weightA: Int32
        var weightB: Int32
    }

    private(set) var entries: [Entry]
    private var bands: [[[Int32]]] = [[], []]       // per ray axis: band → entry indices
    private var bandOrigin = [0.0, 0.0], bandSize = [1.0, 1.0]

    init(_ entries: [Entry]) {
        self.entries = entries
        var lo = [Double.infinity, .infinity], hi = [-Double.infinity, -.infinity]
        for e in entries {
            let b = e.segment.endBounds
            lo[0] = min(lo[0], b.minY); hi[0] = max(hi[0], b.maxY)
            lo[1] = min(lo[1], b.minX); hi[1] = max(hi[1], b.maxX)
        }
        let count = max(1, min(512, Int((Double(entries.count).squareRoot() * 2).rounded(.up))))
        for axis in 0..<2 {
            // axis 0: horizontal rays, banded by y; axis 1: vertical rays, banded by x.
            guard lo[axis] < hi[axis] else { bands[axis] = [Array(0..<Int32(entries.count))]; continue }
            bandOrigin[axis] = lo[axis]
            bandSize[axis] = (hi[axis] - lo[axis]) / Double(count)
            var list = [[Int32]](repeating: [], count: count)
            for (i, e) in entries.enumerated() {
                let b = e.segment.endBounds
                let (a0, a1) = axis == 0 ? (b.minY, b.maxY) : (b.minX, b.maxX)
                // Parallel to the rays: never crossed. Horizontal ones stay in the
                // y bands, which `touches` searches.
                if a0 == a1 && axis == 1 { continue }
                let first = band(axis, a0, count), last = band(axis, a1, count)
                for k in first...last { list[k].append(Int32(i)) }
            }
            bands[axis] = list
        }
    }

    private func band(_ axis: Int, _ v: Double, _ count: Int) -> Int {
        let f = (v - bandOrigin[axis]) / bandSize[axis]
        return clampedInt(f.rounded(.down), 0, count - 1)
    }

    /// The windings at `p` for a ray along `axis` (0: toward −x, 1: toward −y),
    /// leaving out entry `excluded`. Both rays give the same numbers away from the
/// segments.
    func winding(at p: Point, rayAxis axis: Int, excluding excluded: Int = -1) -> (Int32, Int32) {
        let list = bands[axis]
        guard !list.isEmpty else { return (0, 0) }
        let along = axis == 0 ? p.y : p.x          // the ray's line
        let across = axis == 0 ? p.x : p.y         // where the ray starts
        let k = list.count == 1 ? 0 : band(axis, along, list.count)
        var wa: Int32 = 0, wb: Int32 = 0
        for i in list[k] {
            let index = Int(i)
            if index == excluded { continue }
            let e = entries[index]
            let s = e.segment
            let c0 = axis == 0 ? s.p0.y : s.p0.x, c3 = axis == 0 ? s.p3.y : s.p3.x
            let lo = min(c0, c3), hi = max(c0, c3)
            guard along >= lo, along < hi else { continue }
            // Monotone segments lie between their ends on the ray's axis too, so
            // only a ray starting within that span needs the crossing solved.
            let a0 = axis == 0 ? s.p0.x : s.p0.y, a3 = axis == 0 ? s.p3.x : s.p3.y
            if across <= min(a0, a3) { continue }
            if across <= max(a0, a3) {
                guard s.coordinate(crossing: axis == 0 ? 1 : 0, at: along) < across else { continue }
            }
            // The sign makes both rays agree: a crossing counts +1 when the segment
            // runs clockwise-on-screen past the ray's start (up in y for the −x ray,
            // toward −x for the −y ray), so a loop's inside has one winding whichever
            // ray measures it.
            let increasing = c3 > c0
            let dir: Int32 = (axis == 0) == increasing ? 1 : -1
            wa &+= dir &* e.weightA
            wb &+= dir &* e.weightB
        }
        return (wa, wb)
    }

    /// Whether some segment passes within `tol` of `p`.
    func touches(_ p: Point, tol: Double) -> Bool {
        let list = bands[0]
        guard !list.isEmpty else { return false }
        let first = list.count == 1 ? 0 : band(0, p.y - tol, list.count)
        let last = list.count == 1 ? 0 : band(0, p.y + tol, list.count)
        for k in first...last {
            for i in list[k] where entries[Int(i)].segment.parameter(near: p, tol: tol) != nil { return true }
        }
        return false
    }
}
