import CanvasGeometry
import CanvasPaint
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of a plane, with a cost per pixel that does not depend on the
/// radius and memory bounded by the output and input areas.
///
/// - σ < 2: an exact separable Gaussian kernel (radius ⌈3σ⌉).
/// - 2 ≤ σ ≤ 24: three successive box blurs per direction, sized as the SVG
///   `feGaussianBlur` specification says (the approximation every browser uses),
///   computed with running sums.
/// - σ > 24: the plane is averaged down by an integer factor k so that σ/k falls in
///   12…24, blurred there, and interpolated back up (what Skia and Core Image do
///   for large radii). Memory and time then shrink with k².
///
/// Everything outside the input plane counts as transparent.
public enum GaussianBlur {
    /// Above this standard deviation (in pixels) the blur runs on a downsampled plane.
    static let downsampleAbove = 24.0

    /// The largest standard deviation blurred as given; larger ones blur as this.
    /// A drawing as large as a canvas can be (16,384² pixels) blurred this much is
    /// below half of 1/255 everywhere, so every larger σ gives the same picture,
    /// while the region arithmetic stays far inside `Int` (and finite σ as large as
    /// 10³⁰⁸ cannot overflow it).
    public static let maximumSigma = 2e5

    /// The distance in pixels beyond which input does not affect an output pixel.
    public static func reach(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        let sigma = min(sigma, maximumSigma)
        if sigma > downsampleAbove {
            let k = Double(Int(sigma / 12))
            return Int((Double(reach(sigma: sigma / k)) + 2) * k)
        }
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        let d = boxSize(sigma)
        return 3 * (d / 2) + 2
    }

    /// An upper bound on the blurred alpha anywhere, for an input whose alpha
    /// (at most 1) lies within a `width` × `height` rectangle of pixels.
    ///
    /// The blur is separable, and every step of it (kernel, boxes, block averages,
    /// bilinear resampling) is a positive linear filter, so a band `w` pixels wide
    /// blurs to at most w times the 1-D kernel's largest weight (and never more than
    /// 1). For the Gaussian that weight is 1/(σ√2π); three boxes of width d peak at
    /// (3d² + 1)/(4d³), up to 12 % above it at d = 5 (σ ≈ 2.9) and within 3 % from
    /// the downsampled range on. The bound allows 15 %. The filter stages use it to
    /// leave out a blur too wide to show anything, without rendering its input.
    public static func peakAlpha(sigma: Double, width: Int, height: Int) -> Double {
        guard width > 0, height > 0 else { return 0 }
        guard sigma.isFinite, sigma > 0.01 else { return 1 }
        let density = 1.15 / (min(sigma, maximumSigma) * (2 * Double.pi).squareRoot())
        return min(1, Double(width) * density) * min(1, Double(height) * density)
    }

    /// Whether a source whose alpha lies within `extent`, its colour at most
    /// `strength` (1 unless extended), blurs to less than `invisibleAlpha` everywhere.
    public static func blursAway(sigma: Double, within extent: PixelRect, strength: Double = 1) -> Bool {
        peakAlpha(sigma: sigma, width: extent.width, height: extent.height) * max(1, strength) < invisibleAlpha
    }

    /// Alpha below this, in a blur's or shadow's result, is left out: a sixteenth of
    /// an 8-bit level, which rounds away when stored (dithering, ±0.47 of a level,
    /// can lift it to one level at a sixteenth of the pixels, which leaving it out
    /// does not; float canvases keep such values, and lose them here).
    public static let invisibleAlpha = 1.0 / 4096

