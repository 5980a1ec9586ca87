import Foundation

/// A representation of a colour that adapts to a given context.
///
/// Colours are kept as extended sRGB components (values outside 0…1 allowed), as
/// SwiftUI documents. The named system colours and the label colours adapt to the
/// environment's `colorScheme`: they carry Apple's iOS 15–18 light and dark values
/// (UIKit's `systemRed` … and `label`, `secondaryLabel`; see
/// ../shared/docs/controls-and-appearance.md for the sources), resolved where a
/// colour is drawn.
@frozen
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The profile of a colour's components.
    public enum RGBColorSpace: Hashable, Sendable {
        /// Extended sRGB.
        case sRGB
        /// sRGB primaries with a linear transfer function.
        case sRGBLinear
        /// Display P3 primaries with the sRGB transfer function.
        case displayP3
    }

    /// Extended sRGB components, sRGB transfer function.
    @usableFromInline var red: Double, green: Double, blue: Double, opacity: Double
    /// What `description` calls the colour (plain values: see `Name`).
    @usableFromInline var name: Name
    /// The components in the dark appearance, for colours that adapt to it.
    @usableFromInline var dark: DarkComponents?

    /// A colour's extended sRGB components in the dark appearance.
    /// (Fields `@usableFromInline` for the reason given in `Name`.)
    @usableFromInline
    struct DarkComponents: Hashable, Sendable {
        @usableFromInline var red: Double, green: Double, blue: Double, opacity: Double
    }

    @usableFromInline
    init(srgb red: Double, _ green: Double, _ blue: Double, _ opacity: Double) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity; self.name = .unnamed
    }

    init(srgb red: Double, _ green: Double, _ blue: Double, _ opacity: Double, name: String?) {
        self.init(srgb: red, green, blue, opacity)
        self.name = Name(name)
    }

    /// A colour from red, green and blue components in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                opacity: Double = 1) {
        let (r, g, b) = Color.toSRGB(colorSpace, red, green, blue)
        self.init(srgb: r, g, b, opacity)
    }

    /// A grey colour.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (all in 0…1).
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = saturation, v = brightness
        let i = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(srgb: r, g, b, opacity)
    }

    /// A colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var c = self
        c.opacity *= opacity
        c.dark?.opacity *= opacity
        c.name = name.dimmed(by: opacity)
        return c
    }

    public var description: String {
        if let name = name.text { return name }
        func hex(_ v: Double) -> String {
            let i = Int((min(max(v, 0), 1) * 255).rounded())
            return String(i, radix: 16, uppercase: true).leftPadded(2)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + hex(opacity)
    }

    public static func == (a: Color, b: Color) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.opacity == b.opacity && a.dark == b.dark
    }

    public func hash(into h: inout Hasher) {
        h.combine(red); h.combine(green); h.combine(blue); h.combine(opacity); h.combine(dark)
    }

    /// The colour as it appears in `scheme`: a colour that adapts takes its dark
    /// components in the dark appearance; any other colour is itself.
    package func appearance(_ scheme: ColorScheme) -> Color {
        guard scheme == .dark, let dark else { return self }
        var c = Color(srgb: dark.red, dark.green, dark.blue, dark.opacity)
        c.name = name
        return c
    }

    // MARK: Resolving

    /// A concrete colour: components in extended sRGB.
    @frozen
    public struct Resolved: Hashable, Sendable {
        /// The red component: extended sRGB, so it may lie outside 0…1.
        public var red: Float
        /// The green component: extended sRGB, so it may lie outside 0…1.
        public var green: Float
        /// The blue component: extended sRGB, so it may lie outside 0…1.
        public var blue: Float
        /// The opacity (alpha).
        public var opacity: Float

        /// A resolved colour from components in `colorSpace`, converted to extended sRGB
        /// (the opacity is kept as given).
        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            let (r, g, b) = Color.toSRGB(colorSpace, Double(red), Double(green), Double(blue))
            self.red = Float(r); self.green = Float(g); self.blue = Float(b); self.opacity = opacity
        }

        /// The red component with the sRGB transfer function undone (linear light).
        public var linearRed: Float { Float(Color.srgbToLinear(Double(red))) }
        /// The green component with the sRGB transfer function undone (linear light).
        public var linearGreen: Float { Float(Color.srgbToLinear(Double(green))) }
        /// The blue component with the sRGB transfer function undone (linear light).
        public var linearBlue: Float { Float(Color.srgbToLinear(Double(blue))) }
    }

    /// A colour with a resolved colour's components (it does not adapt to the
    /// colour scheme).
    public init(_ resolved: Resolved) {
        self.init(srgb: Double(resolved.red), Double(resolved.green), Double(resolved.blue), Double(resolved.opacity))
    }

    /// The colour's components in `environment`: its dark components when the
    /// environment's colour scheme is dark and the colour adapts to it.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let c = appearance(environment.colorScheme)
        var r = Resolved(red: 0, green: 0, blue: 0, opacity: 0)
        r.red = Float(c.red); r.green = Float(c.green); r.blue = Float(c.blue); r.opacity = Float(c.opacity)
        return r
    }

    // MARK: Colour spaces

    static func srgbToLinear(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    package static func linearToSRGB(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    static func toSRGB(_ space: RGBColorSpace, _ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        switch space {
        case .sRGB:
            return (r, g, b)
        case .sRGBLinear:
            return (linearToSRGB(r), linearToSRGB(g), linearToSRGB(b))
        case .displayP3:
            // Decode, convert linear Display P3 to linear sRGB (D65 both), re-encode.
            let lr = srgbToLinear(r), lg = srgbToLinear(g), lb = srgbToLinear(b)
            let sr = 1.2249401 * lr - 0.2249404 * lg + 0.0000001 * lb
            let sg = -0.0420569 * lr + 1.0420571 * lg - 0.0000001 * lb
            let sb = -0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb
            return (linearToSRGB(sr), linearToSRGB(sg), linearToSRGB(sb))
        }
    }
}

extension Color {
    private init(system r: Int, _ g: Int, _ b: Int, dark dr: Int, _ dg: Int, _ db: Int, _ name: String) {
        self.init(srgb: Double(r) / 255, Double(g) / 255, Double(b) / 255, 1, name: name)
        dark = DarkComponents(red: Double(dr) / 255, green: Double(dg) / 255, blue: Double(db) / 255, opacity: 1)
    }

    /// A colour with light and dark components (0…255, alpha 0…1).
    init(light: (Int, Int, Int, Double), dark d: (Int, Int, Int, Double), name: String?) {
        self.init(srgb: Double(light.0) / 255, Double(light.1) / 255, Double(light.2) / 255, light.3, name: name)
        dark = DarkComponents(red: Double(d.0) / 255, green: Double(d.1) / 255, blue: Double(d.2) / 255, opacity: d.3)
    }

    /// Black (#000000), the same in both appearances.
    public static let black = Color(srgb: 0, 0, 0, 1, name: "black")
    /// White (#FFFFFF), the same in both appearances.
    public static let white = Color(srgb: 1, 1, 1, 1, name: "white")
    /// Fully transparent: every component zero.
    public static let clear = Color(srgb: 0, 0, 0, 0, name: "clear")
    /// System red: #FF3B30 in the light appearance, #FF453A in the dark.
    public static let red = Color(system: 255, 59, 48, dark: 255, 69, 58, "red")
    /// System orange: #FF9500 in the light appearance, #FF9F0A in the dark.
    public static let orange = Color(system: 255, 149, 0, dark: 255, 159, 10, "orange")
    /// System yellow: #FFCC00 in the light appearance, #FFD60A in the dark.
    public static let yellow = Color(system: 255, 204, 0, dark: 255, 214, 10, "yellow")
    /// System green: #34C759 in the light appearance, #30D158 in the dark.
    public static let green = Color(system: 52, 199, 89, dark: 48, 209, 88, "green")
    /// System mint: #00C7BE in the light appearance, #63E6E2 in the dark.
    public static let mint = Color(system: 0, 199, 190, dark: 99, 230, 226, "mint")
    /// System teal: #30B0C7 in the light appearance, #40C8E0 in the dark.
    public static let teal = Color(system: 48, 176, 199, dark: 64, 200, 224, "teal")
    /// System cyan: #32ADE6 in the light appearance, #64D2FF in the dark.
    public static let cyan = Color(system: 50, 173, 230, dark: 100, 210, 255, "cyan")
    /// System blue: #007AFF in the light appearance, #0A84FF in the dark.
    public static let blue = Color(system: 0, 122, 255, dark: 10, 132, 255, "blue")
    /// System indigo: #5856D6 in the light appearance, #5E5CE6 in the dark.
    public static let indigo = Color(system: 88, 86, 214, dark: 94, 92, 230, "indigo")
    /// System purple: #AF52DE in the light appearance, #BF5AF2 in the dark.
    public static let purple = Color(system: 175, 82, 222, dark: 191, 90, 242, "purple")
    /// System pink: #FF2D55 in the light appearance, #FF375F in the dark.
    public static let pink = Color(system: 255, 45, 85, dark: 255, 55, 95, "pink")
    /// System brown: #A2845E in the light appearance, #AC8E68 in the dark.
    public static let brown = Color(system: 162, 132, 94, dark: 172, 142, 104, "brown")
    /// System grey: #8E8E93 in both appearances.
    public static let gray = Color(system: 142, 142, 147, dark: 142, 142, 147, "gray")
    /// The label colour: black in the light appearance.
    public static let primary = Color(light: (0, 0, 0, 1), dark: (255, 255, 255, 1), name: "primary")
    /// The secondary label colour: #3C3C43 at 60 % opacity in the light appearance,
    /// #EBEBF5 at 60 % in the dark.
    public static let secondary = Color(light: (60, 60, 67, 0.6), dark: (235, 235, 245, 0.6), name: "secondary")
    /// The accent colour: system blue unless an app sets another.
    public static var accentColor: Color { .blue }
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
