import Foundation
import OpenCanvas
import CanvasCodecs

/// Reference-image comparison for the tests.
///
/// Policy: a rendered image matches its reference when every channel of every pixel,
/// premultiplied (colour × alpha, 8 bits, so that the colour of an almost transparent
/// pixel weighs as little as it shows), is within `tolerance` of the reference's
/// (default 2/255: room for rounding differences between platforms, far below anything
/// visible). On a mismatch the actual image, the reference and a diff image (red
/// where channels differ by more than the tolerance, scaled grey elsewhere) are
/// written to `test-output/` at the package root, and the failure says where.
///
/// Set `OPENCANVAS_RECORD=1` to write the rendered images as the new references
/// (into `Tests/OpenCanvasTests/References/`) instead of comparing — then look at
/// them before committing: a reference is a claim that the picture is right.
public enum ReferenceImage {
    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
    }

    /// The package root (found from this source file's location).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    public static var referenceDirectory: URL {
        packageRoot.appendingPathComponent("Tests/OpenCanvasTests/References")
    }

    public static var outputDirectory: URL {
        packageRoot.appendingPathComponent("test-output")
    }

    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["OPENCANVAS_RECORD"] == "1"
    }

    /// Compares `image` with the reference `name`.png; throws a `Mismatch` describing
    /// the worst difference and where the images were written.
    public static func check(_ image: CGImage, named name: String, tolerance: Int = 2) throws {
        let referenceURL = referenceDirectory.appendingPathComponent("\(name).png")
        if isRecording {
            try FileManager.default.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
            try image.pngData()!.write(to: referenceURL)
            return
        }
        guard let data = try? Data(contentsOf: referenceURL) else {
            try writeOutputs(image, reference: nil, name: name)
            throw Mismatch(description: "no reference image \(referenceURL.path); the rendered image is in \(outputDirectory.path)/\(name)-actual.png (record with OPENCANVAS_RECORD=1)")
        }
        let reference = try PNGCodec.decode([UInt8](data))
        guard reference.width == image.width, reference.height == image.height else {
            try writeOutputs(image, reference: reference, name: name)
            throw Mismatch(description: "\(name): size \(image.width)×\(image.height) differs from the reference's \(reference.width)×\(reference.height)")
        }
        let actual = image.rgbaBytes()
        var worst = 0, worstAt = (0, 0), bad = 0
        for i in stride(from: 0, to: actual.count, by: 4) {
            let d = difference(actual, reference.rgba, at: i)
            if d > tolerance { bad += 1 }
            if d > worst {
                worst = d
                worstAt = ((i / 4) % image.width, (i / 4) / image.width)
            }
        }
        if bad > 0 {
            try writeOutputs(image, reference: reference, name: name, tolerance: tolerance)
            throw Mismatch(description: "\(name): \(bad) pixels differ by more than \(tolerance)/255 (worst \(worst) at \(worstAt)); see \(outputDirectory.path)/\(name)-actual.png and -diff.png")
        }
    }

    /// Compares `image` with `expected`, straight 8-bit RGBA of the same size, by
    /// `check`'s measure; on a mismatch writes `name`-actual, -reference and -diff
    /// PNGs to `outputDirectory` and throws. Returns the largest difference.
    @discardableResult
    public static func compare(_ image: CGImage, expected: [UInt8], named name: String, tolerance: Int = 2) throws -> Int {
        let actual = image.rgbaBytes()
        guard expected.count == actual.count else {
            try writeOutputs(image, reference: nil, name: name)
            throw Mismatch(description: "\(name): \(expected.count / 4) expected pixels for \(actual.count / 4)")
        }
        var worst = 0, worstAt = (0, 0)
        for i in stride(from: 0, to: actual.count, by: 4) {
            let d = difference(actual, expected, at: i)
            if d > worst {
                worst = d
                worstAt = ((i / 4) % image.width, (i / 4) / image.width)
            }
        }
        if worst > tolerance {
            try writeOutputs(image, reference: PNGCodec.Decoded(width: image.width, height: image.height, rgba: expected),
                             name: name, tolerance: tolerance)
            throw Mismatch(description: "\(name): pixels differ by up to \(worst)/255 at \(worstAt), more than \(tolerance); see \(outputDirectory.path)/\(name)-actual.png, -reference.png and -diff.png")
        }
        return worst
    }

    /// The largest difference of the premultiplied channels of pixel `i` (byte offset).
    static func difference(_ a: [UInt8], _ b: [UInt8], at i: Int) -> Int {
        let aa = Int(a[i + 3]), ba = Int(b[i + 3])
        var d = abs(aa - ba)
        for c in 0..<3 {
            let pa = (Int(a[i + c]) * aa + 127) / 255, pb = (Int(b[i + c]) * ba + 127) / 255
            d = max(d, abs(pa - pb))
        }
        return d
    }

    static func writeOutputs(_ image: CGImage, reference: PNGCodec.Decoded?, name: String, tolerance: Int = 2) throws {
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        try image.pngData()!.write(to: outputDirectory.appendingPathComponent("\(name)-actual.png"))
        guard let reference, reference.width == image.width, reference.height == image.height else { return }
        try Data(try PNGCodec.encode(rgba: reference.rgba, width: reference.width, height: reference.height))
            .write(to: outputDirectory.appendingPathComponent("\(name)-reference.png"))
        let actual = image.rgbaBytes()
        var diff = [UInt8](repeating: 255, count: actual.count)
        for i in stride(from: 0, to: actual.count, by: 4) {
            let d = difference(actual, reference.rgba, at: i)
            if d > tolerance {
                diff[i] = 255; diff[i + 1] = 0; diff[i + 2] = 0
            } else {
                let g = UInt8(255 - min(255, d * 60))
                diff[i] = g; diff[i + 1] = g; diff[i + 2] = g
            }
        }
        try Data(try PNGCodec.encode(rgba: diff, width: image.width, height: image.height))
            .write(to: outputDirectory.appendingPathComponent("\(name)-diff.png"))
    }
}

