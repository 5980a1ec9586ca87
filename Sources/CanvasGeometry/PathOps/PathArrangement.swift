/// The planar arrangement of one or two paths' outlines: every segment cut at
/// its extrema and wherever it meets another, the cut points snapped together into
/// shared vertices, and coincident pieces merged into one edge that counts for
/// every input it came from. After this no two edges cross, so the winding numbers
/// on the two sides of each edge decide whether it bounds the result.
///
/// Numerics: the inputs are scaled by a power of two (exact both ways) so that
/// their largest coordinate is about 1, which keeps products of coordinates far
/// from overflow and underflow; `tol`, a billionth of the inputs' extent (at least
/// 1e-13 of the largest coordinate), is the distance under which two points are
/// the same point.
struct PathArrangement {
    struct Edge {
        var segment: OpSegment
        var from: Int32, to: Int32
        /// Winding contributions of inputs A and B in the segment's direction.
        var weightA: Int32, weightB: Int32
        /// The input segment this edge is a piece of, and the piece's parameter range.
        var original: Int32
        var t0: Double, t1: Double
    }

    struct Piece {
        var segment: OpSegment
        var original: Int32
        var t0: Double, t1: Double
        var input: UInt8

        /// The original's parameter at `t` along this piece, exact at both ends so
        /// neighbouring pieces' ranges meet exactly (the writer joins on equality).
        func parameter(_ t: Double) -> Double {
            t <= 0 ? t0 : t >= 1 ? t1 : t0 + (t1 - t0) * t
        }
    }

    /// One subpath's pieces, and whether it was closed (explicitly: `closing`
    /// closes the others too but does not mark them).
    struct Subpath {
        var pieces: [Piece]
        var closed: Bool
    }

    private(set) var vertices: [Point] = []
    private(set) var edges: [Edge] = []
    private(set) var originals: [OpSegment] = []
    let scale: Double
    let tol: Double

    /// The power-of-two factor that brings `paths`' largest coordinate near 1, or
    /// nil when there is nothing finite to work on.
    static func normalizingScale(_ paths: [PathData]) -> Double? {
        var m = 0.0
        for p in paths {
            for q in p.points {
                guard q.isFinite else { return nil }
                m = max(m, abs(q.x), abs(q.y))
            }
        }
        guard m > 0 else { return nil }
        let e = min(max(-m.exponent, -1020), 1020)
        return Double(sign: .plus, exponent: Int(e), significand: 1)
    }

