import Foundation

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// A two-dimensional vector (Core Graphics' type; Linux Foundation has none).
public struct CGVector: Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    /// A vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector with the given components.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector with the given components.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }

    /// The zero vector.
    public static let zero = CGVector()
}

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    /// Lines end squarely at their end points.
    case butt = 0
    /// Lines end in a semicircle around their end points.
    case round = 1
    /// Lines end squarely, half the line width past their end points.
    case square = 2
}

/// How the corners of stroked paths are drawn.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp corners, bevelled where they would reach beyond the miter limit.
    case miter = 0
    /// Rounded corners.
    case round = 1
    /// Corners cut off flat.
    case bevel = 2
}
#endif
