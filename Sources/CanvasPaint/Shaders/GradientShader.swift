import CanvasGeometry
import CEngineSupport
import CPixelKernels

/// What lies beyond a gradient's ends.
public enum GradientExtend: Sendable, Hashable {
    /// The end colours continue (no `repeat` or `mirror` option).
    case pad
    /// The gradient starts again after its end.
    case `repeat`
    /// The gradient runs back and forth (0→1, 1→0, …).
    case mirror

    /// The C kernels' `oc_extend` value.
    var kernelValue: UInt32 {
        switch self {
        case .pad: return 0
        case .repeat: return 1
        case .mirror: return 2
        }
    }
}

/// The geometry of a gradient, in its own space (user space, or the unit space of
/// a `ShapeStyle` gradient mapped onto a rectangle by the gradient's transform).
public enum GradientGeometry: Sendable, Hashable {
    /// Colours along the axis `start → end`, constant on lines perpendicular to it.
    case linear(start: Point, end: Point)
    /// Colours by distance from `center`: `startRadius` has location 0 and
    /// `endRadius` location 1.
    case radial(center: Point, startRadius: Double, endRadius: Double)
    /// Colours by angle around `center`, clockwise on screen (y down), from
    /// `startAngle` to `endAngle` (radians). A span of less than a full turn leaves
    /// a gap filled with the last colour for its first half and the first colour
    /// for its second half; a span of more than a turn shows its last whole turn
    /// (SwiftUI's documented `AngularGradient` behaviour).
    case conic(center: Point, startAngle: Double, endAngle: Double)
}

/// Maps device pixels to positions in a gradient's colour table.
///
/// Pixel `(x, y)` is sampled at its centre, mapped back to gradient space through
/// the inverse of the gradient-to-device transform. The set-up keeps every value
/// finite, so the per-pixel conversions to table indices cannot trap.
public struct GradientShader: Sendable {
    @usableFromInline
    enum Kind: Sendable {
        /// t = tx·x + ty·y + t0.
        case linear(tx: Double, ty: Double, t0: Double)
        /// t = (|g| − r0)·k with g = inverse(x, y) − center.
        case radial(inverse: Transform, r0: Double, k: Double)
        /// u = frac(direction · (angle(g) / 2π − base)); t = u·scale + offset, then
        /// the gap rule of a partial turn.
        case conic(inverse: Transform, base: Double, direction: Double, scale: Double, offset: Double,
                   gapSplit: Double)
    }

    @usableFromInline let kind: Kind
    public let extend: GradientExtend
    /// The number of samples in the colour table (which has two more entries:
    /// the colours before and after the gradient; see `GradientTable`).
    public let tableCount: Int

