import Foundation
import CanvasCodecs
import CanvasGeometry
import CanvasPaint

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// A bitmap image: what `ImageRenderer.cgImage` returns. On Linux this is
/// OpenCanvas's own type with Core Graphics' name: 8 bits per component, RGBA,
/// premultiplied alpha, sRGB.
public final class CGImage: @unchecked Sendable {
    /// The image's width in pixels.
    public let width: Int
    /// The image's height in pixels.
    public let height: Int
    /// The bits per colour component: always 8.
    public var bitsPerComponent: Int { 8 }
    /// The bits per pixel: always 32 (RGBA).
    public var bitsPerPixel: Int { 32 }
    /// The bytes per row: `width` × 4 (rows are not padded).
    public var bytesPerRow: Int { width * 4 }

    /// Premultiplied RGBA bytes, row after row.
    package private(set) var premultiplied: [UInt8]
    /// For a frame rendered by a host: the value its pixels were cleared to and the
    /// rows its drawing may have changed (every other row holds that value), so the
    /// next frame can reuse its memory and clear only those rows.
    package var frameRows: (clear: UInt32, drawn: Range<Int>)?

    /// Gives the bytes to a new frame of the same size, leaving this image empty:
    /// only for an image nothing else refers to (the host checks).
    package func surrenderBytes() -> [UInt8] {
        pixmaps.withLock { $0.removeAll() }
        var bytes: [UInt8] = []
        swap(&bytes, &premultiplied)
        return bytes
    }
    /// Takes back bytes of this image's size after they were surrendered (the frame
    /// drawn into them), so that the image object serves the new frame too.
    package func restock(_ bytes: [UInt8]) {
        pixmaps.withLock { $0.removeAll() }
        premultiplied = bytes
    }
    /// The pixels as engine pixmaps (with halved levels), per orientation, made when
    /// first drawn.
    let pixmaps = Locked<[Image.Orientation: ImageLevels]>([:])
    /// The JPEG file the pixels were decoded from (PDF output embeds it as it is).
    package var jpegSource: [UInt8]?

    package init(width: Int, height: Int, premultiplied: [UInt8]) {
        self.width = width
        self.height = height
        self.premultiplied = premultiplied
    }

    /// The colour of one pixel as unpremultiplied 8-bit sRGB components. A pixel
    /// outside the image reads as transparent black.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, x < width, y >= 0, y < height else { return (0, 0, 0, 0) }
        let i = (y * width + x) * 4
        let a = premultiplied[i + 3]
        if a == 0 { return (0, 0, 0, 0) }
        if a == 255 { return (premultiplied[i], premultiplied[i + 1], premultiplied[i + 2], 255) }
        func un(_ v: UInt8) -> UInt8 { UInt8(min(255, (UInt32(v) * 255 + UInt32(a) / 2) / UInt32(a))) }
        return (un(premultiplied[i]), un(premultiplied[i + 1]), un(premultiplied[i + 2]), a)
    }

    /// The premultiplied colour of one pixel, as stored.
    public func premultipliedPixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, x < width, y >= 0, y < height else { return (0, 0, 0, 0) }
        let i = (y * width + x) * 4
        return (premultiplied[i], premultiplied[i + 1], premultiplied[i + 2], premultiplied[i + 3])
    }

    /// Straight (unpremultiplied) RGBA bytes, row after row.
    public func rgbaBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                let i = (y * width + x) * 4
                out[i] = p.red; out[i + 1] = p.green; out[i + 2] = p.blue; out[i + 3] = p.alpha
            }
        }
        return out
    }

    /// The image encoded as a PNG file (8-bit RGBA, sRGB), or `nil` if encoding fails.
    public func pngData() -> Data? {
        do {
            return Data(try PNGCodec.encode(rgba: rgbaBytes(), width: width, height: height))
        } catch {
            Diagnostics.report(.codecError)
            return nil
        }
    }
}
#endif

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// Bytes for `CGImage`'s decoding initializers (Core Graphics' name; on Linux it
/// takes `Data` and file URLs).
public final class CGDataProvider: @unchecked Sendable {
    let data: Data

    /// A provider of `data`'s bytes.
    public init(data: Data) { self.data = data }

    /// The contents of a file, or `nil` if it cannot be read.
    public init?(url: URL) {
        guard let d = try? Data(contentsOf: url) else { return nil }
        data = d
    }
}

/// How colours outside a destination's gamut are mapped (Core Graphics' intents;
/// OpenCanvas accepts them and ignores them).
public enum CGColorRenderingIntent: Int32, Sendable {
    /// `defaultIntent` leaves the choice to the context; `absoluteColorimetric` keeps
    /// colours in gamut exact; `relativeColorimetric` does too, after matching the white
    /// points; `perceptual` keeps the relations between colours; `saturation` keeps their
    /// vividness.
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

extension CGImage {
    /// Decodes a PNG file (through libpng, with size limits checked before
    /// allocating); `nil` for data that is not a valid PNG.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let decoded = try? PNGCodec.decode([UInt8](source.data)) else {
            Diagnostics.report(.codecError)
            return nil
        }
        self.init(decoded)
    }

    /// Decodes a JPEG file (through libjpeg-turbo, with size limits checked before
    /// allocating); `nil` for data that is not a valid JPEG.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        let bytes = [UInt8](source.data)
        guard let decoded = try? JPEGCodec.decode(bytes) else {
            Diagnostics.report(.codecError)
            return nil
        }
        self.init(decoded)
        jpegSource = bytes
    }

    /// Straight RGBA → premultiplied storage.
    convenience init(_ d: PNGCodec.Decoded) {
        var bytes = d.rgba
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = UInt32(bytes[i + 3])
            if a == 255 { continue }
            for c in 0..<3 { bytes[i + c] = UInt8((UInt32(bytes[i + c]) * a + 127) / 255) }
        }
        self.init(width: d.width, height: d.height, premultiplied: bytes)
    }

    /// The image encoded as a JPEG file at `quality` (0…1), or `nil` if encoding
    /// fails. (Alpha is dropped: JPEG has none.)
    public func jpegData(quality: Double = 0.9) -> Data? {
        let q = Int((quality.isFinite ? min(max(quality, 0), 1) : 0.9) * 100)
        guard let bytes = try? JPEGCodec.encode(rgba: rgbaBytes(), width: width, height: height, quality: max(1, q)) else {
            Diagnostics.report(.codecError)
            return nil
        }
        return Data(bytes)
    }
}
#endif
