import Testing
@testable import CanvasPaint
import CPixelKernels
#if canImport(Glibc)
import Glibc
#endif

/// A plain scalar implementation of the W3C Compositing and Blending Level 1
/// formulas, written the way the specification writes them (unpremultiplied
/// colours, the general formula for blend modes, Fa/Fb for the Porter–Duff
/// operators), independent of the SIMD formulation in `BlendFormulas`.
enum W3C {
    typealias RGB = (Double, Double, Double)

    /// Straight colour (r, g, b) and alpha in; premultiplied (r, g, b, a) out.
    static func composite(_ mode: BlendMode, src: RGB, sa: Double, dst: RGB, da: Double) -> [Double] {
        let cs = [src.0, src.1, src.2], cb = [dst.0, dst.1, dst.2]
        func porterDuff(_ fa: Double, _ fb: Double) -> [Double] {
            (0..<3).map { sa * fa * cs[$0] + da * fb * cb[$0] } + [sa * fa + da * fb]
        }
        func general(_ b: [Double]) -> [Double] {
            // co = αs(1 − αb)Cs + αs·αb·B(Cb, Cs) + (1 − αs)αb·Cb
            (0..<3).map { sa * (1 - da) * cs[$0] + sa * da * b[$0] + (1 - sa) * da * cb[$0] } + [sa + da * (1 - sa)]
        }
        func separable(_ f: (Double, Double) -> Double) -> [Double] { general((0..<3).map { f(cb[$0], cs[$0]) }) }
        switch mode {
        case .normal: return porterDuff(1, 1 - sa)
        case .clear: return porterDuff(0, 0)
        case .copy: return porterDuff(1, 0)
        case .sourceIn: return porterDuff(da, 0)
        case .sourceOut: return porterDuff(1 - da, 0)
        case .sourceAtop: return porterDuff(da, 1 - sa)
        case .destinationOver: return porterDuff(1 - da, 1)
        case .destinationIn: return porterDuff(0, sa)
        case .destinationOut: return porterDuff(0, 1 - sa)
        case .destinationAtop: return porterDuff(1 - da, sa)
        case .xor: return porterDuff(1 - da, 1 - sa)
        case .plusLighter:
            return (0..<3).map { min(1, sa * cs[$0] + da * cb[$0]) } + [min(1, sa + da)]
        case .plusDarker:
            // Apple: R = max(0, 1 − ((1 − D) + (1 − S))) on opaque colours; our
            // translucent extension adds the premultiplied "ink" (α − c).
            let a = sa + da - sa * da
            return (0..<3).map { max(0, a - ((sa - sa * cs[$0]) + (da - da * cb[$0]))) } + [a]
        case .multiply: return separable { b, s in b * s }
        case .screen: return separable { b, s in b + s - b * s }
        case .overlay: return separable { b, s in hardLight(s: b, b: s) }
        case .darken: return separable(min)
        case .lighten: return separable(max)
        case .colorDodge:
            return separable { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn:
            return separable { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return separable { b, s in hardLight(s: s, b: b) }
        case .softLight:
            return separable { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return separable { b, s in abs(b - s) }
        case .exclusion: return separable { b, s in b + s - 2 * b * s }
        case .hue: return general(setLum(setSat(cs, sat(cb)), lum(cb)))
        case .saturation: return general(setLum(setSat(cb, sat(cs)), lum(cb)))
        case .color: return general(setLum(cs, lum(cb)))
        case .luminosity: return general(setLum(cb, lum(cs)))
        }
    }

    static func hardLight(s: Double, b: Double) -> Double {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }
    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clipColor(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var r = c
        if n < 0 { r = r.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { r = r.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return r
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let n = c.min()!, x = c.max()!
        guard x > n else { return [0, 0, 0] }
        return c.map { ($0 - n) * s / (x - n) }
    }
}

@Suite("Blend modes against the W3C formulas")
struct BlendTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        /// A valid premultiplied 8-bit pixel; often opaque or transparent.
        mutating func pixel() -> UInt32 {
            let p = next()
            var a = p >> 24
            switch p & 7 { case 0: a = 255; case 1: a = 0; default: break }
            @inline(__always) func c(_ v: UInt32) -> UInt8 { UInt8(a == 0 ? 0 : (v * a) / 255) }
            return PremultipliedColor(r: c(p & 255), g: c((p >> 8) & 255), b: c((p >> 16) & 255), a: UInt8(a)).packed
        }
    }

    /// The reference result for 8-bit premultiplied pixels with coverage `m`.
    static func reference8(_ mode: BlendMode, _ s: UInt32, _ d: UInt32, coverage m: UInt8) -> [Double] {
        let sp = PremultipliedColor(packed: s), dp = PremultipliedColor(packed: d)
        let sa = Double(sp.a) / 255, da = Double(dp.a) / 255
        func straight(_ c: UInt8, _ a: Double) -> Double { a > 0 ? Double(c) / 255 / a : 0 }
        let r = W3C.composite(mode, src: (straight(sp.r, sa), straight(sp.g, sa), straight(sp.b, sa)), sa: sa,
                              dst: (straight(dp.r, da), straight(dp.g, da), straight(dp.b, da)), da: da)
        let dv = [Double(dp.r), Double(dp.g), Double(dp.b), Double(dp.a)].map { $0 / 255 }
        let c = Double(m) / 255
        return (0..<4).map { (dv[$0] + (min(max(r[$0], 0), 1) - dv[$0]) * c) * 255 }
    }

    @Test("8-bit: every mode, random colours and coverage, within 1/255 of the formulas",
          arguments: BlendMode.allCases)
    func eightBit(mode: BlendMode) {
        var random = Random(state: 0xB1E4D + UInt64(mode.rawValue))
        let n = 4096
        let src = (0..<n).map { _ in random.pixel() }
        let dst = (0..<n).map { _ in random.pixel() }
        let mask = (0..<n).map { i -> UInt8 in i % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: random.next()) }
        var out = dst
        src.withUnsafeBufferPointer { s in
            mask.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer { d in
                    BlendRows.blend8(mode, d.baseAddress!, s.baseAddress!, srcStride: 1, m.baseAddress!, maskStride: 1, n)
                }
            }
        }
        var worst = 0.0
        for i in 0..<n {
            let expected = BlendTests.reference8(mode, src[i], dst[i], coverage: mask[i])
            let got = PremultipliedColor(packed: out[i])
            let g = [got.r, got.g, got.b, got.a].map(Double.init)
            for k in 0..<4 { worst = max(worst, abs(g[k] - expected[k])) }
        }
        // Rounding to 8 bits is worth 0.5; float arithmetic adds a little.
        #expect(worst <= 1.0, "\(mode): worst difference \(worst)")
    }

    @Test("float: every mode, random colours, within 1e-4 of the formulas", arguments: BlendMode.allCases)
    func float(mode: BlendMode) {
        var random = Random(state: 0xF10A7 + UInt64(mode.rawValue))
        func unit() -> Double { Double(random.next()) / Double(UInt32.max) }
        var worst = 0.0
        for i in 0..<2000 {
            let sa = i % 5 == 0 ? 1 : unit(), da = i % 7 == 0 ? 1 : unit()
            let cs = (unit(), unit(), unit()), cb = (unit(), unit(), unit())
            let expected = W3C.composite(mode, src: cs, sa: sa, dst: cb, da: da).map { min(max($0, 0), 1) }
            let s = SIMD4<Float>(Float(cs.0 * sa), Float(cs.1 * sa), Float(cs.2 * sa), Float(sa))
            let d = SIMD4<Float>(Float(cb.0 * da), Float(cb.1 * da), Float(cb.2 * da), Float(da))
            var out = d
            let full: UInt8 = 255
            withUnsafePointer(to: s) { sp in
                withUnsafePointer(to: full) { m in
                    BlendRows.blendFloat(mode, &out, sp, srcStride: 1, m, maskStride: 0, 1, clampToUnit: true)
                }
            }
            for k in 0..<4 { worst = max(worst, abs(Double(out[k]) - expected[k])) }
        }
        #expect(worst <= 1e-4, "\(mode): worst difference \(worst)")
    }

    @Test("coverage interpolates between the destination and the blended result")
    func coverageLerp() {
        let s = SIMD4<Float>(0.5, 0, 0, 0.5), d = SIMD4<Float>(0, 0.25, 0, 1)
        var out = d
        let half: UInt8 = 51     // 0.2
        withUnsafePointer(to: s) { sp in
            withUnsafePointer(to: half) { m in
                BlendRows.blendFloat(.copy, &out, sp, srcStride: 0, m, maskStride: 0, 1, clampToUnit: true)
            }
        }
        // copy gives s; 20 % of the way from d to s.
        let expected = d + (s - d) * 0.2
        #expect(abs(out.x - expected.x) < 1e-6 && abs(out.y - expected.y) < 1e-6 && abs(out.w - expected.w) < 1e-6)
    }

    @Test("extended linear keeps values above 1; linear clamps them")
    func extendedRange() {
        let s = SIMD4<Float>(0.9, 0.9, 0.9, 1), d = SIMD4<Float>(0.8, 0.8, 0.8, 1)
        let full: UInt8 = 255
        var clamped = d, extended = d
        withUnsafePointer(to: s) { sp in
            withUnsafePointer(to: full) { m in
                BlendRows.blendFloat(.plusLighter, &clamped, sp, srcStride: 0, m, maskStride: 0, 1, clampToUnit: true)
                BlendRows.blendFloat(.plusLighter, &extended, sp, srcStride: 0, m, maskStride: 0, 1, clampToUnit: false)
            }
        }
        #expect(clamped == SIMD4(1, 1, 1, 1))
        #expect(abs(extended.x - 1.7) < 1e-6 && extended.w == 1)
    }

    /// The row kernels (per-pixel source) at every level against exact integer
    /// references.
    @Test("row kernels equal the scalar reference at every level", arguments: Kernels.Level.allCases)
    func rowKernels(level: Kernels.Level) {
        Kernels.withLevel(level) { got in
            var random = Random(state: 777 &+ UInt64(level.rawValue))
            for n in 1...40 {
                for trial in 0..<10 {
                    let src = (0..<n).map { _ in random.pixel() }
                    let dst = (0..<n).map { _ in random.pixel() }
                    let mask = (0..<n).map { i -> UInt8 in i % 7 == 0 ? 0 : (i % 5 == 0 ? 255 : UInt8(truncatingIfNeeded: random.next())) }
                    let alpha = trial % 2 == 0 ? UInt8(255) : UInt8(truncatingIfNeeded: random.next())
                    for useMask in [false, true] {
                        var over = dst, plus = dst
                        src.withUnsafeBufferPointer { s in
                            mask.withUnsafeBufferPointer { m in
                                over.withUnsafeMutableBufferPointer {
                                    Kernels.sourceOver($0.baseAddress!, source: s.baseAddress!,
                                                       mask: useMask ? m.baseAddress! : nil, alpha: alpha, n)
                                }
                                plus.withUnsafeMutableBufferPointer {
                                    Kernels.plusLighter($0.baseAddress!, source: s.baseAddress!,
                                                        mask: useMask ? m.baseAddress! : nil, alpha: alpha, n)
                                }
                            }
                        }
                        for i in 0..<n {
                            let c = useMask ? mask[i] : alpha
                            #expect(over[i] == ReferenceKernels.sourceOver(dst[i], src[i], coverage: c), "level \(got) n \(n)")
                            #expect(plus[i] == ReferenceKernels.plusLighter(dst[i], src[i], coverage: c), "level \(got) n \(n)")
                        }
                    }
                }
            }
        }
    }
}