    /// A shader, or `nil` when the gradient paints nothing: a zero-length linear
    /// axis, equal radii, a negative radius, a conic gradient with no span, a
    /// singular or non-finite transform (robustness rows 29, 32, 33).
    public init?(_ geometry: GradientGeometry, extend: GradientExtend, gradientToDevice: Transform, tableCount: Int) {
        guard gradientToDevice.isFinite, let inv = gradientToDevice.inverted, tableCount > 0 else { return nil }
        self.extend = extend
        self.tableCount = tableCount
        // Keep coefficients well inside Float's range (a tiny axis makes steep
        // gradients; their t only needs its sign and order of magnitude).
        @inline(__always) func bounded(_ v: Double) -> Double { min(max(v, -1e30), 1e30) }
        switch geometry {
        case .linear(let s, let e):
            let v = Point(e.x - s.x, e.y - s.y)
            let len2 = v.x * v.x + v.y * v.y
            guard s.isFinite, e.isFinite, len2 > 0, len2.isFinite else { return nil }
            let k = 1 / len2
            // t(x, y) = k · ((inv(x, y) − s) · v), affine in x and y.
            let tx = k * (inv.a * v.x + inv.b * v.y)
            let ty = k * (inv.c * v.x + inv.d * v.y)
            let t0 = k * ((inv.tx - s.x) * v.x + (inv.ty - s.y) * v.y)
            guard tx.isFinite, ty.isFinite, t0.isFinite else { return nil }
            kind = .linear(tx: bounded(tx), ty: bounded(ty), t0: bounded(t0))
        case .radial(let c, let r0, let r1):
            guard c.isFinite, r0.isFinite, r1.isFinite, r0 >= 0, r1 >= 0, r1 != r0 else { return nil }
            let centered = inv.concatenating(.translation(-c.x, -c.y))
            guard centered.isFinite else { return nil }
            kind = .radial(inverse: centered, r0: r0, k: bounded(1 / (r1 - r0)))
        case .conic(let c, let a0, let a1):
            guard c.isFinite, a0.isFinite, a1.isFinite, a1 != a0 else { return nil }
            let centered = inv.concatenating(.translation(-c.x, -c.y))
            guard centered.isFinite else { return nil }
            let turn = 2 * Double.pi
            let span = a1 - a0
            let direction: Double = span > 0 ? 1 : -1
            let scale = turn / abs(span)
            if abs(span) >= turn {
                // The last whole turn, which starts a turn before the end angle.
                let base = a1 - direction * turn
                kind = .conic(inverse: centered, base: base / turn, direction: direction, scale: scale,
                              offset: (base - a0) / span, gapSplit: .infinity)
            } else {
                kind = .conic(inverse: centered, base: a0 / turn, direction: direction, scale: scale, offset: 0,
                              gapSplit: 1 + (scale - 1) / 2)
            }
        }
    }

    /// The colour-table index of each of the `count` pixels from `(x, y)` rightwards:
    /// `floor(t · N) + 1` clamped to 0…N + 1, so that t < 0 reads the first colour
    /// and t ≥ 1 the last one exactly.
    public func indices(x: Int, y: Int, count n: Int, into out: UnsafeMutablePointer<Int32>) {
        let N = Float(tableCount)
        let hi = Int32(tableCount + 1)
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        switch kind {
        case .linear(let tx, let ty, let t0):
            let start = Float(tx * px + ty * py + t0), step = Float(tx)
            switch extend {
            case .pad:
                let s = start * N + 1, d = step * N
                for i in 0..<n { out[i] = oc_index_clamp(s + Float(i) * d, hi) }
            case .repeat:
                for i in 0..<n {
                    let t = start + Float(i) * step
                    out[i] = oc_index_clamp((t - Float(oc_floor_f(t))) * N + 1, hi)
                }
            case .mirror:
                for i in 0..<n { out[i] = oc_index_clamp(GradientShader.mirrored(start + Float(i) * step) * N + 1, hi) }
            }
        case .radial(let inv, let r0, let k):
            // g = inv(px + i, py): affine in i.
            let gx = Float(inv.a * px + inv.c * py + inv.tx), gy = Float(inv.b * px + inv.d * py + inv.ty)
            let dx = Float(inv.a), dy = Float(inv.b)
            let r0f = Float(r0), kf = Float(k)
            for i in 0..<n {
                let fx = gx + Float(i) * dx, fy = gy + Float(i) * dy
                let t = ((fx * fx + fy * fy).squareRoot() - r0f) * kf
                out[i] = oc_index_clamp(extended(t) * N + 1, hi)
            }
        case .conic(let inv, let base, let direction, let scale, let offset, let split):
            let gx = Float(inv.a * px + inv.c * py + inv.tx), gy = Float(inv.b * px + inv.d * py + inv.ty)
            let dx = Float(inv.a), dy = Float(inv.b)
            let b = Float(base), dir = Float(direction), sc = Float(scale), off = Float(offset), sp = Float(split)
            for i in 0..<n {
                var u = dir * (GradientShader.turns(gx + Float(i) * dx, gy + Float(i) * dy) - b)
                u -= Float(oc_floor_f(u))
                var t = u * sc + off
                if t > 1 { t = t < sp ? 2 : -1 }    // the gap of a partial turn: the end colours
                out[i] = oc_index_clamp(t * N + 1, hi)
            }
        }
    }

