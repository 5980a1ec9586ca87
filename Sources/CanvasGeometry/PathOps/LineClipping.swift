/// The line operations: the parts of one path's outline (as a stroke would draw
/// it, open subpaths left open) inside or outside another path's area.
///
/// A piece of the outline lying along the other's boundary counts as inside, so
/// the two operations are complements: together they give back the whole outline.
/// Each input segment is cut where it meets the other's outline, each part is
/// tested at its middle, and kept neighbours are joined back into the segment they
/// came from. A closed subpath kept whole stays closed.
extension PathData {
    public func clippedLines(by other: PathData, keepingInside: Bool, evenOdd: Bool) -> PathData {
        guard let scale = PathArrangement.normalizingScale([self, other]), isFinite else { return PathData() }
        var originals: [OpSegment] = []
        let subpaths = PathArrangement.pieces(of: self, input: 0, scale: scale, closing: false,
                                              originals: &originals)
        let lines = subpaths.flatMap(\.pieces)
        let areaSubpaths = PathArrangement.pieces(of: other, input: 1, scale: scale, closing: true,
                                                  originals: &originals)
        let tol = PathArrangement.tolerance(for: lines + areaSubpaths.flatMap(\.pieces))
        // Without the boolean arrangement's snapping, each closed chain must meet
        // end to end exactly, or a ray through a shared vertex slips between two
        // half-open spans: after dropping point-like pieces, start each piece where
        // the previous one ended.
        var area: [PathArrangement.Piece] = []
        for sub in areaSubpaths {
            var chain = sub.pieces.filter { !$0.segment.isDegenerate(tol) }
            for k in chain.indices.dropFirst() { chain[k].segment.moveStart(to: chain[k - 1].segment.p3) }
            if let first = chain.first, chain.count > 1 { chain[chain.count - 1].segment.moveEnd(to: first.segment.p0) }
            area += chain
        }
        let index = WindingIndex(area.map { WindingIndex.Entry(segment: $0.segment, weightA: 1, weightB: 0) })

        // Where each outline piece meets the area's outline.
        var cuts = [[Double]](repeating: [], count: lines.count)
        PathArrangement.forEachOverlappingPair(lines.map { $0.segment.endBounds }, area.map { $0.segment.endBounds },
                                               tol: tol) { l, a in
            for m in lines[l].segment.meetings(with: area[a].segment, tol: tol) where m.s > 0 && m.s < 1 {
                cuts[l].append(m.s)
            }
        }

        var out = PathData()
        var pieceIndex = 0
        for sub in subpaths {
            var parts: [(ContourAssembly.OrientedEdge, Bool)] = []
            for piece in sub.pieces {
                defer { pieceIndex += 1 }
                let seg = piece.segment
                var t0 = 0.0
                for t in cuts[pieceIndex].sorted() + [1.0] where t > t0 {
                    let part = seg.subsegment(t0, t)
                    let mid = seg.point(at: 0.5 * (t0 + t))
                    let inside = index.touches(mid, tol: tol * 8)
                        || Self.filled(index.winding(at: mid, rayAxis: 0).0, evenOdd)
                    parts.append((ContourAssembly.OrientedEdge(
                        segment: part, from: 0, to: 0, original: piece.original,
                        t0: piece.parameter(t0), t1: piece.parameter(t), reversed: false), inside == keepingInside))
                    t0 = t
                }
            }
            guard !parts.isEmpty else { continue }
            if sub.closed, parts.allSatisfy(\.1) {
                ContourAssembly.write(parts.map(\.0), originals: originals, tol: tol, unscale: scale,
                                      closed: true, into: &out)
                continue
            }
            // A closed subpath's kept run may wrap past its start: begin after a gap.
            if sub.closed, let gap = parts.firstIndex(where: { !$0.1 }) {
                parts = Array(parts[(gap + 1)...] + parts[...gap])
            }
            var run: [ContourAssembly.OrientedEdge] = []
            for (edge, keep) in parts + [(parts[0].0, false)] {
                if keep { run.append(edge); continue }
                if !run.isEmpty {
                    ContourAssembly.write(run, originals: originals, tol: tol, unscale: scale,
                                          closed: false, into: &out)
                }
                run = []
            }
        }
        return out
    }
}
