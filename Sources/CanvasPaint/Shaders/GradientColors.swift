#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A gradient's colour stops, cleaned up the way the HTML canvas specification and
/// the robustness checklist (rows 30–31) ask: stops with a NaN location or a
/// non-finite colour are dropped, locations are clamped to 0…1, and the stops are
/// sorted by location keeping insertion order among equal locations (two stops at
/// one location make a hard edge, the first one's colour below it and the last
/// one's above).
public struct GradientColors: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: RGBA
        public init(location: Double, color: RGBA) { self.location = location; self.color = color }
    }

    /// How colours between stops are mixed.
    public enum Interpolation: Hashable, Sendable {
        /// In the space the canvas composites in: sRGB-encoded values for the 8-bit
        /// canvas, linear light for the floating-point one (SwiftUI's `.device`).
        case workingSpace
        /// In linear light (`GradientOptions.linearColor`).
        case linear
        /// In Oklab, a perceptually uniform space (`Gradient.ColorSpace.perceptual`).
        case perceptual
    }

    public private(set) var stops: [Stop]
    public var interpolation: Interpolation

    /// Cleans up `stops`. An empty result means the gradient paints nothing.
    public init(_ stops: [Stop], interpolation: Interpolation = .workingSpace) {
        self.interpolation = interpolation
        // The usual case, already clean: kept as it is.
        var clean = true
        var previous = 0.0
        for s in stops {
            guard s.location >= previous, s.location <= 1, s.color.isFinite else { clean = false; break }
            previous = s.location
        }
        if clean {
            self.stops = stops
            return
        }
        var kept: [(Int, Stop)] = []
        kept.reserveCapacity(stops.count)
        for (i, s) in stops.enumerated() where !s.location.isNaN && s.color.isFinite {
            var c = s
            c.location = min(max(s.location, 0), 1)
            kept.append((i, c))
        }
        kept.sort { $0.1.location < $1.1.location || ($0.1.location == $1.1.location && $0.0 < $1.0) }
        self.stops = kept.map(\.1)
    }

    public var isEmpty: Bool { stops.isEmpty }

    /// True when every stop is fully transparent: such a gradient draws nothing.
    public var isInvisible: Bool { stops.allSatisfy { !($0.color.a > 0) } }

    /// The colour at `t` (straight components, sRGB-encoded, extended values kept),
    /// interpolated as `interpolation` says with `linearWorkingSpace` telling what
    /// `.workingSpace` means. For tests and for building tables.
    public func color(at t: Double, linearWorkingSpace: Bool = false) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return .transparent }
        if !(t >= first.location) { return first.color }
        if t >= last.location { return last.color }
        var k = 0
        while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
        let a = stops[k], b = stops[k + 1]
        let f = (t - a.location) / (b.location - a.location)
        let space = mixingSpace(linearWorkingSpace: linearWorkingSpace)
        let ca = GradientColors.toMixing(a.color, space), cb = GradientColors.toMixing(b.color, space)
        return GradientColors.fromMixing(ca + (cb - ca) * f, space)
    }

    enum MixingSpace { case encoded, linear, oklab }

    func mixingSpace(linearWorkingSpace: Bool) -> MixingSpace {
        switch interpolation {
        case .workingSpace: return linearWorkingSpace ? .linear : .encoded
        case .linear: return .linear
        case .perceptual: return .oklab
        }
    }

    /// The colour in the space it is mixed in, alpha in `w`.
    static func toMixing(_ c: RGBA, _ space: MixingSpace) -> SIMD4<Double> {
        switch space {
        case .encoded: return c.vector
        case .linear: return c.linearized.vector
        case .oklab:
            let l = c.linearized
            let lab = Oklab.fromLinear(l.r, l.g, l.b)
            return SIMD4(lab.0, lab.1, lab.2, c.a)
        }
    }

    /// Back from the mixing space to sRGB-encoded straight components.
    static func fromMixing(_ v: SIMD4<Double>, _ space: MixingSpace) -> RGBA {
        switch space {
        case .encoded: return RGBA(r: v.x, g: v.y, b: v.z, a: v.w)
        case .linear:
            return RGBA(r: ColorTransfer.encoded(v.x), g: ColorTransfer.encoded(v.y), b: ColorTransfer.encoded(v.z), a: v.w)
        case .oklab:
            let (r, g, b) = Oklab.toLinear(v.x, v.y, v.z)
            return RGBA(r: ColorTransfer.encoded(r), g: ColorTransfer.encoded(g), b: ColorTransfer.encoded(b), a: v.w)
        }
    }
}

/// Björn Ottosson's Oklab colour space (2020), from and to linear sRGB.
enum Oklab {
    static func fromLinear(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    static func toLinear(_ L: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let l = L + 0.3963377774 * a + 0.2158037573 * b
        let m = L - 0.1055613458 * a - 0.0638541728 * b
        let s = L - 0.0894841775 * a - 1.2914855480 * b
        let l3 = l * l * l, m3 = m * m * m, s3 = s * s * s
        return (4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
                -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
                -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3)
    }
}
