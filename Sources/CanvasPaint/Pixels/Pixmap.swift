import CanvasGeometry
import CanvasRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A rectangle of 32-bit premultiplied pixels, bytes in memory R, G, B, A (so the
/// little-endian `UInt32` is `A << 24 | B << 16 | G << 8 | R`), colour values
/// sRGB-encoded. Rows are `width` pixels apart. Owns its memory, or borrows a
/// caller's for the length of a closure (`withBorrowedMemory`).
///
/// Guarantees: `width` and `height` are at least 1, and `width · height` is at most
/// `Pixmap.maxPixelCount`.
public final class Pixmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    private let ownsMemory: Bool

    /// 16384 × 16384 pixels (1 GiB): larger surfaces are refused, not attempted.
    public static let maxPixelCount = 16384 * 16384

    /// Why a pixmap could not be made.
    public enum SizeError: Error, Equatable, CustomStringConvertible {
        case notPositive(width: Int, height: Int)
        case tooLarge(width: Int, height: Int)
        case outOfMemory(width: Int, height: Int)

        public var description: String {
            switch self {
            case .notPositive(let w, let h): return "a \(w) × \(h) pixel image has no pixels"
            case .tooLarge(let w, let h):
                return "a \(w) × \(h) pixel image exceeds the limit of 16384 × 16384 pixels"
            case .outOfMemory(let w, let h): return "memory for a \(w) × \(h) pixel image could not be allocated"
            }
        }
    }

    /// Checks a size without allocating.
    public static func validate(width: Int, height: Int) -> SizeError? {
        guard width > 0, height > 0 else { return .notPositive(width: width, height: height) }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= maxPixelCount else { return .tooLarge(width: width, height: height) }
        return nil
    }

    /// A transparent pixmap, or an error for an impossible size (never a trap).
    public init(width: Int, height: Int) throws(SizeError) {
        if let error = Pixmap.validate(width: width, height: height) { throw error }
        // calloc: zeroed pages arrive lazily, and failure is a nil, not a crash.
        guard let raw = calloc(width * height, 4) else { throw .outOfMemory(width: width, height: height) }
        self.width = width
        self.height = height
        self.pixels = raw.bindMemory(to: UInt32.self, capacity: width * height)
        self.ownsMemory = true
    }

    private init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.ownsMemory = false
    }

    /// Runs `body` with a pixmap over the caller's zeroed `width × height × 4`
    /// bytes (rendering straight into an image's storage: no second frame and no
    /// copy). The pixmap must not outlive `body`; an impossible size throws.
    public static func withBorrowedMemory<R>(_ bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int,
                                             _ body: (Pixmap) throws -> R) throws -> R {
        if let error = validate(width: width, height: height) { throw error }
        guard let base = bytes.baseAddress, bytes.count >= width * height * 4 else {
            throw SizeError.outOfMemory(width: width, height: height)
        }
        let pixmap = Pixmap(borrowing: base.bindMemory(to: UInt32.self, capacity: width * height),
                            width: width, height: height)
        return try body(pixmap)
    }

    /// The same, with `wrapper` kept by the caller between calls: when it already
    /// borrows these bytes at this size it is used again (no allocation for a frame
    /// drawn into the last frame's memory), else it is replaced. A borrowed pixmap
    /// is only the pointer and the size; the caller keeps it but draws with it only
    /// inside `body`.
    public static func withBorrowedMemory<R>(_ bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int,
                                             wrapper: inout Pixmap?, _ body: (Pixmap) throws -> R) throws -> R {
        if let error = validate(width: width, height: height) { throw error }
        guard let base = bytes.baseAddress, bytes.count >= width * height * 4 else {
            throw SizeError.outOfMemory(width: width, height: height)
        }
        let pixels = base.bindMemory(to: UInt32.self, capacity: width * height)
        if let kept = wrapper, !kept.ownsMemory, kept.pixels == pixels, kept.width == width, kept.height == height {
            return try body(kept)
        }
        let pixmap = Pixmap(borrowing: pixels, width: width, height: height)
        wrapper = pixmap
        return try body(pixmap)
    }

    deinit { if ownsMemory { free(pixels) } }

    public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * width }

    /// The pixel at `(x, y)`; transparent outside. (Inlinable: filters read planes
    /// through it per pixel.)
    @inlinable
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return pixels[y * width + x]
    }

    public func clear(to value: UInt32 = 0) {
        if value == 0 {
            memset(pixels, 0, width * height * 4)
        } else {
            pixels.update(repeating: value, count: width * height)
        }
    }

    /// The pixels as unpremultiplied 8-bit RGBA bytes, row after row.
    public func unpremultipliedRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for i in 0..<(width * height) {
                let c = PremultipliedColor(packed: pixels[i]).unpremultiplied
                dst[4 * i] = c.r; dst[4 * i + 1] = c.g; dst[4 * i + 2] = c.b; dst[4 * i + 3] = c.a
            }
        }
        return out
    }
}
