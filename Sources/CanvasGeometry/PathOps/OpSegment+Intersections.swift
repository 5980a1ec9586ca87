/// Where two monotone segments meet.
///
/// Three kinds of meeting are found, in this order:
/// 1. an end point of one lying on the other (touching, shared vertices, and the
///    ends of a stretch where the two coincide);
/// 2. when those show the segments run along each other (the middle of the shared
///    stretch lies on both), nothing else: the coincident part is merged later;
/// 3. otherwise crossings: exactly for two lines, and for curves by subdividing
///    both until their boxes are small (a monotone piece's box is its end points'
///    box, so this is cheap), then polishing each candidate by Newton's method.
///    A work budget bounds the cost when curves are tangent over a stretch.
struct SegmentMeeting {
    var s: Double      // parameter on the first segment
    var t: Double      // parameter on the second
    var point: Point
}

extension OpSegment {
    func meetings(with other: OpSegment, tol: Double) -> [SegmentMeeting] {
        var found: [SegmentMeeting] = []
        // 1. End points on the other segment.
        for (t, q) in [(0.0, other.p0), (1.0, other.p3)] {
            if let s = parameter(near: q, tol: tol) { found.append(SegmentMeeting(s: s, t: t, point: q)) }
        }
        for (s, q) in [(0.0, p0), (1.0, p3)] {
            if let t = other.parameter(near: q, tol: tol) { found.append(SegmentMeeting(s: s, t: t, point: q)) }
        }
        found = Self.deduplicated(found, tol: tol)
        // 2. A shared stretch: two distinct meetings with the middle between them on both.
        if found.count >= 2 {
            let ss = found.map(\.s)
            let lo = ss.min()!, hi = ss.max()!
            if hi - lo > 1e-9 {
                let mid = point(at: 0.5 * (lo + hi))
                if other.parameter(near: mid, tol: tol * 4) != nil { return found }
            }
        }
        // 3. Crossings.
        if kind == .line && other.kind == .line {
            if let m = lineCrossing(other, tol: tol) { found.append(m) }
        } else {
            found.append(contentsOf: curveCrossings(other, tol: tol, known: found))
        }
        return Self.deduplicated(found, tol: tol)
    }

    /// Keeps one meeting per place; end-point meetings (found first) win.
    private static func deduplicated(_ ms: [SegmentMeeting], tol: Double) -> [SegmentMeeting] {
        var out: [SegmentMeeting] = []
        for m in ms where !out.contains(where: { $0.point.distance(to: m.point) <= tol * 2 }) {
            out.append(m)
        }
        return out
    }

    private func lineCrossing(_ o: OpSegment, tol: Double) -> SegmentMeeting? {
        let r = p3 - p0, q = o.p3 - o.p0
        let den = r.cross(q)
        // Parallel (or nearly): any meeting is an end point on the other, found above.
        guard abs(den) > 1e-14 * r.length * q.length else { return nil }
        let w = o.p0 - p0
        let s = w.cross(q) / den, t = w.cross(r) / den
        guard s > 0, s < 1, t > 0, t < 1 else { return nil }
        return SegmentMeeting(s: s, t: t, point: point(at: s))
    }

    /// The band around the chord that holds the segment: signed distances (from the
    /// chord's line, positive to its clockwise side) of the nearest and farthest
    /// control points. A segment is inside the band of its own control polygon.
    private var fatLine: (origin: Point, normal: Point, lo: Double, hi: Double)? {
        let chord = p3 - p0
        let len = chord.length
        guard len > 0 else { return nil }
        let n = Point(-chord.y / len, chord.x / len)
        var lo = 0.0, hi = 0.0
        if kind != .line {
            let d1 = (p1 - p0).dot(n)
            lo = min(lo, d1); hi = max(hi, d1)
            if kind == .cubic {
                let d2 = (p2 - p0).dot(n)
                lo = min(lo, d2); hi = max(hi, d2)
            }
        }
        return (p0, n, lo, hi)
    }

