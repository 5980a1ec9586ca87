import CanvasGeometry
import CFontStack

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
/// The system font's designs map to installed families (the README names the Debian
/// packages): `.default` Inter (`fonts-inter`, the open design closest to SF Pro),
/// `.serif` Noto Serif (`fonts-noto-core`, for New York), `.monospaced` DejaVu Sans Mono
/// (`fonts-dejavu-core`, for SF Mono), `.rounded` Quicksand (`fonts-quicksand`, for SF
/// Pro Rounded). Each falls back to fontconfig's `sans-serif`, `serif` or `monospace`
/// alias when its family is missing.
///
/// Characters the chosen face lacks are drawn with another installed face that has
/// them (fontconfig's charset matching), colour emoji with Noto Color Emoji
/// (`fonts-noto-color-emoji`).
public final class FontLibrary: Sendable {
    public static let shared = FontLibrary()

    private struct FallbackKey: Hashable { var scalar: UInt32; var weight: Int; var italic: Bool; var emoji: Bool }

    private struct State {
        var library: FT_Library?
        var faces: [String: FontFace] = [:]        // by "path#index"
        var failedFiles: Set<String> = []
        var matches: [FontRequest: FontFace?] = [:]
        var fallbacks: [FallbackKey: FontFace?] = [:]
        var designFamilies: [FontRequest.Design: String] = [:]
    }
    private let state: Locked<State>

    private init() {
        var lib: FT_Library?
        FT_Init_FreeType(&lib)
        FcInit()
        state = Locked(State(library: lib))
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

    /// A face from a font file (the first face when `index` is 0), or `nil` when the
    /// file is missing, malformed or not a usable font.
    public func face(path: String, index: Int = 0) -> FontFace? {
        state.withLock { s in open(path: path, index: index, &s) }
    }

    /// A face from a font file that the library does not keep (`face(path:index:)`
    /// keeps every face it opens, for the life of the process): for a file read once,
    /// such as a fuzzer's input. `nil` as for `face(path:index:)`.
    public func uncachedFace(path: String, index: Int = 0) -> FontFace? {
        state.withLock { s in
            guard let library = s.library, index >= 0, index < 65536 else { return nil }
            return FontFace(library: library, path: path, index: index)
        }
    }

    /// The installed family fontconfig draws `name` with: the name itself when it is
    /// installed, the family an alias stands for (Liberation Sans for "Arial"), or the
    /// fallback family for a name nothing matches. A request for the result picks the
    /// same faces as one for `name`, at every weight and slant, since fontconfig first
    /// settles the family and then the style within it.
    ///
    /// A face may belong to several families (DejaVu Sans Condensed is in "DejaVu Sans"
    /// and "DejaVu Sans Condensed"): the one named is kept, so the round trip stays on
    /// the same face.
    public func installedFamily(for name: String) -> String {
        // (Under the lock, as every fontconfig call here is.)
        let found = state.withLock { _ in fontconfigMatch(family: name, weight: 400, italic: false) }
        guard let found, let first = found.families.first else {
            return "sans-serif"   // no font at all: what `match` falls back to
        }
        let folded = FontLibrary.folded(name)
        return found.families.first { FontLibrary.folded($0) == folded } ?? first
    }

    /// A family name as fontconfig compares them: case and spaces ignored.
    private static func folded(_ name: String) -> String {
        name.lowercased().filter { $0 != " " }
    }

    /// The family used for the default design.
    public var systemFamily: String {
        state.withLock { s in family(for: .default, &s) }
    }

    /// The family a design resolves to on this machine.
    public func family(for design: FontRequest.Design) -> String {
        state.withLock { s in family(for: design, &s) }
    }

    /// Another installed face with a glyph for `scalar`, close to `request` in weight
    /// and slant; emoji presentation asks for a colour emoji face first. Cached per
    /// scalar.
    public func fallback(for scalar: Unicode.Scalar, request: FontRequest, emoji: Bool) -> FontFace? {
        let key = FallbackKey(scalar: scalar.value, weight: request.weight, italic: request.italic, emoji: emoji)
        return state.withLock { s in
            if let known = s.fallbacks[key] { return known }
            var found: FontFace? = nil
            if emoji, let m = fontconfigMatch(family: "emoji", weight: 400, italic: false, scalar: scalar, color: true),
               let face = open(path: m.path, index: m.index, &s), face.hasGlyph(for: scalar) {
                found = face
            }
            if found == nil,
               let m = fontconfigMatch(family: nil, weight: request.weight, italic: request.italic, scalar: scalar),
               let face = open(path: m.path, index: m.index, &s), face.hasGlyph(for: scalar) {
                found = face
            }
            if s.fallbacks.count > 4096 { s.fallbacks.removeAll() }
            s.fallbacks[key] = found
            return found
        }
    }

    private func family(for design: FontRequest.Design, _ s: inout State) -> String {
        if let f = s.designFamilies[design] { return f }
        let preferred: String, alias: String
        switch design {
        case .default: (preferred, alias) = ("Inter", "sans-serif")
        case .serif: (preferred, alias) = ("Noto Serif", "serif")
        case .monospaced: (preferred, alias) = ("DejaVu Sans Mono", "monospace")
        case .rounded: (preferred, alias) = ("Quicksand", "sans-serif")
        }
        let m = fontconfigMatch(family: preferred, weight: 400, italic: false)
        let family = m?.family.lowercased().hasPrefix(preferred.lowercased()) == true ? preferred : alias
        s.designFamilies[design] = family
        return family
    }

    private func match(_ request: FontRequest, _ s: inout State) -> FontFace? {
        let family = request.family ?? self.family(for: request.design, &s)
        guard let found = fontconfigMatch(family: family, weight: request.weight, italic: request.italic)
                ?? fontconfigMatch(family: "sans-serif", weight: request.weight, italic: request.italic) else {
            return nil
        }
        return open(path: found.path, index: found.index, &s)
            ?? fontconfigMatch(family: "sans-serif", weight: 400, italic: false).flatMap { open(path: $0.path, index: $0.index, &s) }
    }

    private func open(path: String, index: Int, _ s: inout State) -> FontFace? {
        let key = "\(path)#\(index)"
        if let face = s.faces[key] { return face }
        guard !s.failedFiles.contains(key), let library = s.library, index >= 0, index < 65536,
              let face = FontFace(library: library, path: path, index: index) else {
            s.failedFiles.insert(key)
            return nil
        }
        s.faces[key] = face
        return face
    }

    /// A matched face: its file, its index there and its families (the first is the
    /// one fontconfig lists first).
    private struct Match {
        var path: String
        var index: Int
        var families: [String]
        var family: String { families.first ?? "" }
    }

    private func fontconfigMatch(family: String?, weight: Int, italic: Bool, scalar: Unicode.Scalar? = nil,
                                 color: Bool = false) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if let family {
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_FAMILY, $0)
                }
            }
        }
        if let scalar, let charset = FcCharSetCreate() {
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
        }
        if color { FcPatternAddBool(pattern, FC_COLOR, 1) }
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
        var families: [String] = []
        var fam: UnsafeMutablePointer<FcChar8>?
        while families.count < 16, FcPatternGetString(matched, FC_FAMILY, Int32(families.count), &fam) == FcResultMatch,
              let fam {
            families.append(String(cString: fam))
        }
        return Match(path: String(cString: file), index: Int(index), families: families)
    }
}
