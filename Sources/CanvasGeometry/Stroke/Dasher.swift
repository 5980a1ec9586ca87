/// Cuts polylines into dashes.
///
/// Rules (Core Graphics'): the pattern restarts at the phase for every subpath and
/// continues across its segments and around its closing segment; an odd-length
/// pattern is used twice over; a pattern with a NaN, infinite or negative entry is
/// ignored (the line is solid, and a diagnostic is counted); an all-zero pattern is
/// solid. A dash of zero length stays as a one-point polyline, so round and square
/// caps draw dots there.
public enum Dasher {
    /// At most this many dashes are made for one path; beyond it the path is drawn
    /// solid, so that a tiny pattern on a huge path finishes in bounded time.
    /// (2¹⁷: a dash is a contour of its own, with caps, so this also bounds the
    /// outline a dashed `strokedPath` returns.)
    public static let maxDashes = 1 << 17

    /// The pattern to use, or `nil` for a solid line.
    public static func validPattern(_ dash: [Double]) -> [Double]? {
        guard !dash.isEmpty else { return nil }
        for d in dash where !(d.isFinite && d >= 0) {
            Diagnostics.report(.invalidDash)
            return nil
        }
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let sum = pattern.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        return pattern
    }

    /// The dashes of `lines`. With `visible`, dashes wholly outside it are left out
    /// (the pattern still advances along them). Past `maxDashes`, `lines` themselves:
    /// the stroke is drawn solid.
    public static func dash(_ lines: [Polyline], pattern: [Double], phase: Double, visible: Rect? = nil) -> [Polyline] {
        dashes(lines, pattern: pattern, phase: phase, visible: visible) ?? lines
    }

