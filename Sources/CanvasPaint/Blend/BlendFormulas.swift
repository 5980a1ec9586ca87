/// The blend modes as functions of premultiplied colours in floating point: `s` is
/// the source and `d` the destination, each `(r, g, b, a)` with the colour already
/// multiplied by alpha.
///
/// The separable and non-separable modes follow the W3C Compositing and Blending
/// Level 1 recommendation: with `B(Cb, Cs)` the mode's blend function on
/// unpremultiplied colours, the result is
///
///     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)
///     αo = αs + αb − αs·αb
///
/// The Porter–Duff operators are the formulas of §9.1. `plusLighter` is
/// `min(1, S + D)` on every premultiplied component (alpha too). `plusDarker` is
/// Apple's `R = max(0, 1 − ((1 − D) + (1 − S)))` extended to translucent colours
/// by adding the two colours' "ink" (alpha minus colour) under the source-over
/// alpha: `αo = αs + αb − αs·αb`, `co = max(0, αo − ((αs − cs) + (αb − cb)))`.
/// For opaque colours this is Apple's formula exactly, and a transparent source
/// leaves the destination unchanged. (Apple does not publish the translucent case;
/// this is our choice, written down here.)
public protocol BlendOperator {
    static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float>
}

public enum BlendFormulas {
    public typealias Pixel = SIMD4<Float>

    /// The W3C general formula with `b = B(Cb, Cs)` in the colour lanes.
    @inlinable @inline(__always)
    static func mix(_ s: Pixel, _ d: Pixel, _ b: Pixel) -> Pixel {
        let sa = s.w, da = d.w
        var r = s * (1 - da) + d * (1 - sa) + (sa * da) * b
        r.w = sa + da - sa * da
        return r
    }

    @inlinable @inline(__always)
    static func unpremultiplied(_ p: Pixel) -> Pixel {
        p.w > 0 ? p / p.w : .zero
    }

    @inlinable @inline(__always)
    static func withAlpha(_ p: Pixel, _ a: Float) -> Pixel {
        var r = p
        r.w = a
        return r
    }

