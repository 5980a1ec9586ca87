/// Trimming a path to a fraction of its length.
extension PathData {
    /// One drawable segment of the path with its start point.
    struct Segment {
        enum Kind { case line, quad, cubic }
        var kind: Kind
        var p0: Point, p1: Point, p2: Point, p3: Point   // unused points repeat the end
        var length: Double
        /// A move precedes this segment (it starts a subpath).
        var startsSubpath: Bool
        /// Cumulative lengths at `samples` evenly spaced parameters (curves only).
        var table: [Double]
    }

    static let lengthSamples = 32

    func segments() -> [Segment] {
        var out: [Segment] = []
        var start = Point.zero, last = Point.zero
        var pendingMove = true
        func add(_ kind: Segment.Kind, _ p1: Point, _ p2: Point, _ p3: Point) {
            var seg = Segment(kind: kind, p0: last, p1: p1, p2: p2, p3: p3, length: 0,
                              startsSubpath: pendingMove, table: [])
            switch kind {
            case .line:
                seg.length = last.distance(to: p3)
            case .quad, .cubic:
                var table = [0.0]
                var prev = last, total = 0.0
                let n = PathData.lengthSamples * 8
                for k in 1...n {
                    let t = Double(k) / Double(n)
                    let q = kind == .quad ? Bezier.quadPoint(last, p1, p3, t) : Bezier.cubicPoint(last, p1, p2, p3, t)
                    total += prev.distance(to: q)
                    prev = q
                    if k % 8 == 0 { table.append(total) }
                }
                seg.table = table
                seg.length = total
            }
            out.append(seg)
            pendingMove = false
            last = p3
        }
        forEach { e in
            switch e {
            case .move(let p): start = p; last = p; pendingMove = true
            case .line(let p): add(.line, p, p, p)
            case .quad(let c, let p): add(.quad, c, c, p)
            case .cubic(let c1, let c2, let p): add(.cubic, c1, c2, p)
            case .close:
                add(.line, start, start, start)
                last = start
                pendingMove = true
            }
        }
        return out
    }

    /// The parameter at which a segment reaches `length` from its start.
    static func parameter(_ s: Segment, at length: Double) -> Double {
        guard s.length > 0 else { return 0 }
        if s.kind == .line { return min(1, max(0, length / s.length)) }
        let table = s.table
        var i = 1
        while i < table.count - 1 && table[i] < length { i += 1 }
        let l0 = table[i - 1], l1 = table[i]
        let f = l1 > l0 ? (length - l0) / (l1 - l0) : 0
        return min(1, max(0, (Double(i - 1) + f) / Double(table.count - 1)))
    }

    /// The part of a segment between parameters `a` and `b`, appended to `path`.
    static func appendPiece(_ s: Segment, from a: Double, to b: Double, moveFirst: Bool, into path: inout PathData) {
        switch s.kind {
        case .line:
            let p = s.p0.lerp(s.p3, a), q = s.p0.lerp(s.p3, b)
            if moveFirst { path.move(to: p) }
            path.line(to: q)
        case .quad:
            var (c0, c1, c2) = (s.p0, s.p1, s.p3)
            if b < 1 { (c0, c1, c2) = Bezier.splitQuad(c0, c1, c2, at: b).0 }
            if a > 0 { (c0, c1, c2) = Bezier.splitQuad(c0, c1, c2, at: b > 0 ? a / b : 0).1 }
            if moveFirst { path.move(to: c0) }
            path.quad(to: c2, control: c1)
        case .cubic:
            var (c0, c1, c2, c3) = (s.p0, s.p1, s.p2, s.p3)
            if b < 1 { (c0, c1, c2, c3) = Bezier.splitCubic(c0, c1, c2, c3, at: b).0 }
            if a > 0 { (c0, c1, c2, c3) = Bezier.splitCubic(c0, c1, c2, c3, at: b > 0 ? a / b : 0).1 }
            if moveFirst { path.move(to: c0) }
            path.cubic(to: c3, control1: c1, control2: c2)
        }
    }

    /// The part of the path between fractions `from` and `to` of its total length
    /// (clamped to 0…1; nothing when `from ≥ to`). Curves stay curves, split where
    /// the fractions fall; the part of a closed subpath stays closed only when the
    /// whole subpath is kept.
    public func trimmed(from: Double, to: Double) -> PathData {
        let a = from.isFinite ? min(max(from, 0), 1) : 0
        let b = to.isFinite ? min(max(to, 0), 1) : 1
        guard b > a else { return PathData() }
        if a == 0 && b == 1 { return self }
        let segs = segments()
        let total = segs.reduce(0) { $0 + $1.length }
        guard total > 0 else { return PathData() }
        let startLength = a * total, endLength = b * total
        var out = PathData()
        var walked = 0.0
        var inside = false
        for s in segs {
            let s0 = walked, s1 = walked + s.length
            walked = s1
            if s.startsSubpath { inside = false }
            guard s1 > startLength, s0 < endLength, s.length > 0 else { continue }
            let ta = s0 >= startLength ? 0 : PathData.parameter(s, at: startLength - s0)
            let tb = s1 <= endLength ? 1 : PathData.parameter(s, at: endLength - s0)
            PathData.appendPiece(s, from: ta, to: tb, moveFirst: !inside || ta > 0, into: &out)
            inside = tb >= 1
        }
        return out
    }

    /// The total length of the path (curves measured by fine sampling).
    public var length: Double { segments().reduce(0) { $0 + $1.length } }
}
