import Foundation

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// The model of a colour space's components.
public enum CGColorSpaceModel: Int32, Sendable {
    /// A model OpenCanvas does not know.
    case unknown = -1
    /// One gray component.
    case monochrome = 0
    /// Red, green and blue components.
    case rgb = 1
}

/// A colour space (Core Graphics' type): sRGB, linear sRGB, extended linear sRGB
/// or gray.
public final class CGColorSpace: @unchecked Sendable, Equatable {
    /// The space's name (one of the `CGColorSpace` name constants).
    public let name: String?
    /// The model of the space's components.
    public let model: CGColorSpaceModel
    /// Whether the components are linear light (not gamma-encoded).
    let isLinear: Bool

    /// The name of the sRGB colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of sRGB with linear (not gamma-encoded) components.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// The name of extended sRGB: sRGB whose components may lie outside 0…1.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The name of extended linear sRGB: linear sRGB whose components may lie outside 0…1.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// The name of the gray colour space with a gamma of 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of gray with a linear (not gamma-encoded) component.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// The name of extended gray: gamma-encoded gray whose component may lie outside 0…1.
    public static let extendedGray = "kCGColorSpaceExtendedGray"

    /// A colour space by name, or `nil` for a name OpenCanvas does not know.
    public init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.extendedSRGB: (model, isLinear) = (.rgb, false)
        case CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB: (model, isLinear) = (.rgb, true)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedGray: (model, isLinear) = (.monochrome, false)
        case CGColorSpace.linearGray: (model, isLinear) = (.monochrome, true)
        default: return nil
        }
        self.name = name
    }

    /// The number of colour components, alpha not counted: 1 for gray, 3 for RGB.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.name == b.name }
}

/// The device RGB colour space (sRGB here).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB)! }
/// The device gray colour space (gamma 2.2 gray here).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }

/// A colour (Core Graphics' type): components in a colour space, plus alpha.
public final class CGColor: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The colour space of the components.
    public let colorSpace: CGColorSpace?
    /// The colour's components followed by alpha.
    public let components: [CGFloat]?
    /// The number of components, alpha included.
    public var numberOfComponents: Int { components?.count ?? 0 }
    /// The alpha component (1 for a colour without components).
    public var alpha: CGFloat { components?.last ?? 1 }

    /// A colour from components in a space (the count must be the space's plus
    /// alpha, else `nil`; non-finite components are `nil` too).
    public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let n = space.numberOfComponents + 1
        let values = (0..<n).map { components[$0] }
        guard values.allSatisfy(\.isFinite) else { return nil }
        self.colorSpace = space
        self.components = values
    }

    init(space: CGColorSpace, values: [CGFloat]) {
        colorSpace = space
        components = values
    }

    /// A colour from device-RGB components (sRGB here) and alpha.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpaceCreateDeviceRGB(), values: [red, green, blue, alpha])
    }

    /// A colour from sRGB components and alpha.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour from a device-gray level (gamma 2.2 gray here) and alpha.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpaceCreateDeviceGray(), values: [gray, alpha])
    }

    /// A colour from a level of gamma 2.2 gray, and alpha.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace, var values = components else { return nil }
        values[values.count - 1] = alpha
        return CGColor(space: space, values: values)
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.colorSpace == b.colorSpace && a.components == b.components }

    public var description: String {
        "CGColor(\(colorSpace?.name ?? "?"): \((components ?? []).map { String(describing: $0) }.joined(separator: ", ")))"
    }
}

/// How a context composites what it draws (Core Graphics' raw values, which
/// `GraphicsContext.BlendMode` shares).
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    /// The separable and non-separable blend modes (`normal` through `luminosity`, as in
    /// PDF), the Porter–Duff compositing modes (`clear` through `xor`), and `plusDarker`
    /// and `plusLighter`, which add the colours (darkening or lightening).
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop,
         destinationOver, destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// How images are sampled when drawn at another size.
public enum CGInterpolationQuality: Int32, Sendable {
    /// `default` leaves the choice to the context (medium here); `none` takes the nearest
    /// pixel; `low`, `medium` and `high` trade speed for smoothness.
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4
}
#endif

extension Color {
    /// The colour as a Core Graphics colour (sRGB).
    public var cgColor: CGColor? {
        CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(opacity))
    }

    /// A colour from a Core Graphics colour (gray and linear spaces converted to sRGB).
    public init(cgColor: CGColor) {
        self = Color(resolving: cgColor)
    }

    init(resolving c: CGColor) {
        let v = c.components ?? [0, 1]
        let linear = c.colorSpace?.isLinear ?? false
        if v.count == 2 {
            self.init(linear ? .sRGBLinear : .sRGB, white: Double(v[0]), opacity: Double(v[1]))
        } else if v.count >= 4 {
            self.init(linear ? .sRGBLinear : .sRGB, red: Double(v[0]), green: Double(v[1]), blue: Double(v[2]),
                      opacity: Double(v[3]))
        } else {
            self.init(srgb: 0, 0, 0, 1)
        }
    }
}
