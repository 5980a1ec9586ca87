import CUnicode

/// ICU's bidirectional algorithm, line and grapheme breaks and scripts (through the
/// CUnicode wrapper), over UTF-16 text.
enum UnicodeSupport {
    /// Embedding-level runs (start offset within `text`, level) and the paragraph's
    /// level. Text with nothing right-to-left in it skips ICU.
    static func bidiRuns(_ text: UnsafeBufferPointer<UInt16>) -> (runs: [(start: Int, level: UInt8)], paragraph: UInt8) {
        // U+0590 is where the right-to-left blocks start; below it (and outside the
        // surrogates, which can encode RTL scripts beyond the BMP) all is LTR.
        let mayBeRTL = text.contains { $0 >= 0x590 && !(0xE000..<0xFB1D).contains($0) || (0xD800..<0xDC00).contains($0) }
        guard mayBeRTL, let base = text.baseAddress, text.count < Int(Int32.max) else { return ([(0, 0)], 0) }
        let capacity = text.count + 1
        var starts = [Int32](repeating: 0, count: capacity)
        var levels = [UInt8](repeating: 0, count: capacity)
        var paragraph: UInt8 = 0
        let n = oc_bidi_runs(base, Int32(text.count), -1, &starts, &levels, Int32(capacity), &paragraph)
        guard n > 0 else { return ([(0, 0)], 0) }
        return ((0..<Int(n)).map { (Int(starts[$0]), levels[$0]) }, paragraph)
    }

    /// Offsets where a line may end (the last is `text.count`).
    static func lineBreaks(_ text: UnsafeBufferPointer<UInt16>, locale: String?) -> [Int] {
        guard let base = text.baseAddress, text.count < Int(Int32.max) else { return [text.count] }
        var out = [Int32](repeating: 0, count: text.count + 1)
        let n: Int32
        if let locale {
            n = locale.withCString { oc_line_breaks(base, Int32(text.count), $0, &out, Int32(out.count)) }
        } else {
            n = oc_line_breaks(base, Int32(text.count), nil, &out, Int32(out.count))
        }
        guard n > 0 else { return [text.count] }
        return out[0..<Int(n)].map(Int.init)
    }

    /// Ends of the grapheme clusters (user-perceived characters).
    static func clusterEnds(_ text: UnsafeBufferPointer<UInt16>) -> [Int] {
        guard let base = text.baseAddress, text.count < Int(Int32.max) else { return [text.count] }
        // ASCII without CR: every code unit is a cluster.
        if !text.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { return Array(1...max(1, text.count)) }
        var out = [Int32](repeating: 0, count: text.count + 1)
        let n = oc_grapheme_breaks(base, Int32(text.count), &out, Int32(out.count))
        guard n > 0 else { return Array(1...max(1, text.count)) }
        return out[0..<Int(n)].map(Int.init)
    }

    /// The ISO 15924 tag of a scalar's script, or nil for common/inherited ones.
    static func script(_ scalar: UInt32) -> Int32? {
        if scalar < 0x80 {
            let isLetter = (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            return isLetter ? 25 : nil      // USCRIPT_LATIN
        }
        let s = oc_script(scalar)
        return oc_script_is_weak(s) != 0 ? nil : s
    }

    static func scriptTag(_ script: Int32) -> String? {
        oc_script_tag(script).map { String(cString: $0) }
    }

    static func isEmojiPresentation(_ scalar: UInt32) -> Bool {
        scalar >= 0x2000 && oc_is_emoji_presentation(scalar) != 0
    }

    static func isEmoji(_ scalar: UInt32) -> Bool { oc_is_emoji(scalar) != 0 }

    /// Scalars that draw nothing and need no glyph of their own (joiners, variation
    /// selectors, directional marks).
    static func isDefaultIgnorable(_ s: UInt32) -> Bool {
        (0x200B...0x200F).contains(s) || (0x202A...0x202E).contains(s) || (0x2060...0x206F).contains(s)
            || (0xFE00...0xFE0F).contains(s) || (0xE0000...0xE0FFF).contains(s) || s == 0xFEFF || s == 0xAD
    }
}
