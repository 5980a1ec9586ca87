import CanvasGeometry
import CEngineSupport

/// Samples an image (8-bit premultiplied) for each device pixel: a tiled pattern
/// (`Shading.tiledImage`) or a single image whose edge pixels extend outwards (for
/// drawing an image into a rectangle, where the rectangle's coverage does the
/// cropping). Nearest, bilinear or bicubic (Catmull–Rom) filtering; a template
/// image's samples can replace their colour by a tint, keeping their alpha.
public struct ImageShader: @unchecked Sendable {
    public enum Wrap: Sendable {
        /// The source rectangle repeats across the plane.
        case tile
        /// Coordinates are clamped to the source rectangle.
        case clamp
    }

    public enum Filter: Sendable {
        case nearest, bilinear, bicubic
    }

    let image: Pixmap
    let filter: Filter
    /// A premultiplied colour that replaces each sample's colour, scaled by its alpha.
    let tint: UInt32?
    /// Device → image pixel coordinates (pixel `(i, j)` covers `i ..< i + 1`).
    let inverse: Transform
    /// The part of the image that is drawn (or repeated), in whole pixels.
    let source: PixelRect
    let wrap: Wrap
    /// Multiplies every sample (0…256, 256 = unchanged).
    let opacity: UInt32

    /// A shader for `image`, whose pixel space maps to the device by `imageToDevice`,
    /// or `nil` if that map is singular or the source rectangle is empty.
    public init?(_ image: Pixmap, source: PixelRect, imageToDevice: Transform, wrap: Wrap, opacity: Double,
                 filter: Filter = .bilinear, tint: PremultipliedColor? = nil) {
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
        self.filter = filter
        self.tint = tint?.packed
    }

    /// Writes the premultiplied colour of `count` pixels from `(x, y)` rightwards.
    public func shade(x: Int, y: Int, count n: Int, into out: UnsafeMutablePointer<UInt32>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        // Sample positions relative to the source's origin, texel centres at integers.
        let u0 = inverse.a * px + inverse.c * py + inverse.tx - Double(source.x0) - 0.5
        let v0 = inverse.b * px + inverse.d * py + inverse.ty - Double(source.y0) - 0.5
        let du = inverse.a, dv = inverse.b
        switch filter {
        case .nearest:
            for i in 0..<n {
                let (iu, iv) = texel(u0 + Double(i) * du + 0.5, v0 + Double(i) * dv + 0.5)
                out[i] = finish(fetch(iu, iv))
            }
        case .bilinear:
            for i in 0..<n {
                var u = u0 + Double(i) * du, v = v0 + Double(i) * dv
                (u, v) = fold(u, v)
                let iu = Int(oc_floor_nonneg(u)), iv = Int(oc_floor_nonneg(v))
                let fu = UInt32((u - Double(iu)) * 256), fv = UInt32((v - Double(iv)) * 256)
                let (iu1, iv1) = (next(iu, source.width), next(iv, source.height))
                let top = ImageShader.lerp(fetch(iu, iv), fetch(iu1, iv), fu)
                let bottom = ImageShader.lerp(fetch(iu, iv1), fetch(iu1, iv1), fu)
                out[i] = finish(ImageShader.lerp(top, bottom, fv))
            }
        case .bicubic:
            for i in 0..<n {
                var u = u0 + Double(i) * du, v = v0 + Double(i) * dv
                (u, v) = fold(u, v)
                let iu = Int(oc_floor_nonneg(u)), iv = Int(oc_floor_nonneg(v))
                let wu = ImageShader.catmullRom(Float(u - Double(iu))), wv = ImageShader.catmullRom(Float(v - Double(iv)))
                var sum = SIMD4<Float>()
                for j in 0..<4 {
                    let row = offset(iv, j - 1, source.height)
                    var line = SIMD4<Float>()
                    for k in 0..<4 {
                        let p = fetch(offset(iu, k - 1, source.width), row)
                        line += SIMD4<Float>(Float(p & 255), Float((p >> 8) & 255), Float((p >> 16) & 255),
                                             Float(p >> 24)) * wu[k]
                    }
                    sum += line * wv[j]
                }
                // Catmull–Rom overshoots: clamp alpha to 0…255 and colour to alpha.
                let a = min(max(sum.w, 0), 255)
                let c = sum.replacing(with: 0, where: .!(sum .> 0))
                out[i] = finish(oc_pack_unit4(min(c.x, a) / 255, min(c.y, a) / 255, min(c.z, a) / 255, a / 255))
            }
        }
    }

    /// Wraps or clamps a sample position into the source, in floating point first so
    /// that the conversions see small finite values only.
    @inline(__always)
    private func fold(_ u: Double, _ v: Double) -> (Double, Double) {
        let w = Double(source.width), h = Double(source.height)
        var u = u, v = v
        switch wrap {
        case .tile:
            u -= (u / w).rounded(.down) * w
            v -= (v / h).rounded(.down) * h
            if !(u >= 0 && u < w) { u = 0 }
            if !(v >= 0 && v < h) { v = 0 }
        case .clamp:
            u = u > 0 ? min(u, w - 1) : 0
            v = v > 0 ? min(v, h - 1) : 0
        }
        return (u, v)
    }

    @inline(__always)
    private func texel(_ u: Double, _ v: Double) -> (Int, Int) {
        let (fu, fv) = fold(u, v)
        return (min(Int(oc_floor_nonneg(fu)), source.width - 1), min(Int(oc_floor_nonneg(fv)), source.height - 1))
    }

    /// The texel after `i` (wrapping or clamping).
    @inline(__always)
    private func next(_ i: Int, _ size: Int) -> Int { offset(i, 1, size) }

    @inline(__always)
    private func offset(_ i: Int, _ d: Int, _ size: Int) -> Int {
        let j = i + d
        switch wrap {
        case .tile: return j < 0 ? j + size : (j >= size ? j - size : j)
        case .clamp: return min(max(j, 0), size - 1)
        }
    }

    @inline(__always)
    private func fetch(_ u: Int, _ v: Int) -> UInt32 {
        image.pixels[(source.y0 + v) * image.width + source.x0 + u]
    }

    /// Applies the tint and the opacity to a sample.
    @inline(__always)
    private func finish(_ p: UInt32) -> UInt32 {
        var c = p
        if let tint { c = ImageShader.lerp(0, tint, (p >> 24) + (p >> 31)) }      // alpha 0…255 → 0…256
        if opacity < 256 { c = ImageShader.lerp(0, c, opacity) }
        return c
    }

    /// Catmull–Rom weights for the four texels around a fraction `t`.
    @inline(__always)
    static func catmullRom(_ t: Float) -> SIMD4<Float> {
        let t2 = t * t, t3 = t2 * t
        return SIMD4(-0.5 * t3 + t2 - 0.5 * t,
                     1.5 * t3 - 2.5 * t2 + 1,
                     -1.5 * t3 + 2 * t2 + 0.5 * t,
                     0.5 * t3 - 0.5 * t2)
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
