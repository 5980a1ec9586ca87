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
    private let linearLevels = Locked<[Pixmap]>([])

    public init(_ base: Pixmap, encoded: EncodedImage? = nil) {
        self.base = base
        self.encoded = encoded
    }

    /// Level `n` (0 is the image itself; level n + 1 is level n halved, rounding up,
    /// each pixel the average of up to four).
    public func level(_ n: Int) -> Pixmap { nearestLevel(n).pixmap }

    /// Level `n` with each halving averaged in linear light (what a filter in linear
    /// light reads when it averages the image drawn small: black and white pixels
    /// average to 0.5 in linear light, 188 encoded, not to 128).
    public func linearLevel(_ n: Int) -> Pixmap { nearestLevel(n, linearLight: true).pixmap }

    /// Level `n`, or the deepest level below it that could be made, with its number:
    /// a halving that cannot get its memory leaves the chain where it is, and a
    /// caller that scales by 2^level must use the level it got, not the one it asked
    /// for (or the image would be drawn at half or a quarter of its size).
    public func nearestLevel(_ n: Int, linearLight: Bool = false) -> (pixmap: Pixmap, level: Int) {
        linearLight ? level(n, of: linearLevels, halve: ImageLevels.halveInLinearLight)
                    : level(n, of: levels, halve: ImageLevels.halve)
    }

    func level(_ n: Int, of chain: Locked<[Pixmap]>, halve: (Pixmap) -> Pixmap?) -> (pixmap: Pixmap, level: Int) {
        if n <= 0 { return (base, 0) }
        return chain.withLock { made in
            while made.count < n {
                let source = made.last ?? base
                guard source.width > 1 || source.height > 1, let half = halve(source) else { break }
                made.append(half)
            }
            let reached = min(n, made.count)
            return (reached == 0 ? base : made[reached - 1], reached)
        }
    }

    /// The number of levels a `width × height` image has (down to one pixel).
    public var levelCount: Int {
        var w = base.width, h = base.height, n = 1
        while w > 1 || h > 1 { w = (w + 1) / 2; h = (h + 1) / 2; n += 1 }
        return n
    }

    /// `p` halved as `halve` does, each pixel the average in linear light of up to
    /// four (premultiplied: colours weighted by their alpha).
    static func halveInLinearLight(_ p: Pixmap) -> Pixmap? {
        let w = (p.width + 1) / 2, h = (p.height + 1) / 2
        guard let out = try? Pixmap(width: w, height: h) else { return nil }
        ColorTransfer.decodeTable.withUnsafeBufferPointer { decode in
            ColorTransfer.encodeTable.withUnsafeBufferPointer { encode in
                for y in 0..<h {
                    let r0 = p.row(min(2 * y, p.height - 1)), r1 = p.row(min(2 * y + 1, p.height - 1))
                    let dst = out.row(y)
                    for x in 0..<w {
                        let x0 = min(2 * x, p.width - 1), x1 = min(2 * x + 1, p.width - 1)
                        // Each pixel's colour unpremultiplied, decoded, weighted by alpha.
                        var sum = SIMD4<Float>()
                        @inline(__always) func add(_ q: UInt32) {
                            let a = q >> 24
                            guard a > 0 else { return }
                            let alpha = Float(a) / 255
                            @inline(__always) func channel(_ v: UInt32) -> Float {
                                decode[Int(min(255, (v * 255 + a / 2) / a))] * alpha
                            }
                            sum += SIMD4(channel(q & 255), channel((q >> 8) & 255), channel((q >> 16) & 255), alpha)
                        }
                        add(r0[x0]); add(r0[x1]); add(r1[x0]); add(r1[x1])
                        let mean = sum / 4
                        guard mean.w > 0 else { dst[x] = 0; continue }
                        let a8 = UInt32((mean.w * 255).rounded())
                        @inline(__always) func encoded(_ v: Float) -> UInt32 {
                            let e = UInt32(ColorTransfer.encode8(v / mean.w, encode.baseAddress!))
                            return (e * a8 + 127) / 255
                        }
                        dst[x] = encoded(mean.x) | encoded(mean.y) << 8 | encoded(mean.z) << 16 | a8 << 24
                    }
                }
            }
        }
        return out
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
