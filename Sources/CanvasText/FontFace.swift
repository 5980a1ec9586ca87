import CFontStack
import CanvasGeometry
import Synchronization

/// One font file face: metrics, shaping (HarfBuzz), glyph outlines (FreeType) and,
/// for colour fonts, glyph bitmaps. Outlines and positions are in font units,
/// unhinted, so one face serves every size and transform; outlines are cached per
/// glyph.
public final class FontFace: GlyphOutlineSource, @unchecked Sendable {
    public let path: String
    public let index: Int
    public let familyName: String
    public let unitsPerEm: Double
    /// Distance from the baseline up to the top of the tallest glyphs (positive).
    public let ascender: Double
    /// Distance from the baseline down to the bottom of the lowest glyphs (positive).
    public let descender: Double
    public let lineGap: Double
    /// Underline: centre of the line below the baseline (positive down) and thickness.
    public let underlinePosition: Double
    public let underlineThickness: Double
    /// Strikethrough: centre of the line above the baseline (positive up) and thickness.
    public let strikeoutPosition: Double
    public let strikeoutThickness: Double
    /// Colour bitmap glyphs (Noto Color Emoji): the pixel size of the strike, or nil.
    public let colorStrike: Double?
    /// How far any glyph reaches from its origin, in ems (from the face's bounding
    /// box; at least 1, at most 8): how much glyphs may overhang a layout box.
    public let reach: Double
    /// A number unique to this face in the process (glyph cache keys).
    public let faceID: UInt32

    // FreeType faces are not thread-safe: every use goes through `lock`.
    let ftFace: FT_Face
    private let hbFont: OpaquePointer
    let lock = Locked<[UInt32: (path: PathData, bounds: Rect)]>([:])
    private static let nextID = Atomic<UInt32>(1)

    init?(library: FT_Library, path: String, index: Int) {
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        // A face must be scalable (outlines) or carry colour bitmaps; anything else
        // (a bitmap-only or broken file) is refused.
        let flags = face.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        let color = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && face.pointee.num_fixed_sizes > 0
        guard scalable || color, face.pointee.num_glyphs > 0,
              let blob = hb_blob_create_from_file_or_fail(path) else {
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
        self.faceID = FontFace.nextID.add(1, ordering: .relaxed).oldValue
        let upem = Double(face.pointee.units_per_EM)
        self.unitsPerEm = upem > 0 && upem <= 16384 ? upem : 1000
        // Typographic metrics from OS/2 when present, else hhea (FreeType's defaults).
        var asc = Double(face.pointee.ascender), desc = -Double(face.pointee.descender)
        var gap = max(0, Double(face.pointee.height) - asc - desc)
        var strikePos = unitsPerEm * 0.3, strikeSize = unitsPerEm * 0.05
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.version != 0xFFFF {
            if os2.pointee.sTypoAscender > 0 {
                asc = Double(os2.pointee.sTypoAscender)
                desc = -Double(os2.pointee.sTypoDescender)
                gap = Double(os2.pointee.sTypoLineGap)
            }
            if os2.pointee.yStrikeoutSize > 0 {
                strikePos = Double(os2.pointee.yStrikeoutPosition)
                strikeSize = Double(os2.pointee.yStrikeoutSize)
            }
        }
        // Hostile files can carry any numbers: keep metrics within a sane range.
        func sane(_ v: Double, _ fallback: Double) -> Double { v.isFinite && abs(v) <= 4 * upem ? v : fallback }
        self.ascender = sane(max(0, asc), unitsPerEm * 0.8)
        self.descender = sane(max(0, desc), unitsPerEm * 0.2)
        self.lineGap = sane(max(0, gap), 0)
        let ulPos = -Double(face.pointee.underline_position)
        let ulSize = Double(face.pointee.underline_thickness)
        self.underlinePosition = sane(ulPos > 0 ? ulPos : unitsPerEm * 0.1, unitsPerEm * 0.1)
        self.underlineThickness = sane(ulSize > 0 ? ulSize : unitsPerEm * 0.05, unitsPerEm * 0.05)
        self.strikeoutPosition = sane(strikePos, unitsPerEm * 0.3)
        self.strikeoutThickness = sane(strikeSize, unitsPerEm * 0.05)
        if color, !scalable {
            FT_Select_Size(face, 0)
            let ppem = Double(face.pointee.available_sizes[0].y_ppem) / 64
            self.colorStrike = ppem > 0 ? ppem : nil
        } else {
            self.colorStrike = nil
        }
        let box = face.pointee.bbox
        let far = [box.xMin, box.xMax, box.yMin, box.yMax].map { abs(Double($0)) }.max() ?? 0
        self.reach = min(max(far / unitsPerEm, 1), 8)
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        // Shape in font units: positions come back unscaled and unhinted.
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// The glyph for a scalar, or 0 when the face has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        lock.withLock { _ in FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)) }
    }

    /// Whether the face has a glyph for the scalar.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// A glyph's advance in font units as FreeType reads it from the font's metrics
    /// (no shaping): what measurements are checked against.
    public func freeTypeAdvance(glyph: UInt32) -> Double {
        lock.withLock { _ in
            var advance: FT_Fixed = 0
            let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)
            return FT_Get_Advance(ftFace, glyph, flags, &advance) == 0 ? Double(advance) : 0
        }
    }

