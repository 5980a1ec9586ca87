/// How a path is stroked (the engine's form of SwiftUI's `StrokeStyle`).
package struct StrokeParameters: Hashable, Sendable {
    package enum Cap: Sendable, Hashable { case butt, round, square }
    package enum Join: Sendable, Hashable { case miter, round, bevel }

    package var width: Double
    package var cap: Cap
    package var join: Join
    /// The longest miter, as a multiple of the line width, before a miter join is
    /// drawn as a bevel (Core Graphics' definition).
    package var miterLimit: Double
    package var dash: [Double]
    package var dashPhase: Double

    package init(width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10,
                 dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }
}
