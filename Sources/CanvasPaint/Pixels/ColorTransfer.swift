#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour as straight (unpremultiplied) components, sRGB-encoded unless a
/// function says otherwise. Extended values (outside 0…1) are allowed.
public struct RGBA: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double

    @inlinable
    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

    @inlinable public var isFinite: Bool { r.isFinite && g.isFinite && b.isFinite && a.isFinite }

    /// The colour with every component (alpha too) as a SIMD vector.
    @inlinable public var vector: SIMD4<Double> { SIMD4(r, g, b, a) }

    /// The colour with the sRGB transfer function removed from r, g and b.
    public var linearized: RGBA {
        RGBA(r: ColorTransfer.linear(r), g: ColorTransfer.linear(g), b: ColorTransfer.linear(b), a: a)
    }

    /// The colour with alpha multiplied by `opacity`.
    @inlinable
    public func multipliedAlpha(_ opacity: Double) -> RGBA {
        RGBA(r: r, g: g, b: b, a: a * opacity)
    }
}

/// The sRGB transfer function, exact and by table.
///
/// Exact functions extend the curve to negative values by symmetry (as extended
/// sRGB does). The tables serve the hot paths: decoding an 8-bit value, and
/// encoding a linear value in 0…1 to 8 bits (4096 steps, which round-trips every
/// 8-bit value exactly).
public enum ColorTransfer {
    /// sRGB-encoded → linear light.
    @inlinable
    public static func linear(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// Linear light → sRGB-encoded.
    @inlinable
    public static func encoded(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    /// 8-bit encoded value → linear, as a float in 0…1.
    public static let decodeTable: [Float] = (0..<256).map { Float(linear(Double($0) / 255)) }

    /// Linear value in 0…1, in 4096 steps → 8-bit encoded value (rounded).
    public static let encodeTable: [UInt8] = (0..<4096).map {
        UInt8(min(255, max(0, (encoded(Double($0) / 4095) * 255).rounded())))
    }

    /// Encodes a linear value to 8 bits through the table (clamped to 0…1; NaN → 0).
    @inlinable @inline(__always)
    public static func encode8(_ v: Float, _ table: UnsafePointer<UInt8>) -> UInt8 {
        let c = v > 0 ? min(v, 1) : 0
        return table[Int(c * 4095 + 0.5)]
    }
}
