import CanvasGeometry

/// A 3 × 3 projective transform of the plane, column-vector convention:
/// `(x', y', w') = M · (x, y, 1)`, the point being `(x'/w', y'/w')`.
public struct Projection: Hashable, Sendable {
    /// Row-major: `m[0] m[1] m[2]` is the first row.
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    public static let identity = Projection([1, 0, 0, 0, 1, 0, 0, 0, 1])

    public init(affine t: Transform) {
        self.init([t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1])
    }

    public var isFinite: Bool { m.allSatisfy(\.isFinite) }

    /// `self` after `o` (maps through `o` first).
    public func concatenating(after o: Projection) -> Projection {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[3 * i + j] += m[3 * i + k] * o.m[3 * k + j] } } }
        return Projection(r)
    }

    public var inverted: Projection? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        let r = Projection([c0 * inv, (a[2] * a[7] - a[1] * a[8]) * inv, (a[1] * a[5] - a[2] * a[4]) * inv,
                            c1 * inv, (a[0] * a[8] - a[2] * a[6]) * inv, (a[2] * a[3] - a[0] * a[5]) * inv,
                            c2 * inv, (a[1] * a[6] - a[0] * a[7]) * inv, (a[0] * a[4] - a[1] * a[3]) * inv])
        return r.isFinite ? r : nil
    }

    /// The mapped point, or `nil` at or behind the plane at infinity (w ≤ 0).
    public func apply(_ x: Double, _ y: Double) -> Point? {
        let w = m[6] * x + m[7] * y + m[8]
        guard w > 1e-12 else { return nil }
        let p = Point((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
        return p.isFinite ? p : nil
    }

    /// The bounding box of `rect`'s image, or `nil` when part of it maps to
    /// infinity (then the whole input may matter).
    public func bounds(of rect: Rect) -> Rect? {
        var r: Rect? = nil
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            guard let p = apply(x, y) else { return nil }
            let c = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
            r = r.map { $0.union(c) } ?? c
        }
        return r
    }
}

public enum ProjectiveWarp {
    /// The input transformed by `projection` (device pixels of the input to device
    /// pixels of the output), resampled bilinearly over `output`.
    public static func warp(_ input: Plane, projection: Projection, output: PixelRect) -> Plane? {
        guard let out = Plane(bounds: output) else { return nil }
        guard let inv = projection.inverted else { return out }
        for y in output.y0..<output.y1 {
            let dst = out.row(y)
            for x in output.x0..<output.x1 {
                guard let q = inv.apply(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                let u = q.x - 0.5, v = q.y - 0.5
                // Far outside the input: transparent (and no integer conversion of
                // huge values).
                guard u > Double(input.bounds.x0 - 2), u < Double(input.bounds.x1 + 1),
                      v > Double(input.bounds.y0 - 2), v < Double(input.bounds.y1 + 1) else { continue }
                let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
                let fu = Float(u - Double(iu)), fv = Float(v - Double(iv))
                let top = input.value(x: iu, y: iv) * (1 - fu) + input.value(x: iu + 1, y: iv) * fu
                let bottom = input.value(x: iu, y: iv + 1) * (1 - fu) + input.value(x: iu + 1, y: iv + 1) * fu
                dst[x - output.x0] = top * (1 - fv) + bottom * fv
            }
        }
        return out
    }
}