    /// The dashes of `lines`, or `nil` past `maxDashes` (or when the lines' length
    /// cannot be measured).
    public static func dashes(_ lines: [Polyline], pattern: [Double], phase: Double, visible: Rect? = nil) -> [Polyline]? {
        let sum = pattern.reduce(0, +)
        @inline(__always) func isOutside(_ a: Point, _ b: Point) -> Bool {
            guard let visible else { return false }
            return Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
                .isOutside(visible)
        }
        // Segments that cross `visible`'s edge are cut there (collinear pieces: the
        // dashes are the same), so that every piece is wholly inside or outside.
        let lines = visible.map { v in lines.map { $0.cut(at: v) } } ?? lines
        // Bound the work before doing it. Segments outside `visible` cost nothing:
        // the pattern skips across them by whole periods.
        var total = 0.0
        for line in lines {
            let pts = line.points
            for i in 1..<max(1, pts.count) where !isOutside(pts[i - 1], pts[i]) { total += pts[i].distance(to: pts[i - 1]) }
            if line.closed, pts.count > 1, !isOutside(pts[pts.count - 1], pts[0]) {
                total += pts[0].distance(to: pts[pts.count - 1])
            }
        }
        // (A length that overflowed, or a NaN point, makes the total unusable: the
        // loop below would never finish a segment it cannot measure.)
        guard total.isFinite, total / sum * Double(pattern.count) <= Double(maxDashes) else { return nil }

        var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: sum) : 0
        if start < 0 { start += sum }
        var out: [Polyline] = []
        /// A dash, with the smoothness of its vertices (its cut ends are not smooth).
        func emit(_ piece: [Point], _ flags: [Bool], _ direction: Point) {
            if let visible, let first = piece.first {
                var box = Rect(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
                for p in piece.dropFirst() { box = box.union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)) }
                if box.isOutside(visible) { return }
            }
            let (points, smooth) = piece.count > 1 ? dedup(piece, flags) : (piece, flags)
            out.append(Polyline(points: points, closed: false, direction: direction, smooth: smooth))
        }
        for line in lines {
            var pts = line.points
            if line.closed, let first = pts.first { pts.append(first) }
            if pts.count == 1 {
                out.append(line)      // a dot stays a dot
                continue
            }
            // Find where in the pattern the phase falls.
            var index = 0
            var remaining = pattern[0]
            var skip = start
            while skip > 0 {
                if skip >= remaining {
                    skip -= remaining
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                } else {
                    remaining -= skip
                    skip = 0
                }
            }
            var on = index % 2 == 0
            var piece: [Point] = on ? [pts[0]] : []
            var flags: [Bool] = on ? [false] : []
            var direction = Point(1, 0)
            /// A segment that cannot be dashed, passed over: the dash in progress
            /// ends, and one in progress goes on from its end (the pattern as it was).
            func skipWhole(to b: Point) {
                if on, piece.count > 1 { emit(piece, flags, direction) }
                let restart = on && b.x.isFinite && b.y.isFinite
                piece = restart ? [b] : []
                flags = restart ? [false] : []
            }
            for i in 1..<pts.count {
                var a = pts[i - 1]
                let b = pts[i]
                var segLeft = a.distance(to: b)
                // An outside segment too long to measure (or with a NaN end) shows
                // nothing. (An inside one made the total unusable: no dashes at all.)
                guard segLeft.isFinite else {
                    skipWhole(to: b)
                    continue
                }
                guard segLeft > 0 else { continue }
                direction = (b - a) * (1 / segLeft)
                let outside = isOutside(a, b)
                while segLeft > 0 {
                    if outside, segLeft - remaining > sum {
                        // Whole periods of the pattern leave its state as it was, and
                        // their dashes cannot show: end the dash in progress, skip them.
                        let skip = ((segLeft - remaining) / sum).rounded(.down) * sum
                        // (A pattern far shorter than the segment, 10⁻¹⁵⁸ against 10¹⁵⁰:
                        // too many periods to count. Nothing of it shows: skip it whole.)
                        guard skip.isFinite else {
                            skipWhole(to: b)
                            break
                        }
                        if on {
                            piece.append(a + direction * remaining)
                            flags.append(false)
                            emit(piece, flags, direction)
                        }
                        a = a + direction * skip
                        segLeft -= skip
                        piece = on ? [a] : []
                        flags = on ? [false] : []
                    }
                    if remaining > segLeft {
                        remaining -= segLeft
                        segLeft = 0
                        if on {
                            piece.append(b)
                            flags.append(line.isSmooth(i % line.points.count))
                        }
                    } else {
                        let p = a + direction * remaining
                        segLeft -= remaining
                        a = p
                        if on {
                            piece.append(p)
                            flags.append(false)
                            emit(piece, flags, direction)
                            piece = []
                            flags = []
                        } else {
                            piece = [p]
                            flags = [false]
                        }
                        on.toggle()
                        index = (index + 1) % pattern.count
                        remaining = pattern[index]
                        // Zero-length entries: toggle through them at this point.
                        while remaining == 0 {
                            if on {
                                emit([p], [false], direction)
                                piece = []
                                flags = []
                            } else {
                                piece = [p]
                                flags = [false]
                            }
                            on.toggle()
                            index = (index + 1) % pattern.count
                            remaining = pattern[index]
                        }
                    }
                }
            }
            if on && !piece.isEmpty { emit(piece, flags, direction) }
        }
        return out
    }

    private static func dedup(_ pts: [Point], _ flags: [Bool]) -> ([Point], [Bool]) {
        var r: [Point] = [], f: [Bool] = []
        r.reserveCapacity(pts.count)
        f.reserveCapacity(pts.count)
        for (p, flag) in zip(pts, flags) where r.last != p {
            r.append(p)
            f.append(flag)
        }
        return (r, f)
    }
}

extension Polyline {
    /// The polyline with a vertex added where a segment enters or leaves `r`
    /// (Liang–Barsky), so that no segment has parts both inside and outside it.
    func cut(at r: Rect) -> Polyline {
        let n = points.count
        guard n > 1 else { return self }
        var pts: [Point] = [], flags: [Bool] = []
        var changed = false
        let segments = closed ? n : n - 1
        for k in 0..<segments {
            let a = points[k], b = points[(k + 1) % n]
            pts.append(a)
            flags.append(isSmooth(k))
            let d = b - a
            var t0 = 0.0, t1 = 1.0
            for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
                if p == 0 { if q < 0 { t0 = 1; t1 = 0 } ; continue }
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            }
            guard t0 < t1 else { continue }
            for t in [t0, t1] where t > 0 && t < 1 {
                pts.append(a + d * t)
                flags.append(true)          // inside a straight segment: no corner
                changed = true
            }
        }
        guard changed else { return self }
        if !closed {
            pts.append(points[n - 1])
            flags.append(isSmooth(n - 1))
        }
        return Polyline(points: pts, closed: closed, direction: direction, smooth: flags,
                        startTangent: startTangent, endTangent: endTangent)
    }
}
