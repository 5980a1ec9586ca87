import CFontStack
import Synchronization

/// What a piece of text asks of a font.
public struct FontRequest: Hashable, Sendable {
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    /// A family name (`Font.custom`), or `nil` for the system font of `design`.
    public var family: String?
    public var design: Design
    /// OpenType weight, 1…1000 (400 regular, 600 semibold, 700 bold).
    public var weight: Int
    public var italic: Bool

    public init(family: String? = nil, design: Design = .default, weight: Int = 400, italic: Bool = false) {
        self.family = family; self.design = design; self.weight = weight; self.italic = italic
    }
}

/// Finds fonts through fontconfig and keeps the faces it opened.
///
/// The system font: Inter when Debian's `fonts-inter` is installed (the open design
/// closest to Apple's SF Pro), DejaVu Sans otherwise. Serif and monospaced designs use
/// fontconfig's `serif` and `monospace` aliases; there is no rounded system design on
/// Linux, so `.rounded` uses the default family.
public final class FontLibrary: Sendable {
    public static let shared = FontLibrary()

    private struct State {
        var library: FT_Library?
        var faces: [String: FontFace] = [:]        // by "path#index"
        var matches: [FontRequest: FontFace?] = [:]
        var systemFamily: String?
    }
    private let state: Mutex<State>

    private init() {
        var lib: FT_Library?
        FT_Init_FreeType(&lib)
        FcInit()
        state = Mutex(State(library: lib))
    }

    /// The face for a request, or `nil` when no font at all can be loaded.
    public func face(for request: FontRequest) -> FontFace? {
        state.withLock { s in
            if let known = s.matches[request] { return known }
            let face = match(request, &s)
            s.matches[request] = face
            return face
        }
    }

    /// The family used for the default design.
    public var systemFamily: String {
        state.withLock { s in systemFamilyName(&s) }
    }

    private func systemFamilyName(_ s: inout State) -> String {
        if let f = s.systemFamily { return f }
        let inter = fontconfigMatch(family: "Inter", weight: 400, italic: false)
        let family = inter?.family.lowercased().hasPrefix("inter") == true ? "Inter" : "DejaVu Sans"
        s.systemFamily = family
        return family
    }

    private func match(_ request: FontRequest, _ s: inout State) -> FontFace? {
        let family: String
        if let custom = request.family {
            family = custom
        } else {
            switch request.design {
            case .default, .rounded: family = systemFamilyName(&s)
            case .serif: family = "serif"
            case .monospaced: family = "monospace"
            }
        }
        guard let found = fontconfigMatch(family: family, weight: request.weight, italic: request.italic)
                ?? fontconfigMatch(family: "sans-serif", weight: request.weight, italic: request.italic),
              let library = s.library else { return nil }
        let key = "\(found.path)#\(found.index)"
        if let face = s.faces[key] { return face }
        guard let face = FontFace(library: library, path: found.path, index: found.index) else { return nil }
        s.faces[key] = face
        return face
    }

    private struct Match { var path: String; var index: Int; var family: String }

    private func fontconfigMatch(family: String, weight: Int, italic: Bool) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(min(max(weight, 1), 1000))))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        var fam: UnsafeMutablePointer<FcChar8>?
        var familyName = ""
        if FcPatternGetString(matched, FC_FAMILY, 0, &fam) == FcResultMatch, let fam {
            familyName = String(cString: fam)
        }
        return Match(path: String(cString: file), index: Int(index), family: familyName)
    }
}
