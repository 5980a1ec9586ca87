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

    /// The distance in pixels beyond which input does not affect an output pixel.
    public static func reach(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        if sigma > downsampleAbove {
            let k = Double(Int(sigma / 12))
            return Int((Double(reach(sigma: sigma / k)) + 2) * k)
        }
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        let d = boxSize(sigma)
        return 3 * (d / 2) + 2
    }

    static func boxSize(_ sigma: Double) -> Int {
        Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// The blur of `input` over `output`, or `nil` if memory for it could not be
    /// allocated. A σ that is not positive and finite copies the input.
    public static func blur(_ input: Plane, sigma: Double, output: PixelRect) -> Plane? {
        guard sigma.isFinite, sigma > 0.01 else { return input.copy(over: output) }
        if sigma > downsampleAbove { return downsampled(input, sigma: sigma, output: output) }
        let m = reach(sigma: sigma)
        let passes = sigma < 2 ? [Pass.gaussian(kernel(sigma))] : boxPasses(sigma)

        // Horizontal: rows that have input and lie within reach of the output,
        // columns of the output (each line padded by the reach on both sides).
        let rowsNeeded = PixelRect(x0: output.x0, y0: output.y0 - m, x1: output.x1, y1: output.y1 + m)
        let rows = PixelRect(x0: output.x0, y0: max(rowsNeeded.y0, input.bounds.y0),
                             x1: output.x1, y1: min(rowsNeeded.y1, input.bounds.y1))
        // The vertical stage's plane: the output rows padded by the reach.
        let tall = PixelRect(x0: output.x0, y0: output.y0 - m, x1: output.x1, y1: output.y1 + m)
        guard let stage = Plane(bounds: tall), let other = Plane(bounds: tall) else { return nil }
        if rows.y1 > rows.y0 {
            let lineLength = output.width + 2 * m
            let pad = m + 2
            var a = [SIMD4<Float>](repeating: .zero, count: lineLength + 2 * pad)
            var b = a
            for y in rows.y0..<rows.y1 {
                // The input line from output.x0 − m, transparent outside the input.
                a.withUnsafeMutableBufferPointer { line in
                    let p = line.baseAddress! + pad
                    p.update(repeating: .zero, count: lineLength)
                    let x0 = max(output.x0 - m, input.bounds.x0), x1 = min(output.x1 + m, input.bounds.x1)
                    if x1 > x0 { (p + (x0 - (output.x0 - m))).update(from: input.row(y) + (x0 - input.bounds.x0), count: x1 - x0) }
                }
                var resultInA = true
                for pass in passes {
                    if resultInA {
                        run(pass, from: &a, to: &b, count: lineLength, pad: pad)
                    } else {
                        run(pass, from: &b, to: &a, count: lineLength, pad: pad)
                    }
                    resultInA.toggle()
                }
                let result = resultInA ? a : b
                result.withUnsafeBufferPointer { line in
                    stage.row(y).update(from: line.baseAddress! + pad + m, count: output.width)
                }
            }
        }
        // Vertical: the same passes down the columns, a row at a time.
        var src = stage, dst = other
        for pass in passes {
            runRows(pass, from: src, to: dst, rows: tall.height, width: output.width)
            swap(&src, &dst)
        }
        return src.copy(over: output)
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

    /// One pass over a padded line: `count` values at `pad…`, zeros around them.
    static func run(_ pass: Pass, from a: inout [SIMD4<Float>], to b: inout [SIMD4<Float>], count: Int, pad: Int) {
        a.withUnsafeBufferPointer { srcBuffer in
            b.withUnsafeMutableBufferPointer { dstBuffer in
                let src = srcBuffer.baseAddress! + pad, dst = dstBuffer.baseAddress! + pad
                switch pass {
                case .box(let left, let right):
                    let inv = 1 / Float(left + right + 1)
                    var acc = SIMD4<Float>()
                    for j in -left...right where j < count { acc += src[j] }
                    for i in 0..<count {
                        dst[i] = acc * inv
                        // Slide: add the value entering on the right, drop the one
                        // leaving on the left (zeros beyond the line).
                        let enter = i + right + 1, leave = i - left
                        if enter < count { acc += src[enter] }
                        if leave >= 0 { acc -= src[leave] }
                    }
                case .gaussian(let k):
                    let r = k.count / 2
                    k.withUnsafeBufferPointer { kp in
                        for i in 0..<count {
                            var s = SIMD4<Float>()
                            for j in max(-r, -i)...min(r, count - 1 - i) { s += src[i + j] * kp[j + r] }
                            dst[i] = s
                        }
                    }
                }
            }
        }
    }

    /// One pass down the columns of a plane, sliding a sum row by row.
    static func runRows(_ pass: Pass, from src: Plane, to dst: Plane, rows: Int, width: Int) {
        let s = src.pixels, d = dst.pixels
        switch pass {
        case .box(let left, let right):
            let inv = 1 / Float(left + right + 1)
            var acc = [SIMD4<Float>](repeating: .zero, count: width)
            acc.withUnsafeMutableBufferPointer { accp in
                let a = accp.baseAddress!
                for j in 0...right where j < rows {
                    let r = s.row(j)
                    for x in 0..<width { a[x] += r[x] }
                }
                for y in 0..<rows {
                    let out = d.row(y)
                    for x in 0..<width { out[x] = a[x] * inv }
                    let enter = y + right + 1, leave = y - left
                    if enter < rows {
                        let r = s.row(enter)
                        for x in 0..<width { a[x] += r[x] }
                    }
                    if leave >= 0 {
                        let r = s.row(leave)
                        for x in 0..<width { a[x] -= r[x] }
                    }
                }
            }
        case .gaussian(let k):
            let radius = k.count / 2
            for y in 0..<rows {
                let out = d.row(y)
                out.update(repeating: .zero, count: width)
                for j in max(-radius, -y)...min(radius, rows - 1 - y) {
                    let r = s.row(y + j), w = k[j + radius]
                    for x in 0..<width { out[x] += r[x] * w }
                }
            }
        }
    }

    // MARK: Large radii

    static func downsampled(_ input: Plane, sigma: Double, output: PixelRect) -> Plane? {
        let k = max(2, Int(sigma / 12))
        @inline(__always) func down(_ v: Int) -> Int { v >= 0 ? v / k : -((-v + k - 1) / k) }
        // The input averaged over k × k blocks aligned to multiples of k.
        let small = PixelRect(x0: down(input.bounds.x0), y0: down(input.bounds.y0),
                              x1: down(input.bounds.x1 - 1) + 1, y1: down(input.bounds.y1 - 1) + 1)
        guard let reduced = Plane(bounds: small) else { return nil }
        let inv = 1 / Float(k * k)
        for y in input.bounds.y0..<input.bounds.y1 {
            let src = input.row(y), dst = reduced.row(down(y))
            for x in input.bounds.x0..<input.bounds.x1 {
                dst[down(x) - small.x0] += src[x - input.bounds.x0] * inv
            }
        }
        let smallOut = PixelRect(x0: down(output.x0) - 1, y0: down(output.y0) - 1,
                                 x1: down(output.x1 - 1) + 2, y1: down(output.y1 - 1) + 2)
        guard let blurred = blur(reduced, sigma: sigma / Double(k), output: smallOut),
              let out = Plane(bounds: output) else { return nil }
        // Bilinear interpolation back up: output pixel centre (x + ½)/k in small
        // pixels, whose centres sit at i + ½.
        let scale = 1 / Double(k)
        for y in output.y0..<output.y1 {
            let v = (Double(y) + 0.5) * scale - 0.5
            let iv = Int(v.rounded(.down)), fv = Float(v - Double(iv))
            let dst = out.row(y)
            for x in output.x0..<output.x1 {
                let u = (Double(x) + 0.5) * scale - 0.5
                let iu = Int(u.rounded(.down)), fu = Float(u - Double(iu))
                let top = blurred.value(x: iu, y: iv) * (1 - fu) + blurred.value(x: iu + 1, y: iv) * fu
                let bottom = blurred.value(x: iu, y: iv + 1) * (1 - fu) + blurred.value(x: iu + 1, y: iv + 1) * fu
                dst[x - output.x0] = top * (1 - fv) + bottom * fv
            }
        }
        return out
    }
}
