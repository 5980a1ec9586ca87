import Foundation

/// How a path is filled: the fill rule and whether edges are anti-aliased.
@frozen
public struct FillStyle: Equatable, Sendable {
    /// Use the even-odd rule (otherwise non-zero winding).
    public var isEOFilled: Bool
    /// Anti-alias the edges.
    public var isAntialiased: Bool

    @inlinable
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The style of a rounded rectangle's corners.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter-circle corners.
    case circular
    /// Continuous-curvature corners (Apple's smooth corner). The default wherever a
    /// corner style is taken.
    case continuous
}

/// The radii of each corner of a rounded rectangle.
@frozen
public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading: CGFloat
    public var bottomLeading: CGFloat
    public var bottomTrailing: CGFloat
    public var topTrailing: CGFloat

    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0,
                topTrailing: CGFloat = 0) {
        self.topLeading = topLeading; self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing; self.topTrailing = topTrailing
    }
}