    /// A glyph of a shaped run, in font units.
    public struct ShapedGlyph: Sendable {
        public var id: UInt32
        /// UTF-16 offset (in the whole text) of the cluster this glyph belongs to.
        public var cluster: Int
        public var xAdvance: Double
        public var xOffset: Double
        public var yOffset: Double
    }

    /// Shapes `range` of UTF-16 `text` with HarfBuzz, in one direction and script,
    /// the rest of `text` serving as context (Arabic joining across a style change).
    /// Kerning and ligatures come from the font's OpenType tables; `features` adds
    /// others (`tnum` for monospaced digits). Glyphs come back in visual order.
    public func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
                      script: String?, language: String?, features: [String] = []) -> [ShapedGlyph] {
        guard !range.isEmpty, let base = text.baseAddress, text.count <= Int(Int32.max) else { return [] }
        return lock.withLock { _ in
            guard let buffer = hb_buffer_create() else { return [] }
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_utf16(buffer, base, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            if let script { hb_buffer_set_script(buffer, hb_script_from_string(script, -1)) }
            if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
            hb_buffer_guess_segment_properties(buffer)
            var hbFeatures: [hb_feature_t] = features.compactMap { name in
                var f = hb_feature_t()
                return hb_feature_from_string(name, -1, &f) != 0 ? f : nil
            }
            hb_shape(hbFont, buffer, &hbFeatures, UInt32(hbFeatures.count))
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

    /// Shapes a whole string left to right (tests and simple labels).
    public func shape(_ text: String, features: [String] = []) -> [ShapedGlyph] {
        let utf16 = Array(text.utf16)
        return utf16.withUnsafeBufferPointer { shape($0, range: 0..<$0.count, rightToLeft: false, script: nil,
                                                     language: nil, features: features) }
    }

    /// The outline of a glyph in font units, y pointing up (cached). Empty for
    /// bitmap glyphs.
    public func outline(glyph: UInt32) -> PathData { cachedOutline(glyph).path }

    /// The control box of a glyph's outline in font units, y up.
    public func outlineBounds(glyph: UInt32) -> Rect { cachedOutline(glyph).bounds }

    private func cachedOutline(_ glyph: UInt32) -> (path: PathData, bounds: Rect) {
        lock.withLock { cache in
            if let cached = cache[glyph] { return cached }
            let path = colorStrike == nil ? loadOutline(glyph) : PathData()
            let bounds = path.isEmpty ? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0) : path.controlBounds
            // Bounded: a face holds at most 8,192 outlines (CJK text can ask for more).
            if cache.count >= 8192 { cache.removeAll(keepingCapacity: true) }
            cache[glyph] = (path, bounds)
            return (path, bounds)
        }
    }

    /// A colour glyph's bitmap: premultiplied RGBA rows, its size, and the offset of
    /// its top-left corner from the glyph origin in strike pixels (y down).
    public struct ColorBitmap: Sendable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]
        public var left: Double
        public var top: Double
    }

    /// The colour bitmap of a glyph in a colour-bitmap face, or nil.
    public func colorBitmap(glyph: UInt32) -> ColorBitmap? {
        guard colorStrike != nil else { return nil }
        return lock.withLock { _ -> ColorBitmap? in
            guard FT_Load_Glyph(ftFace, glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = ftFace.pointee.glyph else {
                return nil
            }
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows)
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), w > 0, h > 0, w <= 1024, h <= 1024,
                  let buffer = bitmap.buffer else { return nil }
            let pitch = Int(bitmap.pitch)
            guard abs(pitch) >= w * 4 else { return nil }
            var rgba = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * -pitch
                for x in 0..<w {
                    // FreeType's BGRA is premultiplied already.
                    rgba[(y * w + x) * 4 + 0] = row[x * 4 + 2]
                    rgba[(y * w + x) * 4 + 1] = row[x * 4 + 1]
                    rgba[(y * w + x) * 4 + 2] = row[x * 4 + 0]
                    rgba[(y * w + x) * 4 + 3] = row[x * 4 + 3]
                }
            }
            return ColorBitmap(width: w, height: h, rgba: rgba, left: Double(slot.pointee.bitmap_left),
                               top: Double(slot.pointee.bitmap_top))
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
        let status = withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
            FT_Outline_Decompose(outline, &funcs, user)
        }
        guard status == 0 else { return PathData() }
        if builder.open { builder.path.close() }
        return builder.path
    }
}
