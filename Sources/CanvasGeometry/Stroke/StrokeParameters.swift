/// How a path is stroked (the engine's form of SwiftUI's `StrokeStyle`).
public struct StrokeParameters: Hashable, Sendable {
    public enum Cap: Sendable, Hashable { case butt, round, square }
    public enum Join: Sendable, Hashable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    /// The longest miter, as a multiple of the line width, before a miter join is
    /// drawn as a bevel (Core Graphics' definition).
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double

    public init(width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10,
                 dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }
}
