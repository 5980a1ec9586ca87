import Foundation
import OpenCanvasDrawing
import CanvasCodecs

extension Diffing where Format == CGImage {
    /// Images stored as PNG and compared pixel by pixel.
    ///
    /// - `perceptualPrecision`: how close a pixel must be to count as the same, 1
    ///   meaning identical. A pixel matches when its colour, composited over white,
    ///   is within ΔE*76 ≤ (1 − perceptualPrecision) × 100 of the reference's in
    ///   CIELAB, and its alpha within (1 − perceptualPrecision) × 255. 0.98–0.99 is
    ///   about what an eye tells apart (swift-snapshot-testing's reading).
    /// - `precision`: the fraction of pixels that must match (1: all of them).
    ///
    /// A difference comes with `diff.png`: red where pixels do not match, grey by
    /// how much they differ elsewhere (white: identical).
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing {
        let precision = precision.isFinite ? min(1, max(0, precision)) : 1
        let perceptual = perceptualPrecision.isFinite ? min(1, max(0, perceptualPrecision)) : 1
        return Diffing(
            toData: { image in
                guard let data = image.pngData() else { throw SnapshotError("the image has no pixels to store") }
                return data
            },
            fromData: { data in
                guard let image = CGImage(pngDataProviderSource: CGDataProvider(data: data), decode: nil,
                                          shouldInterpolate: false, intent: .defaultIntent) else {
                    throw SnapshotError("the reference is not a PNG image")
                }
                return image
            },
            diff: { reference, actual in
                ImageComparison(reference: reference, actual: actual, precision: precision,
                                perceptualPrecision: perceptual).difference
            })
    }
}

/// One comparison of two images.
struct ImageComparison {
    let reference: CGImage, actual: CGImage
    let precision: Double, perceptualPrecision: Double

    var difference: SnapshotDifference? {
        guard reference.width == actual.width, reference.height == actual.height else {
            return SnapshotDifference(message: "the image is \(actual.width) × \(actual.height) pixels; the reference is \(reference.width) × \(reference.height)")
        }
        let a = actual.rgbaBytes(), r = reference.rgbaBytes()
        if a == r { return nil }
        let maxDeltaE = (1 - perceptualPrecision) * 100, maxAlpha = (1 - perceptualPrecision) * 255
        var diff = [UInt8](repeating: 255, count: a.count)
        var mismatched = 0, worst = 0.0, worstAt = (x: 0, y: 0)
        for i in stride(from: 0, to: a.count, by: 4) {
            let deltaE = Self.deltaE(a, r, at: i)
            let deltaAlpha = abs(Double(a[i + 3]) - Double(r[i + 3]))
            let score = max(deltaE, deltaAlpha * 100 / 255)
            if score > worst { worst = score; worstAt = ((i / 4) % actual.width, (i / 4) / actual.width) }
            if deltaE > maxDeltaE || deltaAlpha > maxAlpha {
                mismatched += 1
                diff[i] = 255; diff[i + 1] = 0; diff[i + 2] = 0
            } else {
                let g = UInt8(255 - min(255, Int(score * 25)))
                diff[i] = g; diff[i + 1] = g; diff[i + 2] = g
            }
        }
        let total = a.count / 4
        let matching = Double(total - mismatched) / Double(max(1, total))
        if matching >= precision { return nil }
        let png = (try? PNGCodec.encode(rgba: diff, width: actual.width, height: actual.height)).map { Data($0) }
        let share = (Double(mismatched) / Double(max(1, total)) * 1000).rounded() / 10
        return SnapshotDifference(
            message: "\(mismatched) of \(total) pixels (\(share) %) differ beyond the tolerance; the worst, at (\(worstAt.x), \(worstAt.y)), by \((worst * 10).rounded() / 10) (ΔE or alpha %)",
            attachments: png.map { [("diff.png", $0)] } ?? [])
    }

    /// ΔE*76 between pixel `i` of two unpremultiplied RGBA buffers, each composited
    /// over white first (so that invisible colour does not count).
    static func deltaE(_ a: [UInt8], _ b: [UInt8], at i: Int) -> Double {
        if a[i] == b[i], a[i + 1] == b[i + 1], a[i + 2] == b[i + 2], a[i + 3] == b[i + 3] { return 0 }
        let la = lab(a, at: i), lb = lab(b, at: i)
        let dl = la.l - lb.l, da = la.a - lb.a, db = la.b - lb.b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    static func lab(_ p: [UInt8], at i: Int) -> (l: Double, a: Double, b: Double) {
        let alpha = Double(p[i + 3]) / 255
        func linear(_ c: UInt8) -> Double {
            let s = Double(c) / 255 * alpha + (1 - alpha)
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(p[i]), g = linear(p[i + 1]), b = linear(p[i + 2])
        // sRGB to XYZ (D65), relative to the white point.
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