    /// Whether all of `other`'s control points lie outside this segment's band (by
    /// more than `tol`): then the two cannot meet.
    private func excludes(_ other: OpSegment, tol: Double) -> Bool {
        guard let f = fatLine else { return false }
        let pts = other.kind == .line ? [other.p0, other.p3]
            : other.kind == .quad ? [other.p0, other.p1, other.p3] : [other.p0, other.p1, other.p2, other.p3]
        var lo = Double.infinity, hi = -Double.infinity
        for q in pts {
            let d = (q - f.origin).dot(f.normal)
            lo = min(lo, d); hi = max(hi, d)
        }
        return lo > f.hi + tol || hi < f.lo - tol
    }

    /// The width of the band: how far the segment strays from its chord at most.
    private var bandWidth: Double {
        guard let f = fatLine else { return 0 }
        return f.hi - f.lo
    }

    /// Where the chords of two (flat) segments cross, as parameters along each.
    private static func chordCrossing(_ a: OpSegment, _ b: OpSegment, tol: Double) -> (Double, Double)? {
        let r = a.p3 - a.p0, q = b.p3 - b.p0
        let den = r.cross(q)
        let lr = r.length, lq = q.length
        guard abs(den) > 1e-14 * lr * lq, lr > 0, lq > 0 else { return nil }
        let w = b.p0 - a.p0
        let u = w.cross(q) / den, v = w.cross(r) / den
        let su = tol / lr, sv = tol / lq
        guard u >= -su, u <= 1 + su, v >= -sv, v <= 1 + sv else { return nil }
        return (min(max(u, 0), 1), min(max(v, 0), 1))
    }

    /// Where the chords of two nearly flat pieces cross, when they cross at an angle
    /// steep enough that pieces within `slack` of their chords cross exactly once
    /// (the sine of the angle well above the pieces' flatness over their length).
    /// The chords may miss each other by `slack` at their ends.
    private static func transversalCrossing(_ a: OpSegment, _ b: OpSegment, _ slack: Double) -> (Double, Double)? {
        let r = a.p3 - a.p0, q = b.p3 - b.p0
        let lr = r.length, lq = q.length
        guard lr > 64 * slack, lq > 64 * slack else { return nil }
        let den = r.cross(q)
        let sine = abs(den) / (lr * lq)
        guard sine > 0.05, sine * min(lr, lq) > 64 * slack else { return nil }
        let w = b.p0 - a.p0
        let u = w.cross(q) / den, v = w.cross(r) / den
        let su = slack / (lr * sine), sv = slack / (lq * sine)
        guard u >= -su, u <= 1 + su, v >= -sv, v <= 1 + sv else { return nil }
        return (min(max(u, 0), 1), min(max(v, 0), 1))
    }

