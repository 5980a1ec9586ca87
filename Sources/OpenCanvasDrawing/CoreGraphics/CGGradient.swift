import Foundation

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// A gradient (Core Graphics' type): colours at locations 0…1.
public final class CGGradient: @unchecked Sendable {
    let gradient: Gradient

    /// A gradient from colours at `locations` (evenly spaced when `nil`); `nil`
    /// when there are no colours or the counts differ.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        let n = colors.count
        var stops: [Gradient.Stop] = []
        for (i, c) in colors.enumerated() {
            let location = locations.map { Double($0[i]) } ?? (n == 1 ? 0 : Double(i) / Double(n - 1))
            stops.append(Gradient.Stop(color: Color(resolving: c), location: location))
        }
        gradient = Gradient(stops: stops)
    }

    /// A gradient from `count` colours' components (the space's components plus
    /// alpha each).
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0, count <= 1 << 16 else { return nil }
        let per = space.numberOfComponents + 1
        var stops: [Gradient.Stop] = []
        for i in 0..<count {
            let values = (0..<per).map { components[i * per + $0] }
            let color = Color(resolving: CGColor(space: space, values: values))
            let location = locations.map { Double($0[i]) } ?? (count == 1 ? 0 : Double(i) / Double(count - 1))
            stops.append(Gradient.Stop(color: color, location: location))
        }
        gradient = Gradient(stops: stops)
    }
}

/// Whether a gradient also paints before its start and after its end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Also paints before the start location, with the first colour.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Also paints after the end location, with the last colour.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
#endif
