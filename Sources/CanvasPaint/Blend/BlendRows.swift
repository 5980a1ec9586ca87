import CEngineSupport

/// Blends rows of pixels with any blend mode, in floating point: the portable path
/// for every mode that has no integer kernel. Each mode is a separate
/// specialisation of one generic loop (no per-pixel dispatch).
///
/// Per pixel: `r = mode(s, d)`, then coverage `c` interpolates,
/// `d' = d + (r − d)·c`.
public enum BlendRows {
    /// One 8-bit premultiplied pixel as floats in 0…1.
    @inlinable @inline(__always)
    public static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(Float(p & 255), Float((p >> 8) & 255), Float((p >> 16) & 255), Float(p >> 24)) * (1 / 255)
    }

    @inlinable @inline(__always)
    public static func pack(_ v: SIMD4<Float>) -> UInt32 {
        oc_pack_unit4(v.x, v.y, v.z, v.w)
    }

    /// `n` pixels of `dst` (8-bit) blended with `src[i · srcStride]` through coverage
    /// `mask[i · maskStride]` (a stride of 0 repeats one value).
    @inlinable
    public static func blend8(_ mode: BlendMode, _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>,
                              srcStride: Int, _ mask: UnsafePointer<UInt8>, maskStride: Int, _ n: Int) {
        switch mode {
        case .normal: run8(BlendFormulas.Normal.self, dst, src, srcStride, mask, maskStride, n)
        case .multiply: run8(BlendFormulas.Multiply.self, dst, src, srcStride, mask, maskStride, n)
        case .screen: run8(BlendFormulas.Screen.self, dst, src, srcStride, mask, maskStride, n)
        case .overlay: run8(BlendFormulas.Overlay.self, dst, src, srcStride, mask, maskStride, n)
        case .darken: run8(BlendFormulas.Darken.self, dst, src, srcStride, mask, maskStride, n)
        case .lighten: run8(BlendFormulas.Lighten.self, dst, src, srcStride, mask, maskStride, n)
        case .colorDodge: run8(BlendFormulas.ColorDodge.self, dst, src, srcStride, mask, maskStride, n)
        case .colorBurn: run8(BlendFormulas.ColorBurn.self, dst, src, srcStride, mask, maskStride, n)
        case .softLight: run8(BlendFormulas.SoftLight.self, dst, src, srcStride, mask, maskStride, n)
        case .hardLight: run8(BlendFormulas.HardLight.self, dst, src, srcStride, mask, maskStride, n)
        case .difference: run8(BlendFormulas.Difference.self, dst, src, srcStride, mask, maskStride, n)
        case .exclusion: run8(BlendFormulas.Exclusion.self, dst, src, srcStride, mask, maskStride, n)
        case .hue: run8(BlendFormulas.Hue.self, dst, src, srcStride, mask, maskStride, n)
        case .saturation: run8(BlendFormulas.Saturation.self, dst, src, srcStride, mask, maskStride, n)
        case .color: run8(BlendFormulas.Color.self, dst, src, srcStride, mask, maskStride, n)
        case .luminosity: run8(BlendFormulas.Luminosity.self, dst, src, srcStride, mask, maskStride, n)
        case .clear: run8(BlendFormulas.Clear.self, dst, src, srcStride, mask, maskStride, n)
        case .copy: run8(BlendFormulas.Copy.self, dst, src, srcStride, mask, maskStride, n)
        case .sourceIn: run8(BlendFormulas.SourceIn.self, dst, src, srcStride, mask, maskStride, n)
        case .sourceOut: run8(BlendFormulas.SourceOut.self, dst, src, srcStride, mask, maskStride, n)
        case .sourceAtop: run8(BlendFormulas.SourceAtop.self, dst, src, srcStride, mask, maskStride, n)
        case .destinationOver: run8(BlendFormulas.DestinationOver.self, dst, src, srcStride, mask, maskStride, n)
        case .destinationIn: run8(BlendFormulas.DestinationIn.self, dst, src, srcStride, mask, maskStride, n)
        case .destinationOut: run8(BlendFormulas.DestinationOut.self, dst, src, srcStride, mask, maskStride, n)
        case .destinationAtop: run8(BlendFormulas.DestinationAtop.self, dst, src, srcStride, mask, maskStride, n)
        case .xor: run8(BlendFormulas.Xor.self, dst, src, srcStride, mask, maskStride, n)
        case .plusDarker: run8(BlendFormulas.PlusDarker.self, dst, src, srcStride, mask, maskStride, n)
        case .plusLighter: run8(BlendFormulas.PlusLighter.self, dst, src, srcStride, mask, maskStride, n)
        }
    }

    @inlinable @inline(__always)
    static func run8<Op: BlendOperator>(_ op: Op.Type, _ dst: UnsafeMutablePointer<UInt32>,
                                        _ src: UnsafePointer<UInt32>, _ srcStride: Int,
                                        _ mask: UnsafePointer<UInt8>, _ maskStride: Int, _ n: Int) {
        for i in 0..<n {
            let m = mask[i &* maskStride]
            if m == 0 { continue }
            let d = unpack(dst[i])
            let r = Op.blend(unpack(src[i &* srcStride]), d)
            dst[i] = pack(m == 255 ? r : d + (r - d) * (Float(m) * (1 / 255)))
        }
    }

    /// The same for floating-point pixels. With `clampToUnit` (the `.linear` colour
    /// mode) results are clamped to 0…1; otherwise (`.extendedLinear`) kept.
    @inlinable
    public static func blendFloat(_ mode: BlendMode, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                                  _ src: UnsafePointer<SIMD4<Float>>, srcStride: Int,
                                  _ mask: UnsafePointer<UInt8>, maskStride: Int, _ n: Int, clampToUnit: Bool) {
        switch mode {
        case .normal: runF(BlendFormulas.Normal.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .multiply: runF(BlendFormulas.Multiply.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .screen: runF(BlendFormulas.Screen.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .overlay: runF(BlendFormulas.Overlay.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .darken: runF(BlendFormulas.Darken.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .lighten: runF(BlendFormulas.Lighten.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .colorDodge: runF(BlendFormulas.ColorDodge.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .colorBurn: runF(BlendFormulas.ColorBurn.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .softLight: runF(BlendFormulas.SoftLight.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .hardLight: runF(BlendFormulas.HardLight.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .difference: runF(BlendFormulas.Difference.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .exclusion: runF(BlendFormulas.Exclusion.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .hue: runF(BlendFormulas.Hue.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .saturation: runF(BlendFormulas.Saturation.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .color: runF(BlendFormulas.Color.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .luminosity: runF(BlendFormulas.Luminosity.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .clear: runF(BlendFormulas.Clear.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .copy: runF(BlendFormulas.Copy.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .sourceIn: runF(BlendFormulas.SourceIn.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .sourceOut: runF(BlendFormulas.SourceOut.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .sourceAtop: runF(BlendFormulas.SourceAtop.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .destinationOver:
            runF(BlendFormulas.DestinationOver.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .destinationIn: runF(BlendFormulas.DestinationIn.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .destinationOut:
            runF(BlendFormulas.DestinationOut.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .destinationAtop:
            runF(BlendFormulas.DestinationAtop.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .xor: runF(BlendFormulas.Xor.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .plusDarker: runF(BlendFormulas.PlusDarker.self, dst, src, srcStride, mask, maskStride, n, clampToUnit)
        case .plusLighter:
            if clampToUnit {
                runF(BlendFormulas.PlusLighter.self, dst, src, srcStride, mask, maskStride, n, true)
            } else {
                runF(BlendFormulas.PlusLighterExtended.self, dst, src, srcStride, mask, maskStride, n, false)
            }
        }
    }

    @inlinable @inline(__always)
    static func runF<Op: BlendOperator>(_ op: Op.Type, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                                        _ src: UnsafePointer<SIMD4<Float>>, _ srcStride: Int,
                                        _ mask: UnsafePointer<UInt8>, _ maskStride: Int, _ n: Int,
                                        _ clampToUnit: Bool) {
        let one = SIMD4<Float>(repeating: 1)
        for i in 0..<n {
            let m = mask[i &* maskStride]
            if m == 0 { continue }
            let d = dst[i]
            let r = Op.blend(src[i &* srcStride], d)
            var o = m == 255 ? r : d + (r - d) * (Float(m) * (1 / 255))
            if clampToUnit {
                o = o.replacing(with: SIMD4<Float>(), where: .!(o .> 0))      // also NaN → 0
                o = pointwiseMin(o, one)
            }
            dst[i] = o
        }
    }
}
