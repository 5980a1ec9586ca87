import CanvasGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of floating-point pixels: premultiplied `(r, g, b, a)` in linear
/// light, the storage of the `.linear` and `.extendedLinear` colour modes. Values
/// outside 0…1 are kept (the extended mode needs them); the plain linear mode
/// clamps after each operation. Owns its memory.
public final class FloatPixmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutablePointer<SIMD4<Float>>

    /// A transparent pixmap (or, with `zeroed: false`, one whose pixels the caller
    /// will all write), or an error for an impossible size (never a trap).
    public init(width: Int, height: Int, zeroed: Bool = true) throws(Pixmap.SizeError) {
        if let error = Pixmap.validate(width: width, height: height) { throw error }
        let bytes = width * height * MemoryLayout<SIMD4<Float>>.stride
        guard let raw = zeroed ? calloc(width * height, MemoryLayout<SIMD4<Float>>.stride) : malloc(bytes) else {
            throw .outOfMemory(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = raw.bindMemory(to: SIMD4<Float>.self, capacity: width * height)
    }

    deinit { free(pixels) }

    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<SIMD4<Float>> { pixels + y * width }

    /// The pixel at `(x, y)`; transparent outside. (Inlinable: filters read planes
    /// through it per pixel.)
    @inlinable
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        guard x >= 0, x < width, y >= 0, y < height else { return .zero }
        return pixels[y * width + x]
    }

    public func clear() { memset(pixels, 0, width * height * MemoryLayout<SIMD4<Float>>.stride) }

    /// Converts one premultiplied linear pixel to an 8-bit premultiplied sRGB-encoded
    /// one: unpremultiply, clamp to 0…1, encode, premultiply by the 8-bit alpha.
    @inlinable @inline(__always)
    public static func encode(_ p: SIMD4<Float>, _ table: UnsafePointer<UInt8>) -> UInt32 {
        let a = p.w > 0 ? min(p.w, 1) : 0
        let a8 = UInt32(a * 255 + 0.5)
        if a8 == 0 { return 0 }
        let inv = 1 / p.w
        let r = UInt32(ColorTransfer.encode8(p.x * inv, table))
        let g = UInt32(ColorTransfer.encode8(p.y * inv, table))
        let b = UInt32(ColorTransfer.encode8(p.z * inv, table))
        return div255(r * a8) | div255(g * a8) << 8 | div255(b * a8) << 16 | a8 << 24
    }

    /// Converts one 8-bit premultiplied sRGB-encoded pixel to premultiplied linear.
    @inlinable @inline(__always)
    public static func decode(_ p: UInt32, _ table: UnsafePointer<Float>) -> SIMD4<Float> {
        let a8 = p >> 24
        if a8 == 0 { return .zero }
        let a = Float(a8) * (1 / 255)
        if a8 == 255 {
            return SIMD4(table[Int(p & 255)], table[Int((p >> 8) & 255)], table[Int((p >> 16) & 255)], 1)
        }
        // Unpremultiply to the nearest 8-bit straight value, decode, premultiply.
        @inline(__always) func channel(_ c: UInt32) -> Float {
            table[Int(min(255, (c * 255 + a8 / 2) / a8))] * a
        }
        return SIMD4(channel(p & 255), channel((p >> 8) & 255), channel((p >> 16) & 255), a)
    }

    /// The pixels as 8-bit premultiplied sRGB-encoded values in `out` (same size).
    public func encode(into out: Pixmap) {
        let n = min(width * height, out.width * out.height)
        ColorTransfer.encodeTable.withUnsafeBufferPointer { t in
            for i in 0..<n { out.pixels[i] = FloatPixmap.encode(pixels[i], t.baseAddress!) }
        }
    }
}
