import CanvasGeometry

/// SwiftUI's `alphaThreshold(min:max:color:)`: pixels whose alpha lies in
/// `min…max` become `color`, all others transparent.
///
/// A hard threshold would leave jagged, pixel-stepped edges (the metaball effect
/// thresholds a blurred layer, whose alpha varies slowly). We anti-alias the edge:
/// each pixel's coverage is how far its alpha lies inside the range, measured in
/// pixels through the local alpha gradient (a one-pixel ramp centred on the
/// threshold, as signed-distance text rendering does). Far from an edge this is
/// exactly the hard threshold.
public struct AlphaThreshold: Sendable {
    public var min: Float
    public var max: Float
    /// Premultiplied, in the working space.
    public var color: SIMD4<Float>

    public init(min: Float, max: Float, color: SIMD4<Float>) {
        self.min = min; self.max = max; self.color = color
    }

    /// True when a transparent pixel (alpha 0) stays transparent.
    public var keepsTransparent: Bool { min > 0 }

    /// The thresholded plane over `output` (transparent pixels outside `input`
    /// count as alpha 0).
    public func apply(_ input: Plane, output: PixelRect) -> Plane? {
        guard let out = Plane(bounds: output) else { return nil }
        let lo = self.min, hi = self.max
        for y in output.y0..<output.y1 {
            let dst = out.row(y)
            for x in output.x0..<output.x1 {
                let a = input.value(x: x, y: y).w
                let gx = (input.value(x: x + 1, y: y).w - input.value(x: x - 1, y: y).w) * 0.5
                let gy = (input.value(x: x, y: y + 1).w - input.value(x: x, y: y - 1).w) * 0.5
                let g = (gx * gx + gy * gy).squareRoot()
                var c: Float
                if g < 1e-4 {
                    c = a >= lo && a <= hi ? 1 : 0      // flat: the plain threshold
                } else {
                    c = ramp((a - lo) / g)
                    if hi < 1 { c *= ramp((hi - a) / g) }
                }
                if c > 0 { dst[x - output.x0] = color * c }
            }
        }
        return out
    }

    @inline(__always)
    private func ramp(_ d: Float) -> Float {
        let v = d + 0.5
        return v > 0 ? Swift.min(v, 1) : 0
    }
}
