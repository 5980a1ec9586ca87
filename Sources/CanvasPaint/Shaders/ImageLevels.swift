import CanvasGeometry

/// An image and its successively halved versions (a mip chain), made on demand and
/// kept: drawing an image much smaller than its pixels samples a level near the
/// drawn size, so that the result is an average of the covered pixels rather than
/// a sparse sample of them.
public final class ImageLevels: @unchecked Sendable {
    public let base: Pixmap
    /// The file the pixels were decoded from, when they are exactly its pixels
    /// (vector output embeds a JPEG file as it is instead of re-encoding it).
    public let encoded: EncodedImage?
    private let levels = Locked<[Pixmap]>([])

    public init(_ base: Pixmap, encoded: EncodedImage? = nil) {
        self.base = base
        self.encoded = encoded
    }

    /// Level `n` (0 is the image itself; level n + 1 is level n halved, rounding up,
    /// each pixel the average of up to four).
    public func level(_ n: Int) -> Pixmap {
        if n <= 0 { return base }
        return levels.withLock { made in
            while made.count < n {
                let source = made.last ?? base
                guard source.width > 1 || source.height > 1,
                      let half = ImageLevels.halve(source) else { break }
                made.append(half)
            }
            return made.isEmpty ? base : made[min(n, made.count) - 1]
        }
    }

    /// The number of levels a `width × height` image has (down to one pixel).
    public var levelCount: Int {
        var w = base.width, h = base.height, n = 1
        while w > 1 || h > 1 { w = (w + 1) / 2; h = (h + 1) / 2; n += 1 }
        return n
    }

    static func halve(_ p: Pixmap) -> Pixmap? {
        let w = (p.width + 1) / 2, h = (p.height + 1) / 2
        guard let out = try? Pixmap(width: w, height: h) else { return nil }
        for y in 0..<h {
            let r0 = p.row(min(2 * y, p.height - 1)), r1 = p.row(min(2 * y + 1, p.height - 1))
            let dst = out.row(y)
            for x in 0..<w {
                let x0 = min(2 * x, p.width - 1), x1 = min(2 * x + 1, p.width - 1)
                @inline(__always) func channels(_ q: UInt32) -> SIMD4<UInt32> {
                    SIMD4(q & 255, (q >> 8) & 255, (q >> 16) & 255, q >> 24)
                }
                var sum = channels(r0[x0]) &+ channels(r0[x1]) &+ channels(r1[x0]) &+ channels(r1[x1])
                sum = (sum &+ 2) / 4
                dst[x] = sum.x | sum.y << 8 | sum.z << 16 | sum.w << 24
            }
        }
        return out
    }
}

/// An image file kept beside its decoded pixels.
public struct EncodedImage: Sendable {
    public enum Format: Sendable, Equatable { case jpeg }
    public let format: Format
    public let bytes: [UInt8]
    public init(format: Format, bytes: [UInt8]) { self.format = format; self.bytes = bytes }
}
