import CanvasGeometry

/// Scan conversion without anti-aliasing (`FillStyle(antialiased: false)`): a pixel
/// is covered when its centre is inside the path under the fill rule.
public enum AliasedScan {
    public static func fill(_ edges: inout EdgeList, rule: FillRule, into out: inout SpanBuffer) {
        edges.mergeLeftEdges()
        guard !edges.isEmpty, !edges.clip.isEmpty else { return }
        edges.sortByTop()
        let clip = edges.clip
        var active: [Int] = []
        var xs: [(Double, Int32)] = []
        do {
            let list = UnsafeBufferPointer(start: edges.edges.pointer, count: edges.edges.count)
            var next = 0
            var row = clampedInt((edges.minY - 0.5).rounded(.down), clip.y0, clip.y1)
            let lastRow = clampedInt(edges.maxY.rounded(.up), clip.y0, clip.y1)
            while row < lastRow {
                let yc = Double(row) + 0.5
                while next < list.count && list[next].y0 <= yc {
                    active.append(next)
                    next += 1
                }
                active.removeAll { list[$0].y1 <= yc }
                xs.removeAll(keepingCapacity: true)
                for i in active where list[i].y0 <= yc {
                    xs.append((list[i].x(at: yc), list[i].direction))
                }
                xs.sort { $0.0 < $1.0 }
                var winding: Int32 = 0
                var inside = false
                var start = 0.0
                for (x, d) in xs {
                    winding &+= d
                    let now = rule.isInside(winding)
                    if now && !inside { start = x }
                    if !now && inside {
                        let c0 = clampedInt((start - 0.5).rounded(.up), clip.x0, clip.x1)
                        let c1 = clampedInt((x - 0.5).rounded(.up), clip.x0, clip.x1)
                        out.addConstant(x: c0, y: row, length: c1 - c0, alpha: 255)
                    }
                    inside = now
                }
                if inside {
                    let c0 = clampedInt((start - 0.5).rounded(.up), clip.x0, clip.x1)
                    out.addConstant(x: c0, y: row, length: clip.x1 - c0, alpha: 255)
                }
                row += 1
            }
        }
    }
}