    /// The colours of `count` pixels from `(x, y)` rightwards, read from an 8-bit
    /// colour table by the SIMD row kernels.
    public func shade(x: Int, y: Int, count n: Int, table: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let extendMode = oc_extend(rawValue: extend.kernelValue)
        switch kind {
        case .linear(let tx, let ty, let t0):
            oc_linear_gradient_row(out, table, Int32(tableCount), Float(tx * px + ty * py + t0), Float(tx), extendMode, n)
        case .radial(let inv, let r0, let k):
            oc_radial_gradient_row(out, table, Int32(tableCount), Float(inv.a * px + inv.c * py + inv.tx),
                                   Float(inv.b * px + inv.d * py + inv.ty), Float(inv.a), Float(inv.b), Float(r0),
                                   Float(k), extendMode, n)
        case .conic(let inv, let base, let direction, let scale, let offset, let split):
            oc_conic_gradient_row(out, table, Int32(tableCount), Float(inv.a * px + inv.c * py + inv.tx),
                                  Float(inv.b * px + inv.d * py + inv.ty), Float(inv.a), Float(inv.b), Float(base),
                                  Float(direction), Float(scale), Float(offset), Float(split), n)
        }
    }

    /// The shader as the span kernel (`oc_gradient_spans`) reads it, with its table.
    public func kernel(table: UnsafePointer<UInt32>) -> oc_gradient {
        var g = oc_gradient()
        g.table = table
        g.count = Int32(truncatingIfNeeded: tableCount)
        g.extend = oc_extend(rawValue: extend.kernelValue)
        switch kind {
        case .linear(let tx, let ty, let t0):
            g.kind = OC_GRADIENT_LINEAR
            g.tx = tx; g.ty = ty; g.t0 = t0
        case .radial(let inv, let r0, let k):
            g.kind = OC_GRADIENT_RADIAL
            g.a = inv.a; g.b = inv.b; g.c = inv.c; g.d = inv.d; g.e = inv.tx; g.f = inv.ty
            g.r0 = Float(r0); g.k = Float(k)
        case .conic(let inv, let base, let direction, let scale, let offset, let split):
            g.kind = OC_GRADIENT_CONIC
            g.a = inv.a; g.b = inv.b; g.c = inv.c; g.d = inv.d; g.e = inv.tx; g.f = inv.ty
            g.base = Float(base); g.dir = Float(direction); g.scale = Float(scale); g.offset = Float(offset)
            g.split = Float(split)
        }
        return g
    }

    @inline(__always)
    func extended(_ t: Float) -> Float {
        switch extend {
        case .pad: return t
        case .repeat: return t - Float(oc_floor_f(t))
        case .mirror: return GradientShader.mirrored(t)
        }
    }

    /// The triangle wave 0→1→0 with period 2.
    @inline(__always)
    static func mirrored(_ t: Float) -> Float {
        let u = t - 2 * Float(oc_floor_f(t * 0.5))
        return u > 1 ? 2 - u : u
    }

    /// The angle of `(x, y)` in turns, 0 ..< 1, clockwise from the positive x axis
    /// in y-down space. A polynomial arctangent (error below 2e-6 turns).
    @inline(__always)
    static func turns(_ x: Float, _ y: Float) -> Float {
        let ax = abs(x), ay = abs(y)
        let hi = max(ax, ay), lo = min(ax, ay)
        let a = hi > 0 ? lo / hi : 0
        let s = a * a
        var r = a * (0.99997726 + s * (-0.33262347 + s * (0.19354346 + s * (-0.11643287
                    + s * (0.05265332 + s * -0.01172120)))))
        if ay > ax { r = 1.5707963 - r }
        if x < 0 { r = 3.1415927 - r }
        if y < 0 { r = 6.2831855 - r }
        return r * 0.15915494
    }
}
