import CJPEG

/// JPEG decoding and encoding through libjpeg-turbo (errors are caught in C; see
/// `CJPEG.h`). Decoded images are straight 8-bit RGBA with alpha 255.
public enum JPEGCodec {
    public enum Error: Swift.Error, CustomStringConvertible {
        case invalidSize
        case libjpeg(String)
        case tooLarge(width: Int, height: Int)

        public var description: String {
            switch self {
            case .invalidSize: return "the image size is not valid"
            case .libjpeg(let message): return "libjpeg: \(message.isEmpty ? "unreadable data" : message)"
            case .tooLarge(let w, let h): return "a \(w) × \(h) JPEG exceeds the decoder's limits"
            }
        }
    }

    /// Decodes a JPEG file, refusing sizes over the limits (the PNG decoder's), or
    /// more pixels than the file's bytes can code, before allocating. A file that ends
    /// early keeps the rows it had; the rest are transparent.
    public static func decode(_ data: [UInt8]) throws(Error) -> PNGCodec.Decoded {
        var message = [CChar](repeating: 0, count: 200)
        var w: UInt32 = 0, h: UInt32 = 0
        let sized = data.withUnsafeBufferPointer { d in
            message.withUnsafeMutableBufferPointer { oc_jpeg_size(d.baseAddress, d.count, &w, &h, $0.baseAddress) }
        }
        guard sized == 0 else { throw .libjpeg(text(message)) }
        let width = Int(w), height = Int(h)
        guard width > 0, height > 0, width <= PNGCodec.maxDimension, height <= PNGCodec.maxDimension,
              width * height <= PNGCodec.maxPixelCount else { throw .tooLarge(width: width, height: height) }
        // A JPEG codes every 8 × 8 block of every component in at least a bit or two
        // (512 pixels a byte at the very most, for a flat grey image): a file claiming
        // more than 2,048 pixels per byte it has cannot hold its image, and is refused
        // before its pixels are allocated (a 503-byte file claiming 150 megapixels took
        // seconds and 600 MB; found by the image-decode fuzz target).
        guard width * height <= max(data.count, 64) * 2048 else { throw .tooLarge(width: width, height: height) }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let status = data.withUnsafeBufferPointer { d in
            rgba.withUnsafeMutableBufferPointer { out in
                message.withUnsafeMutableBufferPointer {
                    oc_jpeg_decode(d.baseAddress, d.count, UInt32(PNGCodec.maxDimension), UInt64(PNGCodec.maxPixelCount),
                                   out.baseAddress, w, h, $0.baseAddress)
                }
            }
        }
        switch status {
        case 0: return PNGCodec.Decoded(width: width, height: height, rgba: rgba)
        case 2: throw .tooLarge(width: width, height: height)
        default: throw .libjpeg(text(message))
        }
    }

    /// Encodes straight RGBA rows (alpha ignored) at `quality` (1…100).
    public static func encode(rgba: [UInt8], width: Int, height: Int, quality: Int = 90) throws(Error) -> [UInt8] {
        guard width > 0, height > 0, width <= 65500, height <= 65500, rgba.count == width * height * 4 else {
            throw .invalidSize
        }
        var message = [CChar](repeating: 0, count: 200)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgba.withUnsafeBufferPointer { px in
            message.withUnsafeMutableBufferPointer {
                oc_jpeg_encode(px.baseAddress, UInt32(width), UInt32(height), Int32(quality), &out, &size, $0.baseAddress)
            }
        }
        defer { oc_jpeg_free(out) }
        guard status == 0, let out else { throw .libjpeg(text(message)) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
