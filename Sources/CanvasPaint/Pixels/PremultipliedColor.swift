/// An 8-bit premultiplied colour packed as it sits in a `Pixmap`:
/// `A << 24 | B << 16 | G << 8 | R`.
@frozen
public struct PremultipliedColor: Hashable, Sendable {
    public var packed: UInt32

    @inlinable public init(packed: UInt32) { self.packed = packed }

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        packed = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Premultiplies and quantizes a colour given by unpremultiplied components in
    /// 0…1 (values outside are clamped; NaN counts as 0).
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        @inline(__always) func clamp(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
        let a = clamp(alpha)
        let a8 = UInt8(a * 255 + 0.5)
        // Premultiply with the quantized alpha, as 8-bit pipelines do, so that a colour
        // given as 8-bit values (r8, a8) becomes exactly round(r8 · a8 / 255).
        let aq = Double(a8) / 255
        self.init(r: UInt8(clamp(red) * aq * 255 + 0.5), g: UInt8(clamp(green) * aq * 255 + 0.5),
                  b: UInt8(clamp(blue) * aq * 255 + 0.5), a: a8)
    }

    @inlinable public var r: UInt8 { UInt8(truncatingIfNeeded: packed) }
    @inlinable public var g: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    @inlinable public var b: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    @inlinable public var a: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }

    /// Every channel scaled by `coverage / 255`, rounded to nearest.
    @inlinable
    public func scaled(by coverage: UInt8) -> PremultipliedColor {
        if coverage == 255 { return self }
        let c = UInt32(coverage)
        var out: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            out |= div255(((packed >> shift) & 255) * c) << shift
            shift += 8
        }
        return PremultipliedColor(packed: out)
    }

    /// The straight (unpremultiplied) 8-bit components, rounded to nearest.
    public var unpremultiplied: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let alpha = UInt32(a)
        if alpha == 0 { return (0, 0, 0, 0) }
        if alpha == 255 { return (r, g, b, 255) }
        @inline(__always) func un(_ v: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(v) * 255 + alpha / 2) / alpha))
        }
        return (un(r), un(g), un(b), a)
    }
}

/// `x / 255` rounded to nearest, exact for `x ≤ 255 · 255`.
@inlinable @inline(__always)
public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}
