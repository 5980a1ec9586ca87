import Foundation

/// How a path is filled: the fill rule and whether edges are anti-aliased.
@frozen
public struct FillStyle: Equatable, Sendable {
    /// Use the even-odd rule (otherwise non-zero winding).
    public var isEOFilled: Bool
    /// Anti-alias the edges.
    public var isAntialiased: Bool

    /// A fill style: the even-odd rule if `eoFill` (non-zero winding otherwise),
    /// anti-aliased unless `antialiased` is false.
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
    /// The radius of the top-leading corner.
    public var topLeading: CGFloat
    /// The radius of the bottom-leading corner.
    public var bottomLeading: CGFloat
    /// The radius of the bottom-trailing corner.
    public var bottomTrailing: CGFloat
    /// The radius of the top-trailing corner.
    public var topTrailing: CGFloat

    /// Radii for each corner; a corner not given is square (radius 0).
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0,
                topTrailing: CGFloat = 0) {
        self.topLeading = topLeading; self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing; self.topTrailing = topTrailing
    }
}
