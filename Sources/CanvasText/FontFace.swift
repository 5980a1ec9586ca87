import CFontStack
import CanvasGeometry
import Synchronization

/// One font file face: metrics, shaping (HarfBuzz) and glyph outlines (FreeType), all
/// in font units. Outlines are loaded unhinted and unscaled, so one face serves every
/// size and transform; they are cached per glyph.
public final class FontFace: @unchecked Sendable {
    public let path: String
    public let index: Int
    public let familyName: String
    public let unitsPerEm: Double
    /// Distance from the baseline up to the top of the tallest glyphs (positive).
    public let ascender: Double
    /// Distance from the baseline down to the bottom of the lowest glyphs (positive).
    public let descender: Double
    public let lineGap: Double

    // FreeType faces are not thread-safe: every use goes through `lock`.
    private let ftFace: FT_Face
    private let hbFont: OpaquePointer
    private let lock = Mutex<[UInt32: PathData]>([:])

    init?(library: FT_Library, path: String, index: Int) {
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            return nil
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            return nil
        }
        hb_face_destroy(hbFace)
        self.ftFace = face
        self.hbFont = hbFont
        self.path = path
        self.index = index
        let upem = Double(face.pointee.units_per_EM)
        self.unitsPerEm = upem > 0 ? upem : 1000
        // Typographic metrics from OS/2 when present, else hhea (FreeType's defaults).
        var asc = Double(face.pointee.ascender), desc = -Double(face.pointee.descender)
        var gap = max(0, Double(face.pointee.height) - asc - desc)
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.version != 0xFFFF, os2.pointee.sTypoAscender > 0 {
            asc = Double(os2.pointee.sTypoAscender)
            desc = -Double(os2.pointee.sTypoDescender)
            gap = Double(os2.pointee.sTypoLineGap)
        }
        self.ascender = asc
        self.descender = desc
        self.lineGap = gap
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        // Shape in font units: positions come back unscaled and unhinted.
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// Whether the face has a glyph for the scalar.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        lock.withLock { _ in FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)) != 0 }
    }

    /// A glyph of a shaped run, in font units.
    public struct ShapedGlyph: Sendable {
        public var id: UInt32
        /// UTF-8 offset of the first byte of the cluster this glyph belongs to.
        public var cluster: Int
        public var xAdvance: Double
        public var xOffset: Double
        public var yOffset: Double
    }

    /// Shapes UTF-8 text with HarfBuzz (kerning and ligatures from the font's
    /// OpenType tables; direction and script guessed from the text).
    public func shape(_ text: String) -> [ShapedGlyph] {
        guard !text.isEmpty else { return [] }
        return lock.withLock { _ in
            guard let buffer = hb_buffer_create() else { return [] }
            defer { hb_buffer_destroy(buffer) }
            var utf8 = Array(text.utf8)
            utf8.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
                }
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                glyphs.append(ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                          xAdvance: Double(positions[i].x_advance),
                                          xOffset: Double(positions[i].x_offset),
                                          yOffset: Double(positions[i].y_offset)))
            }
            return glyphs
        }
    }

    /// The outline of a glyph in font units, y pointing up (cached).
    public func outline(glyph: UInt32) -> PathData {
        lock.withLock { cache in
            if let cached = cache[glyph] { return cached }
            let path = loadOutline(glyph)
            cache[glyph] = path
            return path
        }
    }

    private final class OutlineBuilder {
        var path = PathData()
        var open = false
    }

    private func loadOutline(_ glyph: UInt32) -> PathData {
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return PathData() }
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
                if b.open { b.path.close() }
                b.path.move(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)))
                b.open = true
                return 0
            },
            line_to: { to, user in
                let b = Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
                b.path.line(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)))
                return 0
            },
            conic_to: { c, to, user in
                let b = Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
                b.path.quad(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)),
                            control: Point(Double(c!.pointee.x), Double(c!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let b = Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
                b.path.cubic(to: Point(Double(to!.pointee.x), Double(to!.pointee.y)),
                             control1: Point(Double(c1!.pointee.x), Double(c1!.pointee.y)),
                             control2: Point(Double(c2!.pointee.x), Double(c2!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        _ = withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
            FT_Outline_Decompose(outline, &funcs, user)
        }
        if builder.open { builder.path.close() }
        return builder.path
    }
}
