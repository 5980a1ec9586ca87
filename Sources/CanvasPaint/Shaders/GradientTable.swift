import CEngineSupport
import CPixelKernels

/// A gradient's colours sampled into a lookup table of `count + 2` entries:
/// entry 0 is the first stop's colour (everything before the gradient), entry
/// `i` in 1…count the colour at `t = (i − 0.5) / count`, entry `count + 1` the last
/// stop's colour (everything after it) — premultiplied, in the pixel format of the
/// surface, with the drawing's opacity already applied. Shaders map each pixel to
/// a `t` and read the table, so the per-pixel cost does not depend on the number
/// of stops, and padded ends are exactly the end colours.
///
/// The table length is chosen by the renderer from the gradient's on-screen length
/// (a power of two, 32…1024), so that neighbouring pixels rarely share an entry on
/// long gradients and small gradients cost little to set up.
public enum GradientTable {
    public static let minimumCount = 16
    public static let maximumCount = 1024

    /// A table length for a gradient whose colours spread over `pixels` device
    /// pixels: the next power of two at or above twice that, clamped to 16…1024.
    /// With two samples per pixel along the gradient, a pixel's colour is off by at
    /// most a quarter of the change across one pixel; at 1024 samples two stops are
    /// a quarter of an 8-bit step apart.
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
        body(0, mixed[0])
        body(n + 1, mixed[mixed.count - 1])
        var k = 0
        for i in 0..<n {
            let t = (Double(i) + 0.5) / Double(n)
            if t < first.location { body(i + 1, mixed[0]); continue }
            if t >= last.location { body(i + 1, mixed[mixed.count - 1]); continue }
            while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
            let a = stops[k].location, b = stops[k + 1].location
            let f = (t - a) / (b - a)
            body(i + 1, mixed[k] + (mixed[k + 1] - mixed[k]) * f)
        }
    }

    /// A table of 8-bit premultiplied sRGB-encoded colours.
    public static func rgba8(_ colors: GradientColors, count n: Int, opacity: Double) -> [UInt32] {
        var table: [UInt32] = []
        rgba8(colors, count: n, opacity: opacity, into: &table)
        return table
    }

    /// The same table written into `table`, which is resized to its `n + 2` entries
    /// in place: a renderer keeps one array for every gradient it draws, so drawing
    /// a gradient allocates no table once the array is big enough. (Every entry is
    /// written, so none is cleared first.)
    public static func rgba8(_ colors: GradientColors, count n: Int, opacity: Double, into table: inout [UInt32]) {
        let space = colors.mixingSpace(linearWorkingSpace: false)
        let entries = n + 2
        if table.count > entries {
            table.removeSubrange(entries...)
        } else if table.count < entries {
            table.append(contentsOf: repeatElement(0, count: entries - table.count))
        }
        let alphaScale = min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        if space == .encoded {
            table.withUnsafeMutableBufferPointer { encodedTable(colors, into: $0.baseAddress!, count: n, opacity: Float(alphaScale)) }
            return
        }
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
    }

    /// The common case, interpolating the colours as given, in single precision
    /// (every gradient drawn in the default colour mode builds one of these).
    /// Writes `n + 2` entries.
    static func encodedTable(_ colors: GradientColors, into out: UnsafeMutablePointer<UInt32>, count n: Int,
                             opacity: Float) {
        colors.stops.withUnsafeBufferPointer { stops in
            guard let first = stops.first, let last = stops.last else { return }
            @inline(__always) func vector(_ c: RGBA) -> SIMD4<Float> { SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a)) }
            // Alpha is quantized first and the colour premultiplied by the quantized
            // value, as solid colours are (so a one-stop gradient equals its colour).
            @inline(__always) func pack(_ v: SIMD4<Float>) -> UInt32 {
                oc_pack_premultiplied(v.x, v.y, v.z, v.w, opacity)
            }
            let invN = 1 / Float(n)
            let firstLocation = Float(first.location), lastLocation = Float(last.location)
            let head = pack(vector(first.color)), tail = pack(vector(last.color))
            out[0] = head
            out[n + 1] = tail
            let out = out + 1
            var k = 0
            var i = 0
            while i < n {
                let t = (Float(i) + 0.5) * invN
                if t < firstLocation { out[i] = head; i += 1; continue }
                if t >= lastLocation { out[i] = tail; i += 1; continue }
                while k + 1 < stops.count && Float(stops[k + 1].location) <= t { k += 1 }
                // The entries up to the segment's end, in one call.
                let upper = min(Float(stops[k + 1].location), lastLocation)
                // The segment ends at the first entry whose t reaches `upper` (or at
                // n): a jump to about there, then steps to exactly there (t grows
                // with the index, so the steps settle where a walk from i would).
                var end = min(max(Int(min(max(upper * Float(n) - 0.5, 0), Float(n))), i + 1), n)
                while end > i + 1 && (Float(end - 1) + 0.5) * invN >= upper { end -= 1 }
                while end < n && (Float(end) + 0.5) * invN < upper { end += 1 }
                var a = vector(stops[k].color), b = vector(stops[k + 1].color)
                let start = Float(stops[k].location)
                let scale = 1 / (Float(stops[k + 1].location) - start)
                withUnsafePointer(to: &a) { pa in
                    withUnsafePointer(to: &b) { pb in
                        oc_gradient_entries(out, Int32(truncatingIfNeeded: i), Int32(truncatingIfNeeded: end), invN,
                                            UnsafeRawPointer(pa).assumingMemoryBound(to: Float.self),
                                            UnsafeRawPointer(pb).assumingMemoryBound(to: Float.self),
                                            start, scale, opacity)
                    }
                }
                i = end
            }
        }
    }

    /// A table of premultiplied linear-light colours. Components outside 0…1 are kept
    /// when `extended`, clamped otherwise.
    public static func linearFloat(_ colors: GradientColors, count n: Int, opacity: Double,
                                   extended: Bool) -> [SIMD4<Float>] {
        let space = colors.mixingSpace(linearWorkingSpace: true)
        var table = [SIMD4<Float>](repeating: .zero, count: n + 2)
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
