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
    public static let maxDashes = 1_000_000

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

    public static func dash(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        let sum = pattern.reduce(0, +)
        // Bound the work before doing it.
        var total = 0.0
        for line in lines {
            let pts = line.points
            for i in 1..<max(1, pts.count) { total += pts[i].distance(to: pts[i - 1]) }
            if line.closed, pts.count > 1 { total += pts[0].distance(to: pts[pts.count - 1]) }
        }
        if total / sum * Double(pattern.count) > Double(maxDashes) { return lines }

        var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: sum) : 0
        if start < 0 { start += sum }
        var out: [Polyline] = []
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
            var direction = Point(1, 0)
            for i in 1..<pts.count {
                var a = pts[i - 1]
                let b = pts[i]
                var segLeft = a.distance(to: b)
                guard segLeft > 0 else { continue }
                direction = (b - a) * (1 / segLeft)
                while segLeft > 0 {
                    if remaining > segLeft {
                        remaining -= segLeft
                        segLeft = 0
                        if on { piece.append(b) }
                    } else {
                        let p = a + direction * remaining
                        segLeft -= remaining
                        a = p
                        if on {
                            piece.append(p)
                            out.append(Polyline(points: dedup(piece), closed: false, direction: direction))
                            piece = []
                        } else {
                            piece = [p]
                        }
                        on.toggle()
                        index = (index + 1) % pattern.count
                        remaining = pattern[index]
                        // Zero-length entries: toggle through them at this point.
                        while remaining == 0 {
                            if on {
                                out.append(Polyline(points: [p], closed: false, direction: direction))
                                piece = []
                            } else {
                                piece = [p]
                            }
                            on.toggle()
                            index = (index + 1) % pattern.count
                            remaining = pattern[index]
                        }
                    }
                }
            }
            if on && !piece.isEmpty {
                out.append(Polyline(points: dedup(piece), closed: false, direction: direction))
            }
        }
        return out
    }

    private static func dedup(_ pts: [Point]) -> [Point] {
        var r: [Point] = []
        r.reserveCapacity(pts.count)
        for p in pts where r.last != p { r.append(p) }
        return r
    }
}
