import CFontStack
import CFontSubset

/// A face's font program cut down to some glyphs, for a document that embeds the
/// fonts it uses (vector output): HarfBuzz's subsetter, keeping glyph indices
/// (so the document can address glyphs by their index in the whole font).
public struct FontSubset: Sendable {
    /// How the subset's outlines are stored, which decides how a PDF embeds it.
    public enum Format: Sendable, Equatable {
        /// TrueType outlines (`glyf`): a PDF `FontFile2`.
        case trueType
        /// Compact Font Format outlines (`CFF `): a PDF `FontFile3` of subtype `OpenType`.
        case compactFontFormat
    }

    public let format: Format
    /// The subset font file (an OpenType/TrueType file).
    public let data: [UInt8]
}

extension FontFace {
    /// The format a subset of this face would have, or `nil` when its outlines are
    /// in neither form a document can embed (CFF2 variable outlines, bitmap-only
    /// faces): such text is written as outlines instead.
    public var embeddableFormat: FontSubset.Format? {
        guard colorStrike == nil else { return nil }
        return lock.withLock { _ in
            if hasTable("glyf") { return .trueType }
            if hasTable("CFF ") { return .compactFontFormat }
            return nil
        }
    }

    /// Whether the face has an sfnt table (call with `lock` held).
    private func hasTable(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4 else { return false }
        let code = FT_ULong(bytes[0]) << 24 | FT_ULong(bytes[1]) << 16 | FT_ULong(bytes[2]) << 8 | FT_ULong(bytes[3])
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(ftFace, code, 0, nil, &length) == 0 && length > 0
    }

    /// The face's PostScript name (letters, digits and hyphens only), or its family
    /// name so cleaned when it has none.
    public var postScriptName: String {
        let raw = lock.withLock { _ in FT_Get_Postscript_Name(ftFace).map { String(cString: $0) } } ?? familyName
        let clean = String(raw.unicodeScalars.filter { ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "-" })
        return clean.isEmpty ? "Font" : clean
    }

    /// The box of every glyph, in font units (y up).
    public var fontBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        lock.withLock { _ in
            let b = ftFace.pointee.bbox
            return (Double(b.xMin), Double(b.yMin), Double(b.xMax), Double(b.yMax))
        }
    }

    /// Whether the face's style is italic or oblique.
    public var isItalic: Bool {
        lock.withLock { _ in ftFace.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0 }
    }

    /// A subset holding `glyphs` (and glyph 0), glyph indices kept; `nil` when the
    /// face cannot be embedded or HarfBuzz cannot subset it.
    public func subset(glyphs: some Sequence<UInt32>) -> FontSubset? {
        guard let format = embeddableFormat,
              let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(clamping: index)) else { return nil }
        defer { hb_face_destroy(face) }
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_glyph_set(input)
        hb_set_add(set, 0)
        for g in glyphs { hb_set_add(set, g) }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue)
        guard let result = hb_subset_or_fail(face, input) else { return nil }
        defer { hb_face_destroy(result) }
        guard let out = hb_face_reference_blob(result) else { return nil }
        defer { hb_blob_destroy(out) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(out, &length), length > 0 else { return nil }
        let data = [UInt8](UnsafeRawBufferPointer(start: bytes, count: Int(length)))
        return FontSubset(format: format, data: data)
    }
}
