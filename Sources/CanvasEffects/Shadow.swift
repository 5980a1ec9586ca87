import CanvasGeometry
import CanvasPaint

/// A drop shadow in device pixels: the source's alpha, blurred, tinted, offset.
public struct Shadow: Sendable {
    /// Premultiplied, in the working space.
    public var color: SIMD4<Float>
    /// Standard deviation of the blur.
    public var sigma: Double
    public var offset: Point
    public var blendMode: BlendMode
    public var above: Bool
    public var only: Bool
    public var invertsAlpha: Bool
    public var disablesGroup: Bool

    public init(color: SIMD4<Float>, sigma: Double, offset: Point, blendMode: BlendMode,
                above: Bool, only: Bool, invertsAlpha: Bool, disablesGroup: Bool) {
        self.color = color; self.sigma = sigma; self.offset = offset; self.blendMode = blendMode
        self.above = above; self.only = only; self.invertsAlpha = invertsAlpha; self.disablesGroup = disablesGroup
    }

    var integerOffset: (Int, Int) {
        (clampedInt(offset.x.rounded(.down), -1 << 30, 1 << 30), clampedInt(offset.y.rounded(.down), -1 << 30, 1 << 30))
    }

    /// The source pixels the shadow over `output` depends on.
    public func sourceRegion(for output: PixelRect) -> PixelRect {
        let (ox, oy) = integerOffset
        let m = GaussianBlur.reach(sigma: sigma) + 2
        return PixelRect(x0: output.x0 - ox - m, y0: output.y0 - oy - m, x1: output.x1 - ox + m, y1: output.y1 - oy + m)
    }

    /// The tinted shadow over `output`, from a source plane covering (at least the
    /// drawn part of) `sourceRegion(for: output)`.
    public func shadow(of source: Plane, output: PixelRect) -> Plane? {
        let (ox, oy) = integerOffset
        let fx = Float(offset.x - Double(ox)), fy = Float(offset.y - Double(oy))
        // Output pixel p reads the blurred alpha at p − offset: with the integer part
        // taken off, at q = p − (ox, oy) − (fx, fy), between q − 1 and q.
        let needed = PixelRect(x0: output.x0 - ox - 1, y0: output.y0 - oy - 1, x1: output.x1 - ox, y1: output.y1 - oy)
        guard let blurred = GaussianBlur.blur(source, sigma: sigma, output: needed),
              let out = Plane(bounds: output) else { return nil }
        for y in output.y0..<output.y1 {
            let dst = out.row(y)
            let sy = y - oy
            for x in output.x0..<output.x1 {
                let sx = x - ox
                // Bilinear weights of the four neighbours for a shift of (fx, fy).
                let a00 = blurred.value(x: sx - 1, y: sy - 1).w, a10 = blurred.value(x: sx, y: sy - 1).w
                let a01 = blurred.value(x: sx - 1, y: sy).w, a11 = blurred.value(x: sx, y: sy).w
                var a = (a00 * fx + a10 * (1 - fx)) * fy + (a01 * fx + a11 * (1 - fx)) * (1 - fy)
                if invertsAlpha { a = 1 - a }
                a = a > 0 ? min(a, 1) : 0
                if a > 0 { dst[x - output.x0] = color * a }
            }
        }
        return out
    }

    /// The object and its shadow as one group over `output`: the shadow blended
    /// with its blend mode below the object (or above it with `above`).
    public func group(object: Plane?, shadow: Plane, output: PixelRect, clampToUnit: Bool) -> Plane? {
        guard let out = Plane(bounds: output) else { return nil }
        let full: UInt8 = 255
        withUnsafePointer(to: full) { m in
            func draw(_ p: Plane, _ mode: BlendMode) {
                let r = p.bounds.intersection(output)
                guard !r.isEmpty else { return }
                for y in r.y0..<r.y1 {
                    BlendRows.blendFloat(mode, out.row(y) + (r.x0 - output.x0), p.row(y) + (r.x0 - p.bounds.x0),
                                         srcStride: 1, m, maskStride: 0, r.width, clampToUnit: clampToUnit)
                }
            }
            if above {
                if let object, !only { draw(object, .normal) }
                draw(shadow, blendMode)
            } else {
                draw(shadow, blendMode)
                if let object, !only { draw(object, .normal) }
            }
        }
        return out
    }
}
