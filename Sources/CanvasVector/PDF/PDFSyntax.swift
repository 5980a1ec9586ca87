import CZlib

/// Bytes being written in PDF's syntax: numbers without exponents, names with
/// their escapes, strings as UTF-16 when they need it, and Flate compression.
struct PDFBytes {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func append(_ data: [UInt8]) { bytes.append(contentsOf: data) }
    mutating func append(_ data: ArraySlice<UInt8>) { bytes.append(contentsOf: data) }

    /// A number followed by a space.
    mutating func number(_ value: Double) {
        PDFSyntax.appendNumber(value, to: &bytes)
        bytes.append(0x20)
    }

    /// Numbers, each followed by a space.
    mutating func numbers(_ values: Double...) {
        for v in values { number(v) }
    }

    /// An operator and a line break.
    mutating func op(_ name: String) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x0A)
    }
}

enum PDFSyntax {
    /// Writes `value` as a PDF real: at most six decimal places, no exponent, no
    /// trailing zeros. Non-finite values (which the display list should not hold)
    /// are written as 0, and magnitudes are capped at 10⁹, beyond which a reader's
    /// arithmetic is meaningless anyway.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { return out.append(0x30) }
        let v = min(max(value, -1e9), 1e9)
        // Micro-units as an integer: exact for every value in range (< 2⁵³).
        var micro = Int64((v * 1_000_000).rounded())
        if micro == 0 { return out.append(0x30) }
        if micro < 0 { out.append(0x2D); micro = -micro }
        let whole = micro / 1_000_000
        var fraction = micro % 1_000_000
        appendInteger(whole, to: &out)
        guard fraction != 0 else { return }
        var digits = 6
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        out.append(0x2E)
        // Digits are written last first, then turned around in place (a scratch
        // array per number was a heap allocation per coordinate of a path).
        let start = out.count
        for _ in 0..<digits { out.append(UInt8(0x30 + fraction % 10)); fraction /= 10 }
        reverseTail(&out, from: start)
    }

    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value == 0 { return out.append(0x30) }
        if value < 0 { out.append(0x2D) }
        var n = value.magnitude
        let start = out.count
        while n > 0 { out.append(UInt8(0x30 + n % 10)); n /= 10 }
        reverseTail(&out, from: start)
    }

    /// Reverses `out[start...]` in place (through a slice, the bytes were copied).
    private static func reverseTail(_ out: inout [UInt8], from start: Int) {
        var i = start, j = out.count - 1
        while i < j {
            out.swapAt(i, j)
            i += 1
            j -= 1
        }
    }

    static func number(_ value: Double) -> String {
        var out: [UInt8] = []
        appendNumber(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A name object (`/Name`), with the characters PDF does not allow in names
    /// written as `#xx` escapes.
    static func name(_ text: String) -> String {
        var out = "/"
        for byte in text.utf8 {
            let regular = byte > 0x20 && byte < 0x7F && !"()<>[]{}/%#".utf8.contains(byte)
            if regular { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += "#" + hex(byte) }
        }
        return out
    }

    /// A text string: a literal string when it is printable ASCII, else UTF-16BE
    /// with a byte-order mark, in hex.
    static func textString(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var out = "("
            for scalar in text.unicodeScalars {
                switch scalar {
                case "(", ")", "\\": out += "\\" + String(scalar)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + ")"
        }
        var out = "<FEFF"
        for unit in text.utf16 { out += hex(UInt8(unit >> 8)) + hex(UInt8(unit & 0xFF)) }
        return out + ">"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map(hex).joined() }

    /// zlib (Flate) compression of `data`; `nil` if zlib fails (then the stream is
    /// written uncompressed).
    static func deflate(_ data: [UInt8]) -> [UInt8]? {
        guard !data.isEmpty else { return [] }
        var bound = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(bound))
        let status = data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                compress2(dst.baseAddress, &bound, src.baseAddress, uLong(data.count), 6)
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(bound)...)
        return out
    }
}
