import Foundation
import CanvasGeometry

extension Path: CustomStringConvertible, LosslessStringConvertible {
    /// The path's elements in Core Graphics' description format (numbers, then `m`,
    /// `l`, `q`, `c` or `h`), which `init?(_:)` reads back.
    public var description: String { data.pathDescription }

    /// A path from `description`'s format; `nil` if the text is not one.
    public init?(_ string: String) {
        guard let d = PathData(pathDescription: string) else { return nil }
        self.init(data: d)
    }
}

extension Path {
    /// The part of the path between two fractions of its length (each clamped to
    /// 0…1), measured along the whole path, subpath after subpath. Empty when `from`
    /// is not less than `to`.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        if from <= 0 && to >= 1 { return self }
        return Path(data: data.trimmed(from: Double(from), to: Double(to)))
    }

    /// The outline of the path stroked with `style`, as a path to fill with the
    /// non-zero rule. Curves are flattened within 0.01 points first; a width of zero
    /// (a hairline, which has no outline) gives an empty path.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        guard let p = GraphicsContext.strokeParameters(style), p.width > 0 else { return Path() }
        return Path(data: Stroker.stroke(data, p, tolerance: 0.01))
    }

    /// Adds an arc of `radius` tangent to the line from the current point to
    /// `tangent1End` and to the line from `tangent1End` to `tangent2End`, joined to the
    /// current point by a line. Zero radius or collinear points give a line to
    /// `tangent1End`.
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard tangent1End.isFinite, tangent2End.isFinite, radius.isFinite, transform.isFiniteTransform else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        edit { $0.addTangentArc(tangent1End.point, tangent2End.point, radius: Double(radius), transform: transform.engine) }
    }
}
