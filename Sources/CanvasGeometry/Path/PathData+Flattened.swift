extension PathData {
    /// The path with every curve replaced by straight lines that stay within
    /// `tolerance` of it (Wang's bound, as the rasterizer flattens). So that the
    /// number of lines stays bounded, a tolerance that is not a positive finite
    /// number becomes a thousandth of the path's extent, and a positive one is
    /// raised to at least a millionth of it.
    public func flattened(tolerance: Double) -> PathData {
        let b = controlBounds
        let floor = max(b.width, b.height).isFinite ? max(b.width, b.height) * 1e-3 : 0
        let tol = tolerance.isFinite && tolerance > 0 ? max(tolerance, floor * 1e-3) : max(floor, 1e-9)
        var out = PathData()
        var last = Point.zero
        forEach { e in
            switch e {
            case .move(let p): out.move(to: p); last = p
            case .line(let p): out.line(to: p); last = p
            case .quad(let c, let p):
                Flattening.flattenQuad(last, c, p, tolerance: tol) { out.line(to: $0) }
                last = p
            case .cubic(let c1, let c2, let p):
                Flattening.flattenCubic(last, c1, c2, p, tolerance: tol) { out.line(to: $0) }
                last = p
            case .close: out.close(); last = out.currentPoint ?? last
            }
        }
        return out
    }
}