    /// Crossings of two curves away from the meetings already found (`known`):
    /// both are subdivided, pairs of pieces are dropped when either lies outside the
    /// other's fat line (the band around its chord that holds it), and once both
    /// pieces of a pair are flat within `tol` their chords are crossed exactly.
    /// Fat lines, unlike boxes, separate close diagonal curves early, so a
    /// transversal crossing keeps O(1) pairs alive per level; a budget bounds the
    /// rest (curves tangent along a stretch).
    private func curveCrossings(_ o: OpSegment, tol: Double, known: [SegmentMeeting]) -> [SegmentMeeting] {
        struct Span { var a0: Double, a1: Double, b0: Double, b1: Double; var sa: OpSegment, sb: OpSegment }
        let near = tol * 64
        let coarse = tol * 1e6
        var stack = [Span(a0: 0, a1: 1, b0: 0, b1: 1, sa: self, sb: o)]
        var leaves: [(Double, Double)] = []
        var budget = 1 << 14
        while let sp = stack.popLast() {
            budget -= 1
            if budget < 0 { break }
            let ba = sp.sa.controlBounds, bb = sp.sb.controlBounds
            if ba.minX > bb.maxX + tol || bb.minX > ba.maxX + tol ||
               ba.minY > bb.maxY + tol || bb.minY > ba.maxY + tol { continue }
            if sp.sa.excludes(sp.sb, tol: tol) || sp.sb.excludes(sp.sa, tol: tol) { continue }
            let wa = sp.sa.bandWidth, wb = sp.sb.bandWidth
            if wa <= coarse && wb <= coarse, let (u, v) = Self.transversalCrossing(sp.sa, sp.sb, wa + wb + tol) {
                // Nearly flat and crossing steeply: one crossing, which Newton's method
                // below polishes (a neighbour pair reporting it too is merged there).
                leaves.append((sp.a0 + (sp.a1 - sp.a0) * u, sp.b0 + (sp.b1 - sp.b0) * v))
                continue
            }
            let tiny = sp.a1 - sp.a0 < 1e-13 && sp.b1 - sp.b0 < 1e-13
            if (wa <= tol && wb <= tol) || tiny {
                if let (u, v) = Self.chordCrossing(sp.sa, sp.sb, tol: tol) {
                    leaves.append((sp.a0 + (sp.a1 - sp.a0) * u, sp.b0 + (sp.b1 - sp.b0) * v))
                } else if tiny {
                    leaves.append((0.5 * (sp.a0 + sp.a1), 0.5 * (sp.b0 + sp.b1)))
                }
                continue
            }
            // Split the piece that strays further from its chord (or the longer one).
            let sizeA = max(wa, max(ba.width, ba.height) * (wa > tol ? 1 : 0.5))
            let sizeB = max(wb, max(bb.width, bb.height) * (wb > tol ? 1 : 0.5))
            if sizeA >= sizeB && sp.a1 - sp.a0 >= 1e-13 || sp.b1 - sp.b0 < 1e-13 {
                let m = 0.5 * (sp.a0 + sp.a1)
                let (l, r) = (subsegment(sp.a0, m), subsegment(m, sp.a1))
                stack.append(Span(a0: sp.a0, a1: m, b0: sp.b0, b1: sp.b1, sa: l, sb: sp.sb))
                stack.append(Span(a0: m, a1: sp.a1, b0: sp.b0, b1: sp.b1, sa: r, sb: sp.sb))
            } else {
                let m = 0.5 * (sp.b0 + sp.b1)
                let (l, r) = (o.subsegment(sp.b0, m), o.subsegment(m, sp.b1))
                stack.append(Span(a0: sp.a0, a1: sp.a1, b0: sp.b0, b1: m, sa: sp.sa, sb: l))
                stack.append(Span(a0: sp.a0, a1: sp.a1, b0: m, b1: sp.b1, sa: sp.sa, sb: r))
            }
        }
        // Polish by Newton's method, drop what lands on a known meeting, merge the rest.
        var out: [SegmentMeeting] = []
        for (s0, t0) in leaves.sorted(by: { $0.0 < $1.0 }) {
            var s = s0, t = t0
            for _ in 0..<8 {
                let f = point(at: s) - o.point(at: t)
                if abs(f.x) + abs(f.y) <= tol * 1e-3 { break }
                let da = derivative(at: s), db = o.derivative(at: t)
                let det = -da.cross(db)
                if abs(det) < 1e-300 { break }
                // Solve da·Δs − db·Δt = −f.
                let dsn = (-f).cross(-db) / det
                let dtn = da.cross(-f) / det
                let ns = min(max(s + dsn, 0), 1), nt = min(max(t + dtn, 0), 1)
                if !ns.isFinite || !nt.isFinite { break }
                s = ns; t = nt
            }
            var pa = point(at: s), pb = o.point(at: t)
            if pa.distance(to: pb) > tol * 4 {
                // Newton wandered (near tangency): keep the chords' estimate.
                s = s0; t = t0
                pa = point(at: s); pb = o.point(at: t)
                guard pa.distance(to: pb) <= tol * 4 else { continue }
            }
            let m = SegmentMeeting(s: s, t: t, point: (pa + pb) * 0.5)
            if known.contains(where: { $0.point.distance(to: m.point) <= near }) { continue }
            if out.contains(where: { $0.point.distance(to: m.point) <= near }) { continue }
            out.append(m)
        }
        return out
    }
}
