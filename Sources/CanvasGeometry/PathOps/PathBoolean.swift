/// Boolean operations on the areas of paths: union, intersection, subtraction,
/// symmetric difference, and `normalized` (one path's own area, without overlaps
/// or self-intersections).
///
/// The method: build the arrangement of both outlines (no two edges cross after
/// it), find the winding numbers of both inputs on each side of every edge with a
/// ray from the edge's middle, keep the edges with the result's inside on exactly
/// one side, orient them, and walk them into contours. Curves keep their degree:
/// an edge is a piece of an input segment, and pieces of one segment that stay
/// neighbours are joined back.
///
/// Orientation: every outer contour of a result runs clockwise on screen in
/// OpenCanvas' y-down space (the direction `addRect` and `addEllipse` draw in, and
/// the direction Core Graphics' own rectangles and ellipses take in its y-up space,
/// which is the same winding sign); holes run the other way. A result is therefore
/// the same area under the non-zero and the even-odd rule, and its signed area
/// (Green's theorem) is positive.
public enum PathBooleanOperation: Sendable, Hashable {
    case union
    case intersection
    /// The receiver's area without the other's.
    case subtraction
    /// The area covered by exactly one of the two.
    case symmetricDifference
}

extension PathData {
    /// The area of `self` combined with `other`'s; both inputs' insides are decided by
    /// the even-odd rule when `evenOdd` is true, by the non-zero rule otherwise. Open
    /// subpaths count as closed by a straight line, as when they are filled.
    /// Non-finite input gives an empty path.
    public func combined(with other: PathData, operation: PathBooleanOperation, evenOdd: Bool) -> PathData {
        let inside: (Int32, Int32) -> Bool
        switch operation {
        case .union: inside = { a, b in Self.filled(a, evenOdd) || Self.filled(b, evenOdd) }
        case .intersection: inside = { a, b in Self.filled(a, evenOdd) && Self.filled(b, evenOdd) }
        case .subtraction: inside = { a, b in Self.filled(a, evenOdd) && !Self.filled(b, evenOdd) }
        case .symmetricDifference: inside = { a, b in Self.filled(a, evenOdd) != Self.filled(b, evenOdd) }
        }
        guard let arrangement = PathArrangement(self, other) else { return PathData() }
        return PathBoolean.write(PathBoolean.loops(arrangement, inside: inside), arrangement)
    }

    /// The same area as `self` filled with the given rule, as non-overlapping,
    /// non-self-intersecting contours.
    public func normalized(evenOdd: Bool) -> PathData {
        guard let arrangement = PathArrangement(self, nil) else { return PathData() }
        let loops = PathBoolean.loops(arrangement) { a, _ in Self.filled(a, evenOdd) }
        return PathBoolean.write(loops, arrangement)
    }

    /// The connected pieces of `self`'s area: each outer contour with the holes
    /// directly inside it, largest first.
    public func separatedComponents(evenOdd: Bool) -> [PathData] {
        guard let arrangement = PathArrangement(self, nil) else { return [] }
        let loops = PathBoolean.loops(arrangement) { a, _ in Self.filled(a, evenOdd) }
        return PathBoolean.components(loops, arrangement)
    }

    /// Whether the areas of `self` and `other` share any area (touching along an
    /// edge or at a point does not count).
    public func overlaps(_ other: PathData, evenOdd: Bool) -> Bool {
        !combined(with: other, operation: .intersection, evenOdd: evenOdd).isEmpty
    }

    /// The signed area enclosed, by Green's theorem (open subpaths closed by a
    /// line): positive for clockwise-on-screen contours.
    public var signedArea: Double {
        var total = 0.0
        var start = Point.zero, last = Point.zero
        forEach { e in
            switch e {
            case .move(let p):
                total += OpSegment.line(last, start).areaTerm
                start = p; last = p
            case .line(let p):
                total += OpSegment.line(last, p).areaTerm; last = p
            case .quad(let c, let p):
                total += OpSegment.quad(last, c, p).areaTerm; last = p
            case .cubic(let c1, let c2, let p):
                total += OpSegment.cubic(last, c1, c2, p).areaTerm; last = p
            case .close:
                total += OpSegment.line(last, start).areaTerm; last = start
            }
        }
        return total + OpSegment.line(last, start).areaTerm
    }