    /// Splits each subpath of `path` into scaled, monotone pieces tagged `input`;
    /// `closing` adds the implied closing line of open subpaths (for areas).
    static func pieces(of path: PathData, input: UInt8, scale: Double, closing: Bool,
                       originals: inout [OpSegment]) -> [Subpath] {
        var subpaths: [Subpath] = []
        var current: [Piece] = []
        var start = Point.zero, last = Point.zero
        func add(_ s: OpSegment) {
            let index = Int32(originals.count)
            originals.append(s)
            var t0 = 0.0
            // An extremum at an end would only cut off a sliver whose removal
            // (as degenerate) leaves a gap in the chain.
            for t in s.extrema.filter({ $0 > 1e-9 && $0 < 1 - 1e-9 }) + [1.0] where t > t0 {
                current.append(Piece(segment: s.subsegment(t0, t), original: index, t0: t0, t1: t, input: input))
                t0 = t
            }
        }
        func finish(closed: Bool) {
            if (closed || closing) && last != start { add(.line(last, start)) }
            if !current.isEmpty { subpaths.append(Subpath(pieces: current, closed: closed)) }
            current = []
        }
        path.forEach { e in
            switch e {
            case .move(let p):
                finish(closed: false)
                start = p * scale; last = start
            case .line(let p):
                let q = p * scale; add(.line(last, q)); last = q
            case .quad(let c, let p):
                let q = p * scale; add(.quad(last, c * scale, q)); last = q
            case .cubic(let c1, let c2, let p):
                let q = p * scale; add(.cubic(last, c1 * scale, c2 * scale, q)); last = q
            case .close:
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
        return subpaths
    }

    static func tolerance(for pieces: [Piece]) -> Double {
        var b = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for p in pieces {
            let r = p.segment.controlBounds
            b = Rect(minX: min(b.minX, r.minX), minY: min(b.minY, r.minY),
                     maxX: max(b.maxX, r.maxX), maxY: max(b.maxY, r.maxY))
        }
        let extent = max(b.width, b.height)
        return max(extent.isFinite ? extent * 1e-9 : 0, 1e-13)
    }

    /// The arrangement of area inputs `a` and (optionally) `b`.
    init?(_ a: PathData, _ b: PathData?) {
        let inputs = b.map { [a, $0] } ?? [a]
        guard let scale = Self.normalizingScale(inputs) else { return nil }
        self.scale = scale
        var originals: [OpSegment] = []
        var pieces = Self.pieces(of: a, input: 0, scale: scale, closing: true, originals: &originals).flatMap(\.pieces)
        if let b {
            pieces += Self.pieces(of: b, input: 1, scale: scale, closing: true, originals: &originals).flatMap(\.pieces)
        }
        self.originals = originals
        tol = Self.tolerance(for: pieces)
        pieces.removeAll { $0.segment.isDegenerate(tol) }
        build(pieces)
    }

    /// Cuts, snaps and merges.
    private mutating func build(_ pieces: [Piece]) {
        var cuts = [[(Double, Point)]](repeating: [], count: pieces.count)
        Self.forEachOverlappingPair(pieces.map { $0.segment.endBounds }, tol: tol) { i, j in
            for m in pieces[i].segment.meetings(with: pieces[j].segment, tol: tol) {
                cuts[i].append((m.s, m.point))
                cuts[j].append((m.t, m.point))
            }
        }
        var snapper = VertexSnapper(tol: tol)
        var byEnds: [UInt64: [Int]] = [:]
        for (i, piece) in pieces.enumerated() {
            let seg = piece.segment
            var stops = cuts[i].filter { $0.0 > 0 && $0.0 < 1 }.sorted { $0.0 < $1.0 }
            stops.append((1, seg.end))
            var t0 = 0.0, v0 = snapper.vertex(for: seg.start)
            for (t, p) in stops {
                let v1 = snapper.vertex(for: t == 1 ? seg.end : p)
                if v1 == v0 || t <= t0 { continue }
                let part = seg.subsegment(t0, t).withEnds(snapper.points[Int(v0)], snapper.points[Int(v1)])
                let edge = Edge(segment: part, from: v0, to: v1,
                                weightA: piece.input == 0 ? 1 : 0, weightB: piece.input == 1 ? 1 : 0,
                                original: piece.original,
                                t0: piece.parameter(t0), t1: piece.parameter(t))
                addMerging(edge, &byEnds)
                t0 = t; v0 = v1
            }
        }
        vertices = snapper.points
        edges.removeAll { $0.weightA == 0 && $0.weightB == 0 }
    }

    /// Adds `edge`, or folds it into an existing edge between the same vertices
    /// that runs along it.
    private mutating func addMerging(_ edge: Edge, _ byEnds: inout [UInt64: [Int]]) {
        let (lo, hi) = edge.from < edge.to ? (edge.from, edge.to) : (edge.to, edge.from)
        let key = UInt64(UInt32(lo)) << 32 | UInt64(UInt32(hi))
        for k in byEnds[key] ?? [] {
            let other = edges[k].segment
            let same = [0.25, 0.5, 0.75].allSatisfy {
                other.parameter(near: edge.segment.point(at: $0), tol: tol * 8) != nil
            }
            guard same else { continue }
            let sign: Int32 = edges[k].from == edge.from ? 1 : -1
            edges[k].weightA &+= sign &* edge.weightA
            edges[k].weightB &+= sign &* edge.weightB
            return
        }
        byEnds[key, default: []].append(edges.count)
        edges.append(edge)
    }

    /// The boxes with x and y exchanged when they spread further along y, so that a
    /// sweep along x meets as few boxes at once as it can (a tall, thin path would
    /// keep every box active in a sweep across it).
    static func sweepOriented(_ boxes: [Rect]) -> [Rect] {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        for b in boxes {
            lo = Point(min(lo.x, b.minX), min(lo.y, b.minY)); hi = Point(max(hi.x, b.maxX), max(hi.y, b.maxY))
        }
        guard hi.y - lo.y > hi.x - lo.x else { return boxes }
        return boxes.map { Rect(minX: $0.minY, minY: $0.minX, maxX: $0.maxY, maxY: $0.maxX) }
    }

    /// Calls `body` for each pair of boxes that overlap (within `tol`): a sweep
    /// over boxes sorted by their left edge (or top edge: `sweepOriented`).
    static func forEachOverlappingPair(_ unoriented: [Rect], tol: Double, _ body: (Int, Int) -> Void) {
        let boxes = sweepOriented(unoriented)
        let order = boxes.indices.sorted { boxes[$0].minX < boxes[$1].minX }
        var active: [Int] = []
        for i in order {
            let b = boxes[i]
            active.removeAll { boxes[$0].maxX + tol < b.minX }
            for j in active {
                let o = boxes[j]
                if o.minY <= b.maxY + tol && b.minY <= o.maxY + tol { body(j, i) }
            }
            active.append(i)
        }
    }

    /// Calls `body(i, j)` for every box `first[i]` overlapping a box `second[j]`
    /// (within `tol`): pairs within one set are never visited, so a set whose boxes
    /// all overlap one another costs nothing when the other set is far away.
    static func forEachOverlappingPair(_ first: [Rect], _ second: [Rect], tol: Double, _ body: (Int, Int) -> Void) {
        let boxes = sweepOriented(first + second)
        let order = boxes.indices.sorted { boxes[$0].minX < boxes[$1].minX }
        var active: ([Int], [Int]) = ([], [])
        for k in order {
            let b = boxes[k]
            let inFirst = k < first.count
            // Test against the other set's active boxes only.
            var others = inFirst ? active.1 : active.0
            others.removeAll { boxes[$0].maxX + tol < b.minX }
            for o in others where boxes[o].minY <= b.maxY + tol && b.minY <= boxes[o].maxY + tol {
                if inFirst { body(k, o - first.count) } else { body(o, k - first.count) }
            }
            // A set's own list is pruned only when the other set scans it (which
            // costs what the scan costs anyway), never on its own insertions.
            if inFirst {
                active.1 = others
                active.0.append(k)
            } else {
                active.0 = others
                active.1.append(k)
            }
        }
    }
}

/// Gives points closer than `tol` the same vertex: a hash grid of cells `2·tol`
/// wide, so the points within `tol` of a point are in the 2 × 2 cells its
/// `tol`-square overlaps.
struct VertexSnapper {
    let tol: Double
    private(set) var points: [Point] = []
    private var grid: [Cell: [Int32]] = [:]

    private struct Cell: Hashable { var x: Int, y: Int }

    init(tol: Double) { self.tol = tol }

    private func index(_ v: Double) -> Int {
        // Coordinates are at most ~1 and tol at least 1e-13 of that: far inside Int.
        clampedInt((v / (2 * tol)).rounded(.down), -(1 << 60), 1 << 60)
    }

    mutating func vertex(for p: Point) -> Int32 {
        let c = Cell(x: index(p.x), y: index(p.y))
        let x0 = index(p.x - tol), x1 = index(p.x + tol)
        let y0 = index(p.y - tol), y1 = index(p.y + tol)
        var best: (Int32, Double)? = nil
        for x in x0...max(x0, x1) {
            for y in y0...max(y0, y1) {
                for v in grid[Cell(x: x, y: y)] ?? [] {
                    let d = points[Int(v)].distance(to: p)
                    if d <= tol, d < (best?.1 ?? .infinity) { best = (v, d) }
                }
            }
        }
        if let best { return best.0 }
        let v = Int32(points.count)
        points.append(p)
        grid[c, default: []].append(v)
        return v
    }
}
