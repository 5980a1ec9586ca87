/// A gradient's colours sampled into a lookup table: entry `i` holds the colour at
/// `t = (i + 0.5) / count`, premultiplied, in the pixel format of the surface, with
/// the drawing's opacity already applied. Shaders map each pixel to a `t` and read
/// the table, so the per-pixel cost does not depend on the number of stops.
///
/// The table length is chosen by the renderer from the gradient's on-screen length
/// (a power of two, 32…1024), so that neighbouring pixels rarely share an entry on
/// long gradients and small gradients cost little to set up.
public enum GradientTable {
    public static let minimumCount = 32
    public static let maximumCount = 1024

    /// A table length for a gradient whose colours spread over `pixels` device
    /// pixels: the next power of two above twice that, clamped to 32…1024.
    public static func count(forLength pixels: Double) -> Int {
        guard pixels.isFinite, pixels > 0 else { return minimumCount }
        var n = minimumCount
        while n < maximumCount && Double(n) < 2 * pixels { n <<= 1 }
        return n
    }

    /// Calls `body(i, v)` for every entry with the straight colour `v` in the mixing
    /// space (alpha in `w`), walking the stops once.
    @inline(__always)
    static func forEachEntry(_ colors: GradientColors, _ space: GradientColors.MixingSpace, count n: Int,
                             _ body: (Int, SIMD4<Double>) -> Void) {
        let stops = colors.stops
        guard let first = stops.first, let last = stops.last else { return }
        let mixed = stops.map { GradientColors.toMixing($0.color, space) }
        var k = 0
        for i in 0..<n {
            let t = (Double(i) + 0.5) / Double(n)
            if t < first.location { body(i, mixed[0]); continue }
            if t >= last.location { body(i, mixed[mixed.count - 1]); continue }
            while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
            let a = stops[k].location, b = stops[k + 1].location
            let f = (t - a) / (b - a)
            body(i, mixed[k] + (mixed[k + 1] - mixed[k]) * f)
        }
    }

    /// A table of 8-bit premultiplied sRGB-encoded colours.
    public static func rgba8(_ colors: GradientColors, count n: Int, opacity: Double) -> [UInt32] {
        let space = colors.mixingSpace(linearWorkingSpace: false)
        var table = [UInt32](repeating: 0, count: n)
        let alphaScale = min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        table.withUnsafeMutableBufferPointer { out in
            ColorTransfer.encodeTable.withUnsafeBufferPointer { enc in
                forEachEntry(colors, space, count: n) { i, v in
                    var c = v
                    switch space {
                    case .encoded: break
                    case .linear:
                        c = SIMD4(Double(ColorTransfer.encode8(Float(v.x), enc.baseAddress!)) / 255,
                                  Double(ColorTransfer.encode8(Float(v.y), enc.baseAddress!)) / 255,
                                  Double(ColorTransfer.encode8(Float(v.z), enc.baseAddress!)) / 255, v.w)
                    case .oklab:
                        let (r, g, b) = Oklab.toLinear(v.x, v.y, v.z)
                        c = SIMD4(Double(ColorTransfer.encode8(Float(r), enc.baseAddress!)) / 255,
                                  Double(ColorTransfer.encode8(Float(g), enc.baseAddress!)) / 255,
                                  Double(ColorTransfer.encode8(Float(b), enc.baseAddress!)) / 255, v.w)
                    }
                    out[i] = PremultipliedColor(red: c.x, green: c.y, blue: c.z, alpha: c.w * alphaScale).packed
                }
            }
        }
        return table
    }

    /// A table of premultiplied linear-light colours. Components outside 0…1 are kept
    /// when `extended`, clamped otherwise.
    public static func linearFloat(_ colors: GradientColors, count n: Int, opacity: Double,
                                   extended: Bool) -> [SIMD4<Float>] {
        let space = colors.mixingSpace(linearWorkingSpace: true)
        var table = [SIMD4<Float>](repeating: .zero, count: n)
        let alphaScale = min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        forEachEntry(colors, space, count: n) { i, v in
            var c = v
            switch space {
            case .encoded:
                c = SIMD4(ColorTransfer.linear(v.x), ColorTransfer.linear(v.y), ColorTransfer.linear(v.z), v.w)
            case .linear: break
            case .oklab:
                let (r, g, b) = Oklab.toLinear(v.x, v.y, v.z)
                c = SIMD4(r, g, b, v.w)
            }
            var p = SIMD4<Float>(Float(c.x), Float(c.y), Float(c.z), 1)
            if !extended { p = p.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) }
            let a = Float(min(max(c.w, 0), 1) * alphaScale)
            p *= a
            p.w = a
            table[i] = p
        }
        return table
    }
}
