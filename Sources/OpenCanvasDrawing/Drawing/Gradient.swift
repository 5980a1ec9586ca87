import Foundation
import CanvasPaint

/// A colour gradient: colour stops with locations from 0 to 1.
///
/// The stops are kept as given; when the gradient is drawn, stops with a NaN
/// location are dropped, locations are clamped to 0…1 and the stops are sorted by
/// location (stably: two stops at one location make a hard edge). No stops draw
/// nothing; one stop draws its colour.
@frozen
public struct Gradient: Hashable, Sendable {
    /// One colour stop.
    @frozen
    public struct Stop: Hashable, Sendable {
        /// The colour at the stop.
        public var color: Color
        /// The parametric location of the stop, 0…1.
        public var location: CGFloat

        /// A stop of `color` at `location` (0…1).
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The space colours are interpolated in.
    public struct ColorSpace: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case device, perceptual }
        let kind: Kind
        /// The output colour space (the canvas's working space).
        public static let device = ColorSpace(kind: .device)
        /// A perceptually uniform space (Oklab).
        public static let perceptual = ColorSpace(kind: .perceptual)
    }

    /// The colour stops, kept as given (see above for how they are drawn).
    public var stops: [Stop]

    /// A gradient of `stops`.
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Evenly spaced colours: the first at 0, the last at 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in
            Stop(color: c, location: n > 1 ? CGFloat(i) / CGFloat(n - 1) : 0)
        }
    }

    /// The gradient interpolated in `space`.
    public func colorSpace(_ space: ColorSpace) -> AnyGradient {
        AnyGradient(self, colorSpace: space)
    }

    /// The engine's cleaned-up colour stops.
    func colors(_ interpolation: GradientColors.Interpolation, scheme: ColorScheme) -> GradientColors {
        GradientColors(stops.map {
            let c = $0.color.appearance(scheme)
            return GradientColors.Stop(location: Double($0.location), color: RGBA(r: c.red, g: c.green, b: c.blue, a: c.opacity))
        }, interpolation: interpolation)
    }
}

/// A type-erased gradient that also carries its interpolation space.
@frozen
public struct AnyGradient: Hashable, Sendable {
    let gradient: Gradient
    let space: Gradient.ColorSpace

    /// A type-erased gradient, interpolated in the device colour space.
    public init(_ gradient: Gradient) {
        self.gradient = gradient
        self.space = .device
    }

    init(_ gradient: Gradient, colorSpace: Gradient.ColorSpace) {
        self.gradient = gradient
        self.space = colorSpace
    }

    /// The gradient interpolated in `space`.
    public func colorSpace(_ space: Gradient.ColorSpace) -> AnyGradient {
        AnyGradient(gradient, colorSpace: space)
    }

    func colors(linearOption: Bool, scheme: ColorScheme) -> GradientColors {
        if space == .perceptual { return gradient.colors(.perceptual, scheme: scheme) }
        return gradient.colors(linearOption ? .linear : .workingSpace, scheme: scheme)
    }
}

extension Color {
    /// The standard gradient for this colour: from a slightly lighter tint at the
    /// top to a slightly darker shade at the bottom (as a `ShapeStyle`, top to
    /// bottom of the shape).
    public var gradient: AnyGradient {
        func mix(_ v: Double, _ target: Double, _ f: Double) -> Double { v + (target - v) * f }
        let light = Color(srgb: mix(red, 1, 0.12), mix(green, 1, 0.12), mix(blue, 1, 0.12), opacity)
        let dark = Color(srgb: mix(red, 0, 0.12), mix(green, 0, 0.12), mix(blue, 0, 0.12), opacity)
        return AnyGradient(Gradient(colors: [light, dark]))
    }
}
