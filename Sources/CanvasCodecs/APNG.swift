/// Animated PNG (APNG): frames encoded as PNG image data, wrapped in the animation
/// chunks (`acTL`, `fcTL`, `fdAT`) of the APNG specification. Written and read
/// here on top of `PNGCodec` (Debian's libpng has no APNG support).
public enum APNG {
    public enum Error: Swift.Error, CustomStringConvertible {
        case noFrames
        case sizeMismatch
        case malformed(String)
        case png(PNGCodec.Error)

        public var description: String {
            switch self {
            case .noFrames: return "an animation needs at least one frame"
            case .sizeMismatch: return "every frame must have the first frame's size"
            case .malformed(let why): return "malformed APNG: \(why)"
            case .png(let e): return e.description
            }
        }
    }

    /// Encodes frames of straight (unpremultiplied) RGBA pixels, each shown for
    /// `delay` seconds (as a fraction `delayNumerator / delayDenominator`), looping
    /// `loops` times (0: forever).
    public static func encode(frames: [[UInt8]], width: Int, height: Int, delayNumerator: UInt16,
                              delayDenominator: UInt16, loops: UInt32 = 0) throws(Error) -> [UInt8] {
        guard !frames.isEmpty else { throw .noFrames }
        guard frames.allSatisfy({ $0.count == width * height * 4 }) else { throw .sizeMismatch }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let png: [UInt8]
            do { png = try PNGCodec.encode(rgba: frame, width: width, height: height) } catch { throw .png(error) }
            let chunks = try parse(png)
            if index == 0 {
                guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else { throw .malformed("no IHDR") }
                append(chunk: "IHDR", ihdr.data, to: &out)
                append(chunk: "acTL", be32(UInt32(frames.count)) + be32(loops), to: &out)
            }
            var fctl = be32(sequence) + be32(UInt32(width)) + be32(UInt32(height)) + be32(0) + be32(0)
            fctl += be16(delayNumerator) + be16(delayDenominator) + [0, 0]   // dispose none, blend source
            append(chunk: "fcTL", fctl, to: &out)
            sequence += 1
            for idat in chunks where idat.type == "IDAT" {
                if index == 0 {
                    append(chunk: "IDAT", idat.data, to: &out)
                } else {
                    append(chunk: "fdAT", be32(sequence) + idat.data, to: &out)
                    sequence += 1
                }
            }
        }
        append(chunk: "IEND", [], to: &out)
        return out
    }

    /// A decoded animation: its frames (straight RGBA, each the full canvas) and
    /// delays in seconds.
    public struct Decoded: Sendable {
        public var width: Int
        public var height: Int
        public var frames: [[UInt8]]
        public var delays: [Double]
        public var loops: UInt32
    }

    /// Decodes an APNG whose frames each cover the whole image (as `encode` writes
    /// them): every frame through `PNGCodec`, with the limits it checks.
    public static func decode(_ bytes: [UInt8]) throws(Error) -> Decoded {
        let chunks = try parse(bytes)
        guard let ihdr = chunks.first(where: { $0.type == "IHDR" }), ihdr.data.count == 13 else {
            throw .malformed("no IHDR")
        }
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8 else {
            throw .malformed("no acTL: not animated")
        }
        let width = Int(u32(ihdr.data, 0)), height = Int(u32(ihdr.data, 4))
        var frames: [[UInt8]] = [], delays: [Double] = []
        var current: [UInt8]? = nil
        func finish() throws(Error) {
            guard let data = current else { return }
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            append(chunk: "IHDR", ihdr.data, to: &png)
            append(chunk: "IDAT", data, to: &png)
            append(chunk: "IEND", [], to: &png)
            do {
                let decoded = try PNGCodec.decode(png)
                guard decoded.width == width, decoded.height == height else { throw Error.malformed("partial frames") }
                frames.append(decoded.rgba)
            } catch let e as PNGCodec.Error {
                throw .png(e)
            } catch {
                throw .malformed("partial frames")
            }
            current = nil
        }
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                try finish()
                guard chunk.data.count == 26 else { throw .malformed("short fcTL") }
                guard Int(u32(chunk.data, 4)) == width, Int(u32(chunk.data, 8)) == height,
                      u32(chunk.data, 12) == 0, u32(chunk.data, 16) == 0 else { throw .malformed("partial frames") }
                let num = Double(u16(chunk.data, 20)), den = Double(u16(chunk.data, 22))
                delays.append(num / (den == 0 ? 100 : den))
                current = []
            case "IDAT":
                if current != nil { current! += chunk.data }
            case "fdAT":
                guard chunk.data.count >= 4 else { throw .malformed("short fdAT") }
                if current != nil { current! += chunk.data[4...] }
            default:
                break
            }
        }
        try finish()
        guard !frames.isEmpty, frames.count == delays.count else { throw .malformed("no frames") }
        return Decoded(width: width, height: height, frames: frames, delays: delays, loops: u32(actl.data, 4))
    }

    // MARK: Chunks

    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    static func parse(_ bytes: [UInt8]) throws(Error) -> [Chunk] {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .malformed("not a PNG")
        }
        var chunks: [Chunk] = []
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(u32(bytes, i))
            guard length <= bytes.count - i - 12 else { throw .malformed("chunk past the end") }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(bytes[(i + 8)..<(i + 8 + length)])
            guard crc32(Array(bytes[(i + 4)..<(i + 8 + length)])) == u32(bytes, i + 8 + length) else {
                throw .malformed("bad CRC in \(type)")
            }
            chunks.append(Chunk(type: type, data: data))
            i += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }

    static func append(chunk type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += be32(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += be32(crc32(body))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }

    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