/// Renders a view headlessly at `scale` with `ImageRenderer`.
@MainActor
public func render<V: View>(_ view: V, scale: CGFloat = 1) -> CGImage? {
    let renderer = ImageRenderer(content: view)
    renderer.scale = scale
    return renderer.cgImage
}

/// Renders a canvas of `size` points at `scale`.
@MainActor
public func renderCanvas(width: CGFloat, height: CGFloat, scale: CGFloat = 1,
                         _ draw: @escaping (inout GraphicsContext, CGSize) -> Void) -> CGImage? {
    render(Canvas(renderer: draw).frame(width: width, height: height), scale: scale)
}

/// True when both images have the same size and pixels.
public func identical(_ a: CGImage?, _ b: CGImage?) -> Bool {
    guard let a, let b, a.width == b.width, a.height == b.height else { return a == nil && b == nil }
    return a.rgbaBytes() == b.rgbaBytes()
}

/// A colour from 8-bit sRGB components (CSS's `rgba(r, g, b, a)`).
public func css(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
    Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: a)
}

/// Whether pixel (x, y), read unpremultiplied as `getImageData` reads it, is within
/// `tolerance` of `expected` in every channel (WPT's `_assertPixelApprox`; a
/// tolerance of 0 is `_assertPixel`). Returns a description of the mismatch.
public func pixelMismatch(_ image: CGImage?, _ x: Int, _ y: Int, _ expected: (Int, Int, Int, Int),
                          tolerance: Int) -> String? {
    guard let image else { return "no image" }
    let p = image.pixel(x: x, y: y)
    let got = [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    let want = [expected.0, expected.1, expected.2, expected.3]
    let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 0
    return worst <= tolerance ? nil : "pixel \(x),\(y) is \(got), expected \(want) ± \(tolerance)"
}

/// Pixel (x, y) as unpremultiplied `[r, g, b, a]` (empty without an image).
public func rgbaAt(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] {
    guard let p = image?.pixel(x: x, y: y) else { return [] }
    return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
}

/// Whether two colours are within `tolerance` in every channel.
public func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// The bad-input tests' frame: a red square, then the bad calls, then a blue
/// ellipse, so that "the rest of the frame is drawn" is checked too.
@MainActor
public func badInputScene(_ bad: @escaping (inout GraphicsContext) -> Void) -> CGImage? {
    renderCanvas(width: 40, height: 30) { context, _ in
        context.fill(Path(CGRect(x: 2, y: 2, width: 10, height: 10)), with: .color(.red))
        bad(&context)
        context.fill(Path(ellipseIn: CGRect(x: 20, y: 5, width: 15, height: 20)), with: .color(.blue))
    }
}

/// How many diagnostics `body` counted (on this thread: not what tests running
/// meanwhile report).
public func diagnosticsCounted(_ body: () -> Void) -> Int {
    OpenCanvasDiagnostics.collecting(body).report.total
}
