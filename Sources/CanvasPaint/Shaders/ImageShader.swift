import CanvasGeometry
import CEngineSupport

/// Samples an image (8-bit premultiplied) for each device pixel, with bilinear
/// filtering: a tiled pattern (`Shading.tiledImage`) or a single image whose edge
/// pixels extend outwards (for drawing an image into a rectangle, where the
/// rectangle's coverage does the cropping).
public struct ImageShader: @unchecked Sendable {
    public enum Wrap: Sendable {
        /// The source rectangle repeats across the plane.
        case tile
        /// Coordinates are clamped to the source rectangle.
        case clamp
    }

    let image: Pixmap
    /// Device → image pixel coordinates (pixel `(i, j)` covers `i ..< i + 1`).
    let inverse: Transform
    /// The part of the image that is drawn (or repeated), in whole pixels.
    let source: PixelRect
    let wrap: Wrap
    /// Multiplies every sample (0…256, 256 = unchanged).
    let opacity: UInt32

    /// A shader for `image`, whose pixel space maps to the device by `imageToDevice`,
    /// or `nil` if that map is singular or the source rectangle is empty.
    public init?(_ image: Pixmap, source: PixelRect, imageToDevice: Transform, wrap: Wrap, opacity: Double) {
        let src = source.intersection(image.bounds)
        guard !src.isEmpty, imageToDevice.isFinite, let inv = imageToDevice.inverted else { return nil }
        // Keep sample coordinates far from Float's limits (a nearly singular map
        // would otherwise send neighbouring pixels to astronomically distant texels).
        guard abs(inv.a) < 1e7, abs(inv.b) < 1e7, abs(inv.c) < 1e7, abs(inv.d) < 1e7 else { return nil }
        self.image = image
        self.inverse = inv
        self.source = src
        self.wrap = wrap
        self.opacity = UInt32(min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 256 + 0.5)
    }

    /// Writes the premultiplied colour of `count` pixels from `(x, y)` rightwards.
    public func shade(x: Int, y: Int, count n: Int, into out: UnsafeMutablePointer<UInt32>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        // Sample positions relative to the source's origin, texel centres at integers.
        let u0 = inverse.a * px + inverse.c * py + inverse.tx - Double(source.x0) - 0.5
        let v0 = inverse.b * px + inverse.d * py + inverse.ty - Double(source.y0) - 0.5
        let du = inverse.a, dv = inverse.b
        let w = source.width, h = source.height
        let base = image.pixels + source.y0 * image.width + source.x0
        let stride = image.width
        for i in 0..<n {
            var u = u0 + Double(i) * du, v = v0 + Double(i) * dv
            // Wrap or clamp in floating point first, so the conversions below see
            // small finite values only.
            switch wrap {
            case .tile:
                u -= (u / Double(w)).rounded(.down) * Double(w)
                v -= (v / Double(h)).rounded(.down) * Double(h)
                if !(u >= 0 && u < Double(w)) { u = 0 }
                if !(v >= 0 && v < Double(h)) { v = 0 }
            case .clamp:
                u = u > 0 ? min(u, Double(w - 1)) : 0
                v = v > 0 ? min(v, Double(h - 1)) : 0
            }
            let iu = Int(oc_floor_nonneg(u)), iv = Int(oc_floor_nonneg(v))
            let fu = UInt32((u - Double(iu)) * 256), fv = UInt32((v - Double(iv)) * 256)
            let iu1: Int, iv1: Int
            switch wrap {
            case .tile:
                iu1 = iu + 1 == w ? 0 : iu + 1
                iv1 = iv + 1 == h ? 0 : iv + 1
            case .clamp:
                iu1 = min(iu + 1, w - 1)
                iv1 = min(iv + 1, h - 1)
            }
            let r0 = base + iv * stride, r1 = base + iv1 * stride
            let top = ImageShader.lerp(r0[iu], r0[iu1], fu)
            let bottom = ImageShader.lerp(r1[iu], r1[iu1], fu)
            var c = ImageShader.lerp(top, bottom, fv)
            if opacity < 256 { c = ImageShader.lerp(0, c, opacity) }
            out[i] = c
        }
    }

    /// `a + (b − a)·f/256` on each 8-bit channel, two channels per multiply.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 - f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return rb | ag
    }
}