    static func boxSize(_ sigma: Double) -> Int {
        Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// The blur of `input` over `output`, or `nil` if memory for it could not be
    /// allocated. A σ that is not positive and finite copies the input.
    ///
    /// Horizontal passes run a row at a time; vertical passes run on strips of 16
    /// columns copied into a small buffer, so that both stay in cache and each plane
    /// is read and written once.
    public static func blur(_ input: Plane, sigma: Double, output: PixelRect) -> Plane? {
        guard sigma.isFinite, sigma > 0.01 else { return input.copy(over: output) }
        let sigma = min(sigma, maximumSigma)
        if sigma > downsampleAbove { return downsampled(input, sigma: sigma, output: output) }
        let m = reach(sigma: sigma)
        let passes = sigma < 2 ? [Pass.gaussian(kernel(sigma))] : boxPasses(sigma)

        // The vertical stage's plane: the output's columns, its rows padded by the
        // reach. Rows without input stay transparent.
        let tall = PixelRect(x0: output.x0, y0: output.y0 - m, x1: output.x1, y1: output.y1 + m)
        let rows = (max(tall.y0, input.bounds.y0), min(tall.y1, input.bounds.y1))
        guard let stage = Plane(bounds: tall, zeroed: false), let out = Plane(bounds: output, zeroed: false) else {
            return nil
        }
        let width = output.width
        for y in tall.y0..<tall.y1 where y < rows.0 || y >= rows.1 {
            stage.row(y).update(repeating: .zero, count: width)
        }
        // Lines are kept between `pad` zeros on each side, so the passes read
        // beyond their ends without tests.
        let pad = m + 2
        let lineLength = width + 2 * m
        let span = lineLength + 2 * pad
        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 2 * span + 16)
        defer { scratch.deallocate() }
        scratch.update(repeating: .zero, count: 2 * span)
        let a = scratch + pad, b = scratch + span + pad
        let acc = scratch + 2 * span
        for y in rows.0..<max(rows.0, rows.1) {
            // The input line from output.x0 − m, transparent outside the input.
            let x0 = max(output.x0 - m, input.bounds.x0), x1 = min(output.x1 + m, input.bounds.x1)
            if x1 > x0 {
                let first = x0 - (output.x0 - m), last = x1 - (output.x0 - m)
                a.update(repeating: .zero, count: first)
                (a + first).update(from: input.row(y) + (x0 - input.bounds.x0), count: x1 - x0)
                (a + last).update(repeating: .zero, count: lineLength - last)
            } else {
                a.update(repeating: .zero, count: lineLength)
            }
            let result = runAll(passes, a, b, count: lineLength, lanes: 1, acc: acc)
            stage.row(y).update(from: result + m, count: width)
        }
        // Vertical, in strips of columns copied between zero rows.
        let strip = 16
        let rowsCount = tall.height
        let stripSpan = (rowsCount + 2 * pad) * strip
        let columns = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 2 * stripSpan)
        defer { columns.deallocate() }
        var x = 0
        while x < width {
            let w = min(strip, width - x)
            let ca = columns + pad * w, cb = columns + stripSpan + pad * w
            // Zero pads for this strip width, then the strip itself.
            columns.update(repeating: .zero, count: pad * w)
            (ca + rowsCount * w).update(repeating: .zero, count: pad * w)
            (columns + stripSpan).update(repeating: .zero, count: pad * w)
            (cb + rowsCount * w).update(repeating: .zero, count: pad * w)
            for r in 0..<rowsCount { (ca + r * w).update(from: stage.pixels.row(r) + x, count: w) }
            let result = runAll(passes, ca, cb, count: rowsCount, lanes: w, acc: acc)
            for r in 0..<output.height { (out.pixels.row(r) + x).update(from: result + (r + m) * w, count: w) }
            x += w
        }
        return out
    }

    // MARK: Passes

    enum Pass {
        /// A box of `left + right + 1` pixels.
        case box(left: Int, right: Int)
        /// A normalised kernel, index 0 at offset −radius.
        case gaussian([Float])
    }

    static func boxPasses(_ sigma: Double) -> [Pass] {
        let d = max(1, boxSize(sigma))
        if d % 2 == 1 {
            let r = (d - 1) / 2
            return [.box(left: r, right: r), .box(left: r, right: r), .box(left: r, right: r)]
        }
        let h = d / 2
        return [.box(left: h, right: h - 1), .box(left: h - 1, right: h), .box(left: h, right: h)]
    }

    /// The Gaussian integrated over each pixel (not sampled at pixel centres, which
    /// overweights the centre for small σ): weight j is Φ((j + ½)/σ) − Φ((j − ½)/σ).
    static func kernel(_ sigma: Double) -> [Float] {
        let r = Int((3 * sigma).rounded(.up))
        func cdf(_ x: Double) -> Double { 0.5 * erfc(-x / (sigma * 2.squareRoot())) }
        var k = (-r...r).map { Float(cdf(Double($0) + 0.5) - cdf(Double($0) - 0.5)) }
        let sum = k.reduce(0, +)
        for i in k.indices { k[i] /= sum }
        return k
    }

    /// Runs the passes over `count` elements of `lanes` values each (element i at
    /// `i · lanes`), ping-ponging between `a` (the input) and `b`; returns where the
    /// result is. Values beyond the ends count as zero. `acc` holds `lanes` sums.
    static func runAll(_ passes: [Pass], _ a: UnsafeMutablePointer<SIMD4<Float>>, _ b: UnsafeMutablePointer<SIMD4<Float>>,
                       count: Int, lanes: Int, acc: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafeMutablePointer<SIMD4<Float>> {
        var src = a, dst = b
        for pass in passes {
            run(pass, src, dst, count: count, lanes: lanes, acc: acc)
            swap(&src, &dst)
        }
        return src
    }

    /// One pass. Elements before 0 and from `count` on must read as zero (the
    /// callers keep zero padding there, at least the pass's reach wide).
    static func run(_ pass: Pass, _ src: UnsafeMutablePointer<SIMD4<Float>>, _ dst: UnsafeMutablePointer<SIMD4<Float>>,
                    count: Int, lanes: Int, acc: UnsafeMutablePointer<SIMD4<Float>>) {
        switch pass {
        case .box(let left, let right):
            let inv = 1 / Float(left + right + 1)
            if lanes == 1 {
                var sum = SIMD4<Float>()
                for j in -left...right { sum += src[j] }
                for i in 0..<count {
                    dst[i] = sum * inv
                    sum += src[i + right + 1] - src[i - left]
                }
                return
            }
            acc.update(repeating: .zero, count: lanes)
            for j in -left...right {
                let row = src + j * lanes
                for l in 0..<lanes { acc[l] += row[l] }
            }
            for i in 0..<count {
                let out = dst + i * lanes, enter = src + (i + right + 1) * lanes, leave = src + (i - left) * lanes
                for l in 0..<lanes {
                    out[l] = acc[l] * inv
                    acc[l] += enter[l] - leave[l]
                }
            }
        case .gaussian(let k):
            let r = k.count / 2
            k.withUnsafeBufferPointer { kp in
                for i in 0..<count {
                    let out = dst + i * lanes
                    out.update(repeating: .zero, count: lanes)
                    for j in -r...r {
                        let row = src + (i + j) * lanes, w = kp[j + r]
                        for l in 0..<lanes { out[l] += row[l] * w }
                    }
                }
            }
        }
    }

    // MARK: Large radii

    /// The factor k by which a blur of standard deviation `sigma` averages its input
    /// down before blurring: 1 up to `downsampleAbove`, then ⌊σ/12⌋ (at least 2), so
    /// that σ/k falls in 12…24.
    public static func reductionFactor(sigma: Double) -> Int {
        let sigma = effective(sigma)
        guard sigma > downsampleAbove else { return 1 }
        return max(2, Int(sigma / 12))
    }

    /// The standard deviation a blur of `sigma` uses: clamped to `maximumSigma`, and
    /// 0 (no blur, as `blur` treats it) when not positive and finite. The reduced
    /// path's functions agree through it on every σ, ∞ and NaN included.
    static func effective(_ sigma: Double) -> Double {
        sigma.isFinite && sigma > 0 ? min(sigma, maximumSigma) : 0
    }

    /// The blocks of `k` × `k` pixels, aligned to multiples of k, that `r` touches:
    /// block (i, j) covers pixels [ik, ik + k) × [jk, jk + k).
    public static func blocks(covering r: PixelRect, factor k: Int) -> PixelRect {
        guard !r.isEmpty else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        return PixelRect(x0: block(r.x0, k), y0: block(r.y0, k), x1: block(r.x1 - 1, k) + 1, y1: block(r.y1 - 1, k) + 1)
    }

    /// The block of `k` pixels that pixel `v` falls in (⌊v/k⌋, for negative v too).
    @inline(__always)
    static func block(_ v: Int, _ k: Int) -> Int { v >= 0 ? v / k : -((-v + k - 1) / k) }

    /// `input` averaged over k × k blocks (`blocks(covering:factor:)`), pixels outside
    /// it counting as transparent; `nil` if memory ran out.
    public static func reduce(_ input: Plane, factor k: Int) -> Plane? {
        let small = blocks(covering: input.bounds, factor: k)
        guard let reduced = Plane(bounds: small) else { return nil }
        let inv = 1 / Float(k * k)
        for y in input.bounds.y0..<input.bounds.y1 {
            let src = input.row(y), dst = reduced.row(block(y, k))
            for x in input.bounds.x0..<input.bounds.x1 {
                dst[block(x, k) - small.x0] += src[x - input.bounds.x0] * inv
            }
        }
        return reduced
    }

    /// The blocks whose average the blur over `output` reads, when `sigma` is above
    /// `downsampleAbove` (`reductionFactor(sigma:)` > 1): `blur(reduced:…)` needs the
    /// input's block averages over this region.
    public static func reducedInputRegion(sigma: Double, output: PixelRect) -> PixelRect {
        let k = reductionFactor(sigma: sigma)
        return reducedOutputRegion(output, factor: k).dilated(by: reach(sigma: effective(sigma) / Double(k)))
    }

    /// The blocks a reduced blur computes for `output`: those under it with a margin
    /// of one, so that every output pixel interpolates between four of them.
    static func reducedOutputRegion(_ output: PixelRect, factor k: Int) -> PixelRect {
        blocks(covering: output, factor: k).dilated(by: 1)
    }

    /// The blur over `output` of an input given as its block averages (`reduce`) by
    /// `reductionFactor(sigma:)`: blurred at σ/k and interpolated back up (what Skia
    /// and Core Image do for large radii). `nil` if memory ran out.
    public static func blur(reduced: Plane, sigma: Double, output: PixelRect) -> Plane? {
        let sigma = effective(sigma)
        let k = reductionFactor(sigma: sigma)
        let smallOut = reducedOutputRegion(output, factor: k)
        guard let blurred = blur(reduced, sigma: sigma / Double(k), output: smallOut),
              let out = Plane(bounds: output, zeroed: false) else { return nil }
        // Bilinear interpolation back up: output pixel centre (x + ½)/k in small
        // pixels, whose centres sit at i + ½.
        let scale = 1 / Double(k)
        // `smallOut` has a one-pixel margin around every sample position, so the
        // four neighbours are always inside `blurred` (which covers `smallOut`).
        for y in output.y0..<output.y1 {
            let v = (Double(y) + 0.5) * scale - 0.5
            let iv = Int(v.rounded(.down)), fv = Float(v - Double(iv))
            let dst = out.row(y)
            let r0 = blurred.row(iv), r1 = blurred.row(iv + 1)
            for x in output.x0..<output.x1 {
                let u = (Double(x) + 0.5) * scale - 0.5
                let iu = Int(u.rounded(.down)), fu = Float(u - Double(iu))
                let c = iu - smallOut.x0
                let top = r0[c] * (1 - fu) + r0[c + 1] * fu
                let bottom = r1[c] * (1 - fu) + r1[c + 1] * fu
                dst[x - output.x0] = top * (1 - fv) + bottom * fv
            }
        }
        return out
    }

    static func downsampled(_ input: Plane, sigma: Double, output: PixelRect) -> Plane? {
        guard let reduced = reduce(input, factor: reductionFactor(sigma: sigma)) else { return nil }
        return blur(reduced: reduced, sigma: sigma, output: output)
    }
}

extension PixelRect {
    /// The rectangle grown by `m` pixels on every side.
    public func dilated(by m: Int) -> PixelRect { PixelRect(x0: x0 - m, y0: y0 - m, x1: x1 + m, y1: y1 + m) }
}