    /// Source over: `s + d·(1 − αs)`.
    public enum Normal: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s + d * (1 - s.w) }
    }

    public enum Multiply: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            // B = Cs·Cb, so αs·αb·B = cs·cb.
            withAlpha(s * (1 - d.w) + d * (1 - s.w) + s * d, s.w + d.w - s.w * d.w)
        }
    }

    public enum Screen: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s + d - s * d }
    }

    public enum Overlay: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            mix(s, d, hardLight(source: unpremultiplied(d), backdrop: unpremultiplied(s)))
        }
    }

    public enum Darken: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            withAlpha(s + d - pointwiseMax(s * d.w, d * s.w), s.w + d.w - s.w * d.w)
        }
    }

    public enum Lighten: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            withAlpha(s + d - pointwiseMin(s * d.w, d * s.w), s.w + d.w - s.w * d.w)
        }
    }

    public enum ColorDodge: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            // Cb = 0 → 0; Cs ≥ 1 → 1; otherwise min(1, Cb / (1 − Cs)).
            let denominator = (1 - cs).replacing(with: 1, where: cs .>= 1)
            var b = pointwiseMin(Pixel(repeating: 1), cb / denominator)
            b.replace(with: 1, where: cs .>= 1)
            b.replace(with: 0, where: cb .<= 0)
            return mix(s, d, b)
        }
    }

    public enum ColorBurn: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            // Cb ≥ 1 → 1; Cs ≤ 0 → 0; otherwise 1 − min(1, (1 − Cb) / Cs).
            let denominator = cs.replacing(with: 1, where: cs .<= 0)
            var b = 1 - pointwiseMin(Pixel(repeating: 1), (1 - cb) / denominator)
            b.replace(with: 0, where: cs .<= 0)
            b.replace(with: 1, where: cb .>= 1)
            return mix(s, d, b)
        }
    }

    /// W3C hard light: multiply where the source is dark, screen where it is light.
    @inlinable @inline(__always)
    static func hardLight(source cs: Pixel, backdrop cb: Pixel) -> Pixel {
        let multiply = cb * (2 * cs)
        let s2 = 2 * cs - 1
        let screen = cb + s2 - cb * s2
        return multiply.replacing(with: screen, where: cs .> 0.5)
    }

    public enum HardLight: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            mix(s, d, hardLight(source: unpremultiplied(s), backdrop: unpremultiplied(d)))
        }
    }

    public enum SoftLight: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            let darker = cb - (1 - 2 * cs) * cb * (1 - cb)
            let dcb = (((16 * cb - 12) * cb + 4) * cb)
                .replacing(with: pointwiseMax(cb, .zero).squareRoot(), where: cb .> 0.25)
            let lighter = cb + (2 * cs - 1) * (dcb - cb)
            return mix(s, d, darker.replacing(with: lighter, where: cs .> 0.5))
        }
    }

    public enum Difference: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            withAlpha(s + d - 2 * pointwiseMin(s * d.w, d * s.w), s.w + d.w - s.w * d.w)
        }
    }

    public enum Exclusion: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            withAlpha(s + d - 2 * s * d, s.w + d.w - s.w * d.w)
        }
    }

    // MARK: Non-separable modes (W3C §10.3)

    @inlinable @inline(__always)
    static func luminosity(_ c: Pixel) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    @inlinable @inline(__always)
    static func minimum(_ c: Pixel) -> Float { min(c.x, min(c.y, c.z)) }

    @inlinable @inline(__always)
    static func maximum(_ c: Pixel) -> Float { max(c.x, max(c.y, c.z)) }

    @inlinable @inline(__always)
    static func clipColor(_ c: Pixel) -> Pixel {
        let l = luminosity(c), n = minimum(c), x = maximum(c)
        var r = c
        if n < 0, l - n > 0 { r = l + (r - l) * (l / (l - n)) }
        if x > 1, x - l > 0 { r = l + (r - l) * ((1 - l) / (x - l)) }
        return r
    }

    @inlinable @inline(__always)
    static func setLuminosity(_ c: Pixel, _ l: Float) -> Pixel {
        clipColor(c + (l - luminosity(c)))
    }

    /// The colour with its minimum moved to 0 and its maximum to `s` (the middle
    /// component scaled between them); all 0 for a grey.
    @inlinable @inline(__always)
    static func setSaturation(_ c: Pixel, _ s: Float) -> Pixel {
        let n = minimum(c), x = maximum(c)
        guard x > n else { return .zero }
        return (c - n) * (s / (x - n))
    }

    public enum Hue: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            return mix(s, d, setLuminosity(setSaturation(cs, maximum(cb) - minimum(cb)), luminosity(cb)))
        }
    }

    public enum Saturation: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            return mix(s, d, setLuminosity(setSaturation(cb, maximum(cs) - minimum(cs)), luminosity(cb)))
        }
    }

    public enum Color: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            return mix(s, d, setLuminosity(cs, luminosity(cb)))
        }
    }

    public enum Luminosity: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let cs = unpremultiplied(s), cb = unpremultiplied(d)
            return mix(s, d, setLuminosity(cb, luminosity(cs)))
        }
    }

    // MARK: Porter–Duff (W3C §9.1)

    public enum Clear: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { .zero }
    }

    public enum Copy: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s }
    }

    public enum SourceIn: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s * d.w }
    }

    public enum SourceOut: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s * (1 - d.w) }
    }

    public enum SourceAtop: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s * d.w + d * (1 - s.w) }
    }

    public enum DestinationOver: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s * (1 - d.w) + d }
    }

    public enum DestinationIn: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { d * s.w }
    }

    public enum DestinationOut: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { d * (1 - s.w) }
    }

    public enum DestinationAtop: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s * (1 - d.w) + d * s.w }
    }

    public enum Xor: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { s * (1 - d.w) + d * (1 - s.w) }
    }

    // MARK: Apple's additive modes

    public enum PlusLighter: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel { pointwiseMin(s + d, Pixel(repeating: 1)) }
    }

    /// `plusLighter` without the clamp of the colour components: `.extendedLinear`
    /// keeps values above 1 (the alpha is still at most 1).
    public enum PlusLighterExtended: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let r = s + d
            return withAlpha(r, min(r.w, 1))
        }
    }

    public enum PlusDarker: BlendOperator {
        @inlinable @inline(__always)
        public static func blend(_ s: Pixel, _ d: Pixel) -> Pixel {
            let a = s.w + d.w - s.w * d.w
            let ink = (s.w - s) + (d.w - d)
            return withAlpha(pointwiseMax(a - ink, .zero), a)
        }
    }
}
