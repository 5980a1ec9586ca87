import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// Where a bitmap's alpha is and whether colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha; alpha premultiplied into the colour, last or first; straight alpha, last
    /// or first; a byte that is skipped, last or first; alpha alone. Bitmap contexts take
    /// `premultipliedLast`, `premultipliedFirst`, `noneSkipLast` and `noneSkipFirst`.
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// A bitmap's layout: alpha info in the low bits, byte order above.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// Little-endian 32-bit pixels: the bytes in memory in the reverse of the order the
    /// alpha info names.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// Big-endian 32-bit pixels: the bytes in memory in the order the alpha info names.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// The default byte order (big-endian, for bitmap contexts).
    public static let byteOrderDefault: CGBitmapInfo = []
}

/// The pixels of a bitmap context: drawing is recorded, then rendered into them
/// (and written to the caller's buffer, in its layout) at `flush()` and
/// `makeImage()`.
final class BitmapTarget {
    let pixmap: Pixmap
    let data: UnsafeMutableRawPointer?
    let bytesPerRow: Int
    /// Byte offsets of red, green, blue and alpha in a pixel of the caller's layout;
    /// alpha `nil` for layouts that skip it (written opaque).
    let order: (r: Int, g: Int, b: Int, a: Int?)
    let recorder = GraphicsContext.Recorder()
    let renderer = Renderer()
    var rendered = 0

    init(pixmap: Pixmap, data: UnsafeMutableRawPointer?, bytesPerRow: Int, order: (Int, Int, Int, Int?)) {
        self.pixmap = pixmap
        self.data = data
        self.bytesPerRow = bytesPerRow
        self.order = order
    }

    /// Renders what was drawn since the last flush and writes the caller's buffer.
    func flush() {
        let count = recorder.list.items.count
        if count > rendered {
            renderer.render(recorder.list, into: pixmap, device: .identity, range: rendered..<count)
            rendered = count
        }
        guard let data else { return }
        let src = UnsafeMutableRawPointer(pixmap.pixels).assumingMemoryBound(to: UInt8.self)
        for y in 0..<pixmap.height {
            let row = data.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<pixmap.width {
                let p = src.advanced(by: (y * pixmap.width + x) * 4)
                let q = row.advanced(by: x * 4)
                q[order.r] = p[0]; q[order.g] = p[1]; q[order.b] = p[2]
                // A skipped alpha byte is the one no colour uses: written opaque.
                q[order.a ?? (6 - order.r - order.g - order.b)] = order.a == nil ? 255 : p[3]
            }
        }
    }
}

extension CGContext {
    /// A bitmap context (8 bits per component, RGB with alpha or a skipped byte, in
    /// either byte order). Core Graphics' y-up space: the origin at the bottom left.
    /// With `data`, its pixels are the initial picture and receive the drawing at
    /// `flush()` and `makeImage()`; without, the context keeps its own. `nil` for an
    /// impossible size, a buffer row too short, or a layout other than these.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard width > 0, height > 0, width <= 16384, height <= 16384, bitsPerComponent == 8, space.model == .rgb else {
            Diagnostics.report(.invalidSize, "OpenCanvas: unsupported or impossible bitmap context")
            return nil
        }
        let stride = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard stride >= width * 4 else { return nil }
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
        let little = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue
        // Byte offsets in memory: "last"/"first" name the alpha's place in the
        // 32-bit word; little-endian words reverse the bytes.
        let order: (Int, Int, Int, Int?)
        switch (alpha, little) {
        case (.premultipliedLast, false): order = (0, 1, 2, 3)
        case (.noneSkipLast, false): order = (0, 1, 2, nil)
        case (.premultipliedFirst, false): order = (1, 2, 3, 0)
        case (.noneSkipFirst, false): order = (1, 2, 3, nil)
        case (.premultipliedLast, true): order = (3, 2, 1, 0)
        case (.noneSkipLast, true): order = (3, 2, 1, nil)
        case (.premultipliedFirst, true): order = (2, 1, 0, 3)
        case (.noneSkipFirst, true): order = (2, 1, 0, nil)
        default:
            Diagnostics.report(.invalidValue, "OpenCanvas: unsupported bitmap layout \(bitmapInfo)")
            return nil
        }
        guard let pixmap = try? Pixmap(width: width, height: height) else { return nil }
        if let data {
            // The caller's pixels are the starting picture.
            let dst = UnsafeMutableRawPointer(pixmap.pixels).assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                let row = data.advanced(by: y * stride).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let q = row.advanced(by: x * 4), p = dst.advanced(by: (y * width + x) * 4)
                    p[0] = q[order.0]; p[1] = q[order.1]; p[2] = q[order.2]
                    p[3] = order.3.map { q[$0] } ?? 255
                }
            }
        }
        let target = BitmapTarget(pixmap: pixmap, data: data, bytesPerRow: stride, order: order)
        let graphics = GraphicsContext(recorder: target.recorder, base: .identity,
                                       size: CGSize(width: width, height: height), environment: EnvironmentValues())
        // Core Graphics' space: y up from the bottom-left corner.
        self.init(target: graphics, base: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
        self.bitmap = target
    }

    /// The bitmap's width in pixels (0 for a context that is not a bitmap context).
    public var width: Int { bitmap?.pixmap.width ?? 0 }
    /// The bitmap's height in pixels (0 for a context that is not a bitmap context).
    public var height: Int { bitmap?.pixmap.height ?? 0 }

    /// Renders the drawing so far into the bitmap (and the caller's buffer).
    public func flush() { bitmap?.flush() }

    /// The bitmap's current picture as an image (`nil` for a context that is not a
    /// bitmap context).
    public func makeImage() -> CGImage? {
        guard let bitmap else { return nil }
        bitmap.flush()
        let p = bitmap.pixmap
        var bytes = [UInt8](repeating: 0, count: p.width * p.height * 4)
        bytes.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: p.pixels, byteCount: $0.count) }
        return CGImage(width: p.width, height: p.height, premultiplied: bytes)
    }
}
#endif
