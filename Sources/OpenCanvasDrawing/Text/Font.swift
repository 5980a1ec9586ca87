import Foundation
import CanvasText
import CanvasGeometry

/// An environment-dependent font.
///
/// Text styles have Apple's default (Large Dynamic Type) sizes, weights and line
/// heights; the system font is Inter where it is installed (see `FontLibrary`).
public struct Font: Hashable, Sendable {
    /// A dynamic text style.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        /// Apple's text styles, at the default content size: `largeTitle` 34 pt,
        /// `title` 28, `title2` 22, `title3` 20, `headline` 17 (semibold), `subheadline`
        /// 15, `body` 17, `callout` 16, `footnote` 13, `caption` 12, `caption2` 11.
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// Size, line height and weight at the default content size (iOS).
        var metrics: (size: CGFloat, leading: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: return (34, 41, .regular)
            case .title: return (28, 34, .regular)
            case .title2: return (22, 28, .regular)
            case .title3: return (20, 25, .regular)
            case .headline: return (17, 22, .semibold)
            case .body: return (17, 22, .regular)
            case .callout: return (16, 21, .regular)
            case .subheadline: return (15, 20, .regular)
            case .footnote: return (13, 18, .regular)
            case .caption: return (12, 16, .regular)
            case .caption2: return (11, 13, .regular)
            }
        }
    }

    /// A font weight.
    public struct Weight: Hashable, Sendable {
        /// OpenType weight class.
        let value: Int
        /// The ultra-light weight (OpenType weight class 100).
        public static let ultraLight = Weight(value: 100)
        /// The thin weight (OpenType weight class 200).
        public static let thin = Weight(value: 200)
        /// The light weight (OpenType weight class 300).
        public static let light = Weight(value: 300)
        /// The regular weight (OpenType weight class 400).
        public static let regular = Weight(value: 400)
        /// The medium weight (OpenType weight class 500).
        public static let medium = Weight(value: 500)
        /// The semibold weight (OpenType weight class 600).
        public static let semibold = Weight(value: 600)
        /// The bold weight (OpenType weight class 700).
        public static let bold = Weight(value: 700)
        /// The heavy weight (OpenType weight class 800).
        public static let heavy = Weight(value: 800)
        /// The black weight (OpenType weight class 900).
        public static let black = Weight(value: 900)
    }

    /// A width for fonts that have several (SF Pro's compressed, condensed and
    /// expanded faces). Values as Apple's: standard 0, condensed −0.2, compressed
    /// −0.3, expanded 0.2.
    ///
    /// The open system font (Inter) has one width, so here a width is synthesized:
    /// glyphs and their advances are scaled horizontally by 1 + 0.85 × value
    /// (condensed 0.83, compressed 0.745, expanded 1.17: about the advance ratios
    /// of SF Pro's width faces to its standard one), clamped to 0.5…1.5. Colour
    /// emoji keep their width.
    public struct Width: Hashable, Sendable {
        /// The width: 0 standard, negative narrower, positive wider.
        public var value: CGFloat
        /// A width of `value`.
        public init(_ value: CGFloat) { self.value = value }
        /// The compressed width, −0.3 (drawn at 0.745 of the standard width).
        public static let compressed = Width(-0.3)
        /// The condensed width, −0.2 (drawn at 0.83 of the standard width).
        public static let condensed = Width(-0.2)
        /// The standard width, 0.
        public static let standard = Width(0)
        /// The expanded width, 0.2 (drawn at 1.17 times the standard width).
        public static let expanded = Width(0.2)

        /// The horizontal scale this width is drawn with.
        var scale: Double {
            guard value.isFinite else { return 1 }
            return min(1.5, max(0.5, 1 + 0.85 * Double(value)))
        }
    }

    /// A design to use for fonts.
    public enum Design: Hashable, Sendable {
        /// `default` the system font (Inter here), `serif` Noto Serif (for New York),
        /// `rounded` Quicksand (for SF Pro Rounded), `monospaced` DejaVu Sans Mono (for
        /// SF Mono); a family that is not installed falls back to fontconfig's alias.
        case `default`, serif, rounded, monospaced
    }

    enum Base: Hashable, Sendable {
        case style(TextStyle)
        case system(size: CGFloat)
        case custom(name: FamilyName, size: CGFloat, relativeTo: TextStyle?)
    }

    /// A custom font's family name, as a number from a table of the names used:
    /// a `Font` is then plain values only, which the compiler copies as bytes.
    /// With a `String` (or any reference) inside, it copied `Font?` through the
    /// runtime's generic value witnesses, about 200 instructions a copy, and a
    /// label's text copies its font a dozen times.
    struct FamilyName: Hashable, Sendable {
        let id: UInt32
        /// Up to 65,536 names as given, then names by the family they draw with.
        private static let table = Locked(FamilyNameTable(capacity: 1 << 16))

        init(_ name: String) {
            if let id = FamilyName.table.withLock({ $0.id(for: name) }) {
                self.id = id
                return
            }
            let family = FontLibrary.shared.installedFamily(for: name)
            id = FamilyName.table.withLock { $0.id(for: name, drawnWith: family) }
        }

        var value: String { FamilyName.table.withLock { $0.name(of: id) } }
    }

    var base: Base
    var weight: Weight?
    var design: Design?
    var isItalic = false
    var monospacedDigits = false
    var width: Width?

    init(base: Base, weight: Weight? = nil, design: Design? = nil) {
        self.base = base; self.weight = weight; self.design = design
    }

    /// The large title text style: 34 pt, on 41-point lines.
    public static let largeTitle = Font(base: .style(.largeTitle))
    /// The title text style: 28 pt, on 34-point lines.
    public static let title = Font(base: .style(.title))
    /// The second-level title text style: 22 pt, on 28-point lines.
    public static let title2 = Font(base: .style(.title2))
    /// The third-level title text style: 20 pt, on 25-point lines.
    public static let title3 = Font(base: .style(.title3))
    /// The headline text style: 17 pt semibold, on 22-point lines.
    public static let headline = Font(base: .style(.headline))
    /// The subheadline text style: 15 pt, on 20-point lines.
    public static let subheadline = Font(base: .style(.subheadline))
    /// The body text style: 17 pt, on 22-point lines.
    public static let body = Font(base: .style(.body))
    /// The callout text style: 16 pt, on 21-point lines.
    public static let callout = Font(base: .style(.callout))
    /// The footnote text style: 13 pt, on 18-point lines.
    public static let footnote = Font(base: .style(.footnote))
    /// The caption text style: 12 pt, on 16-point lines.
    public static let caption = Font(base: .style(.caption))
    /// The second caption text style: 11 pt, on 13-point lines.
    public static let caption2 = Font(base: .style(.caption2))

    /// The system font at `size` points.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(base: .system(size: size), weight: weight, design: design)
    }

    /// The system font for a text style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(base: .style(style), weight: weight, design: design)
    }

    /// An installed font family (found through fontconfig) at a fixed size.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(base: .custom(name: FamilyName(name), size: size, relativeTo: nil))
    }

    /// An installed font family, sized relative to a text style (at the default
    /// content size the two are the same).
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        Font(base: .custom(name: FamilyName(name), size: size, relativeTo: textStyle))
    }

    /// An installed font family at a size that does not scale with Dynamic Type.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font(base: .custom(name: FamilyName(name), size: fixedSize, relativeTo: nil))
    }

    /// The font in the bold weight.
    public func bold() -> Font { weight(.bold) }

    /// The italic version of the font.
    public func italic() -> Font {
        var f = self
        f.isItalic = true
        return f
    }

    /// The font at another width (see `Width`).
    public func width(_ width: Width) -> Font {
        var f = self
        f.width = width
        return f
    }

    /// The font in `weight`.
    public func weight(_ weight: Weight) -> Font {
        var f = self
        f.weight = weight
        return f
    }

    /// A fixed-width font: the monospaced design (DejaVu Sans Mono here; SF Mono
    /// on Apple's platforms).
    public func monospaced() -> Font {
        var f = self
        f.design = .monospaced
        return f
    }

    /// Digits of equal width (the OpenType `tnum` feature).
    public func monospacedDigit() -> Font {
        var f = self
        f.monospacedDigits = true
        return f
    }

    /// The engine's text style for this font.
    var textStyle: CanvasText.TextStyle {
        let size: CGFloat, leading: CGFloat?, defaultWeight: Weight
        var family: String? = nil
        switch base {
        case .style(let s):
            (size, leading, defaultWeight) = s.metrics
        case .system(let s):
            (size, leading, defaultWeight) = (s, nil, .regular)
        case .custom(let name, let s, _):
            (size, leading, defaultWeight) = (s, nil, .regular)
            family = name.value
        }
        let d: FontRequest.Design
        switch design ?? .default {
        case .default: d = .default
        case .serif: d = .serif
        case .rounded: d = .rounded
        case .monospaced: d = .monospaced
        }
        let request = FontRequest(family: family, design: d, weight: (weight ?? defaultWeight).value, italic: isItalic)
        // Zero, negative or non-finite sizes draw nothing (the layout drops them);
        // sizes beyond 16,384 points are clamped there.
        let points = size.isFinite && size > 0 ? Double(size) : 0
        return CanvasText.TextStyle(font: request, size: points, lineHeight: leading.map(Double.init),
                                    monospacedDigits: monospacedDigits, widthScale: width?.scale ?? 1)
    }
}
