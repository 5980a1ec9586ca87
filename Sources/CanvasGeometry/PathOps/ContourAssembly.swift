/// Joins the chosen, oriented edges of an arrangement into closed contours and
/// writes them as a path.
///
/// Every vertex has as many chosen edges arriving as leaving (they bound a
/// region), so walks always close. Where several leave one vertex (two parts of
/// the result touching at a point), the walk takes the sharpest turn toward the
/// inside, which keeps each contour weakly simple. Consecutive pieces of one input
/// segment are joined back into that segment's sub-curve, and consecutive
/// collinear lines into one line, so an untouched outline comes out as it went in.
struct ContourAssembly {
    struct OrientedEdge {
        var segment: OpSegment
        var from: Int32, to: Int32
        var original: Int32
        var t0: Double, t1: Double
        var reversed: Bool
    }

    static func contours(_ chosen: [OrientedEdge], vertexCount: Int) -> [[OrientedEdge]] {
        var leaving = [[Int32]](repeating: [], count: vertexCount)
        for (i, e) in chosen.enumerated() { leaving[Int(e.from)].append(Int32(i)) }
        var used = [Bool](repeating: false, count: chosen.count)
        var out: [[OrientedEdge]] = []
        for first in chosen.indices where !used[first] {
            var loop: [OrientedEdge] = []
            var i = first
            let start = chosen[first].from
            while true {
                used[i] = true
                let e = chosen[i]
                loop.append(e)
                if e.to == start { break }
                let incoming = e.segment.tangent(atEnd: true)
                var best = -1, bestTurn = -Double.infinity
                for c in leaving[Int(e.to)] where !used[Int(c)] {
                    let b = chosen[Int(c)].segment.tangent(atEnd: false)
                    let turn = atan2Approx(incoming.cross(b), incoming.dot(b))
                    if turn > bestTurn { bestTurn = turn; best = Int(c) }
                }
                // A dead end cannot happen for a balanced set; if rounding made one,
                // the contour is closed where it stands.
                if best < 0 { break }
                i = best
            }
            out.append(loop)
        }
        return out
    }

    /// A monotone stand-in for atan2 (only the order of turns matters): maps the
    /// direction to (−2, 2].
    static func atan2Approx(_ y: Double, _ x: Double) -> Double {
        let r = abs(x) + abs(y)
        guard r > 0 else { return -2 }
        let a = 1 - x / r                 // 0 … 2 from straight ahead to straight back
        return y >= 0 ? a : -a
    }

    /// Joins neighbours that continue one another and writes `loop` into `path`,
    /// undoing the arrangement's scaling.
    static func write(_ loop: [OrientedEdge], originals: [OpSegment], tol: Double, unscale: Double,
                      closed: Bool, into path: inout PathData) {
        guard !loop.isEmpty else { return }
        func joinable(_ a: OrientedEdge, _ b: OrientedEdge) -> Bool {
            if a.original >= 0, a.original == b.original, a.reversed == b.reversed,
               a.reversed ? a.t0 == b.t1 : a.t1 == b.t0 { return true }
            if a.segment.kind == .line, b.segment.kind == .line {
                let d = b.segment.end - a.segment.start
                let len = d.length
                guard len > tol, d.dot(a.segment.end - a.segment.start) > 0,
                      d.dot(b.segment.end - b.segment.start) > 0 else { return false }
                return abs(d.cross(a.segment.end - a.segment.start)) / len <= tol
            }
            return false
        }
        // Start where a join is not possible, so no run is split by the seam.
        var rotated = loop
        if closed, loop.count > 1,
           let seam = loop.indices.first(where: { !joinable(loop[($0 + loop.count - 1) % loop.count], loop[$0]) }) {
            rotated = Array(loop[seam...] + loop[..<seam])
        }
        var runs: [OrientedEdge] = []
        for e in rotated {
            if let last = runs.last, joinable(last, e) {
                runs[runs.count - 1] = join(last, e, originals: originals)
            } else {
                runs.append(e)
            }
        }
        let s = 1 / unscale
        path.move(to: runs[0].segment.start * s)
        // A closing straight line is the `close` itself.
        if closed, runs.count > 1, let last = runs.last, last.segment.kind == .line { runs.removeLast() }
        for r in runs {
            let g = r.segment
            switch g.kind {
            case .line: path.line(to: g.end * s)
            case .quad: path.quad(to: g.end * s, control: g.p1 * s)
            case .cubic: path.cubic(to: g.end * s, control1: g.p1 * s, control2: g.p2 * s)
            }
        }
        if closed { path.close() }
    }

    private static func join(_ a: OrientedEdge, _ b: OrientedEdge, originals: [OpSegment]) -> OrientedEdge {
        var j = a
        j.to = b.to
        if a.original >= 0, a.original == b.original, a.reversed == b.reversed,
           a.reversed ? a.t0 == b.t1 : a.t1 == b.t0 {
            j.t0 = min(a.t0, b.t0); j.t1 = max(a.t1, b.t1)
            var g = originals[Int(a.original)].subsegment(j.t0, j.t1)
            if a.reversed { g = g.reversed }
            j.segment = g.withEnds(a.segment.start, b.segment.end)
        } else {
            j.segment = .line(a.segment.start, b.segment.end)
            j.original = -1
        }
        return j
    }
}
