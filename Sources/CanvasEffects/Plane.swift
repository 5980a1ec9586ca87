import CanvasGeometry
import CanvasPaint
import CPixelKernels

/// A rectangle of floating-point premultiplied pixels placed at `bounds` in a
/// surface's pixel space; everything outside `bounds` is transparent. Filters work
/// on planes, whatever the canvas's own pixel format: values are in the canvas's
/// working space (sRGB-encoded for the 8-bit canvas, linear light for the
/// floating-point ones).
public struct Plane {
    public let pixels: FloatPixmap
    public let bounds: PixelRect

    /// A transparent plane over `bounds` (with `zeroed: false`, one whose pixels the
    /// caller will all write), or `nil` if `bounds` is empty or too large to allocate
    /// (callers skip the effect and count a diagnostic).
    public init?(bounds: PixelRect, zeroed: Bool = true) {
        guard !bounds.isEmpty, let p = try? FloatPixmap(width: bounds.width, height: bounds.height, zeroed: zeroed) else {
            return nil
        }
        self.pixels = p
        self.bounds = bounds
        let area = bounds.width * bounds.height
        Plane.largest.withLock { $0 = max($0, area) }
    }

    private static let largest = Locked(0)

    /// The area in pixels of the largest plane allocated since the last reset (for
    /// tests that check filters' memory stays bounded by the clip, not the input).
    public static var largestAllocation: Int { largest.withLock { $0 } }
    public static func resetLargestAllocation() { largest.withLock { $0 = 0 } }

    public init(_ pixels: FloatPixmap, at x0: Int, _ y0: Int) {
        self.pixels = pixels
        self.bounds = PixelRect(x0: x0, y0: y0, x1: x0 + pixels.width, y1: y0 + pixels.height)
    }

    /// The pixel at absolute position `(x, y)`; transparent outside the plane.
    @inlinable
    public func value(x: Int, y: Int) -> SIMD4<Float> {
        pixels.pixel(x: x - bounds.x0, y: y - bounds.y0)
    }

    /// Row `y` (absolute) of the plane.
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<SIMD4<Float>> { pixels.row(y - bounds.y0) }

    /// A copy over `rect`: cropped where the plane is larger, transparent where
    /// it is smaller. `nil` if `rect` cannot be allocated.
    public func copy(over rect: PixelRect) -> Plane? {
        guard let out = Plane(bounds: rect) else { return nil }
        let common = rect.intersection(bounds)
        if common.isEmpty { return out }
        for y in common.y0..<common.y1 {
            (out.row(y) + (common.x0 - rect.x0)).update(from: row(y) + (common.x0 - bounds.x0), count: common.width)
        }
        return out
    }

    /// The 8-bit pixels of `pixmap` inside `rect` (in the pixmap's space), as values
    /// in 0…1, decoded to linear light when `linearize`.
    public static func from(_ pixmap: Pixmap, rect: PixelRect, linearize: Bool) -> Plane? {
        let r = rect.intersection(pixmap.bounds)
        guard let out = Plane(bounds: r, zeroed: false) else { return nil }
        ColorTransfer.decodeTable.withUnsafeBufferPointer { table in
            for y in r.y0..<r.y1 {
                let src = pixmap.row(y) + r.x0, dst = out.row(y)
                if linearize {
                    for i in 0..<r.width { dst[i] = FloatPixmap.decode(src[i], table.baseAddress!) }
                } else {
                    UnsafeMutableRawPointer(dst).withMemoryRebound(to: Float.self, capacity: 4 * r.width) {
                        oc_unpack_unit_row($0, src, r.width)
                    }
                }
            }
        }
        return out
    }

    /// The plane as an 8-bit pixmap of its own size (values clamped; encoded from
    /// linear light when `encode`). With `dither`, a 4 × 4 ordered dither of ±½
    /// step is added before rounding, to break up banding in smooth gradients.
    public func pixmap8(encode: Bool, dither: Bool = false) -> Pixmap? {
        guard let out = try? Pixmap(width: bounds.width, height: bounds.height) else { return nil }
        ColorTransfer.encodeTable.withUnsafeBufferPointer { table in
            for y in 0..<bounds.height {
                let src = pixels.row(y), dst = out.row(y)
                if !encode && !dither {
                    UnsafeMutableRawPointer(src).withMemoryRebound(to: Float.self, capacity: 4 * bounds.width) {
                        oc_pack_unit_row(dst, $0, bounds.width)
                    }
                    continue
                }
                for x in 0..<bounds.width {
                    var p = src[x]
                    if encode {
                        dst[x] = FloatPixmap.encode(p, table.baseAddress!)
                        continue
                    }
                    if dither {
                        let t = Plane.bayer[((y + bounds.y0) & 3) << 2 | ((x + bounds.x0) & 3)]
                        p += SIMD4(repeating: (Float(t) - 7.5) / (16 * 255))
                        p = pointwiseMin(p, SIMD4(repeating: p.w))     // keep colour ≤ alpha
                    }
                    dst[x] = BlendRows.pack(p)
                }
            }
        }
        return out
    }

    static let bayer: [UInt8] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Converts every pixel between sRGB-encoded and linear light, in place
    /// (`FilterOptions.linearColor` on the 8-bit canvas).
    public func convert(toLinear: Bool) {
        let n = bounds.width * bounds.height
        let p = pixels.pixels
        @inline(__always) func convert(_ v: Float) -> Float {
            Float(toLinear ? ColorTransfer.linear(Double(v)) : ColorTransfer.encoded(Double(v)))
        }
        // Runs of one colour (fills, flat layers) convert once: the transfer function
        // costs a `pow` a channel, and a plane can hold millions of pixels.
        var lastIn = SIMD4<Float>(repeating: 0), lastOut = SIMD4<Float>(repeating: 0)
        for i in 0..<n {
            let v = p[i]
            guard v.w > 0 else { continue }
            if v == lastIn {
                p[i] = lastOut
                continue
            }
            let c = v / v.w
            let out = SIMD4<Float>(convert(c.x), convert(c.y), convert(c.z), 1) * v.w
            p[i] = out
            lastIn = v
            lastOut = out
        }
    }
}
