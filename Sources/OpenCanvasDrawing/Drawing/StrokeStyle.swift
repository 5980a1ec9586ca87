import Foundation

/// The characteristics of a stroke that traces a path.
@frozen
public struct StrokeStyle: Equatable, Sendable {
    /// The width of the line, in user space. A negative or non-finite width is
    /// ignored when stroking (1 is used).
    public var lineWidth: CGFloat
    /// The shape of the ends of open subpaths.
    public var lineCap: CGLineCap
    /// The shape of the corners where segments meet.
    public var lineJoin: CGLineJoin
    /// The longest a miter join may be, as a multiple of the line width, before it
    /// is drawn as a bevel. A non-positive or non-finite limit is ignored (10 is used).
    public var miterLimit: CGFloat
    /// Lengths of alternately painted and unpainted stretches, starting with a
    /// painted one; empty for a solid line. An odd-length pattern is used twice over;
    /// a pattern with a NaN, infinite or negative entry, or all zeros, draws solid.
    public var dash: [CGFloat]
    /// How far into the dash pattern each subpath starts; a non-finite phase counts
    /// as 0.
    public var dashPhase: CGFloat

    /// A stroke style. The defaults are a 1-point line with butt caps and miter
    /// joins, a miter limit of 10 and no dashes.
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }
}