    @inline(__always)
    static func filled(_ w: Int32, _ evenOdd: Bool) -> Bool {
        evenOdd ? w & 1 != 0 : w != 0
    }
}

enum PathBoolean {
    /// The edges of `arrangement` that separate inside from outside, oriented with
    /// the inside on their clockwise side, joined into closed loops.
    static func loops(_ arrangement: PathArrangement,
                      inside: (Int32, Int32) -> Bool) -> [[ContourAssembly.OrientedEdge]] {
        let edges = arrangement.edges
        let index = WindingIndex(edges.map {
            WindingIndex.Entry(segment: $0.segment, weightA: $0.weightA, weightB: $0.weightB)
        })
        var chosen: [ContourAssembly.OrientedEdge] = []
        for (i, e) in edges.enumerated() {
            let s = e.segment
            let chord = s.end - s.start
            // Cast the ray across the edge, along the axis it spans least.
            let axis = abs(chord.y) >= abs(chord.x) ? 0 : 1
            let m = s.point(at: 0.5)
            let (la, lb) = index.winding(at: m, rayAxis: axis, excluding: i)
            // The side the ray comes from is "low"; crossing the edge adds its weights
            // with the sign the index gives this direction.
            let increasing = axis == 0 ? chord.y > 0 : chord.x > 0
            let dir: Int32 = (axis == 0) == increasing ? 1 : -1
            let ha = la &+ dir &* e.weightA, hb = lb &+ dir &* e.weightB
            let insideLow = inside(la, lb), insideHigh = inside(ha, hb)
            guard insideLow != insideHigh else { continue }
            // The low side lies toward −x (axis 0) or −y (axis 1); it is on the edge's
            // clockwise side when cross(chord, lowDirection) > 0.
            let lowIsClockwise = axis == 0 ? chord.y > 0 : chord.x < 0
            let keep = insideLow == lowIsClockwise
            chosen.append(ContourAssembly.OrientedEdge(
                segment: keep ? s : s.reversed,
                from: keep ? e.from : e.to, to: keep ? e.to : e.from,
                original: e.original, t0: e.t0, t1: e.t1, reversed: !keep))
        }
        return ContourAssembly.contours(chosen, vertexCount: arrangement.vertices.count)
    }

    static func write(_ loops: [[ContourAssembly.OrientedEdge]], _ arrangement: PathArrangement) -> PathData {
        var out = PathData()
        for loop in loops {
            ContourAssembly.write(loop, originals: arrangement.originals, tol: arrangement.tol,
                                  unscale: arrangement.scale, closed: true, into: &out)
        }
        return out
    }

    static func area(_ loop: [ContourAssembly.OrientedEdge]) -> Double {
        loop.reduce(0) { $0 + $1.segment.areaTerm }
    }

    /// Groups loops into outer contours (positive area) with the holes each one
    /// directly encloses: a hole belongs to the smallest outer contour around it.
    static func components(_ loops: [[ContourAssembly.OrientedEdge]], _ arrangement: PathArrangement) -> [PathData] {
        let areas = loops.map(area)
        let outers = loops.indices.filter { areas[$0] > 0 }.sorted { areas[$0] > areas[$1] }
        let indexes = outers.map { o in
            WindingIndex(loops[o].map { WindingIndex.Entry(segment: $0.segment, weightA: 1, weightB: 0) })
        }
        var holes = [[Int]](repeating: [], count: outers.count)
        for h in loops.indices where areas[h] <= 0 {
            // A hole's edges lie inside its outer contour (or on it where they touch),
            // so the middle of its longest edge is a safe probe.
            guard let probe = loops[h].max(by: {
                ($0.segment.end - $0.segment.start).length < ($1.segment.end - $1.segment.start).length
            }) else { continue }
            let m = probe.segment.point(at: 0.5)
            // Smallest containing outer: outers are sorted largest first, so the last hit.
            var owner = -1
            for (k, index) in indexes.enumerated() where index.winding(at: m, rayAxis: 0).0 != 0 {
                owner = k
            }
            if owner >= 0 { holes[owner].append(h) }
        }
        return outers.indices.map { k in
            var path = PathData()
            for l in [outers[k]] + holes[k] {
                ContourAssembly.write(loops[l], originals: arrangement.originals, tol: arrangement.tol,
                                      unscale: arrangement.scale, closed: true, into: &path)
            }
            return path
        }
    }
}
