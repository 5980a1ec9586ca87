import CPNG

/// PNG encoding and decoding through libpng's simplified API, which reports errors
/// as return values (no `setjmp` crosses into Swift).
public enum PNGCodec {
    public enum Error: Swift.Error, CustomStringConvertible {
        case invalidSize
        case libpng(String)
        case tooLarge(width: Int, height: Int)

        public var description: String {
            switch self {
            case .invalidSize: return "the image size is not valid"
            case .libpng(let message): return "libpng: \(message)"
            case .tooLarge(let w, let h): return "a \(w) × \(h) PNG exceeds the decoder's limits"
            }
        }
    }

    /// Limits checked before any pixel memory is allocated.
    public static let maxDimension = 1_000_000
    public static let maxPixelCount = 16384 * 16384

    /// Encodes straight (unpremultiplied) 8-bit RGBA rows as a PNG file.
    public static func encode(rgba: [UInt8], width: Int, height: Int) throws(Error) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max),
              rgba.count == width * height * 4 else { throw .invalidSize }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLOR)
        var size: png_alloc_size_t = 0
        let stride = png_int_32(width * 4)
        // First call measures, second writes.
        let measured = rgba.withUnsafeBytes { px in
            png_image_write_to_memory(&image, nil, &size, 0, px.baseAddress, stride, nil)
        }
        guard measured != 0 else { throw .libpng(message(of: image)) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { px in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, px.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw .libpng(message(of: image)) }
        png_image_free(&image)
        out.removeSubrange(Int(size)...)
        return out
    }

    /// A decoded image: straight 8-bit RGBA rows.
    public struct Decoded: Sendable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            self.width = width; self.height = height; self.rgba = rgba
        }
    }

    /// Decodes a PNG file into straight 8-bit RGBA, refusing sizes over the limits
    /// before allocating.
    public static func decode(_ data: [UInt8]) throws(Error) -> Decoded {
        // libpng reads from the buffer until `finish`, so both calls stay inside one
        // access to it.
        let result: Result<Decoded, Error> = data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(.libpng(message(of: image)))
            }
            let w = Int(image.width), h = Int(image.height)
            guard w > 0, h > 0, w <= maxDimension, h <= maxDimension, w * h <= maxPixelCount else {
                png_image_free(&image)
                return .failure(.tooLarge(width: w, height: h))
            }
            image.format = png_uint_32(PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLOR)
            var out = [UInt8](repeating: 0, count: w * h * 4)
            let finished = out.withUnsafeMutableBytes { dst in
                png_image_finish_read(&image, nil, dst.baseAddress, png_int_32(w * 4), nil)
            }
            guard finished != 0 else { return .failure(.libpng(message(of: image))) }
            return .success(Decoded(width: w, height: h, rgba: out))
        }
        return try result.get()
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
