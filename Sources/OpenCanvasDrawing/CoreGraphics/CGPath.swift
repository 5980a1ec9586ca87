import Foundation
import CanvasGeometry

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// An immutable graphics path (Core Graphics' type), a reference to a `Path`.
public class CGPath: @unchecked Sendable, Equatable, CustomStringConvertible {
    var path: Path

    init(path: Path) { self.path = path }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.path == b.path }

    /// The box around every point, control points included.
    public var boundingBox: CGRect { path.isEmpty ? .null : path.data.controlBounds.cgRect }
    /// The box around the path's outline (control points left out).
    public var boundingBoxOfPath: CGRect { path.boundingRect }
    /// The path's current point (`.zero` when it has none).
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }
    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// Whether `point` is inside the path mapped through `transform`, by `rule`; a
    /// non-finite point is outside.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        path.applying(transform).contains(point, eoFill: rule == .evenOdd)
    }

    /// A copy of the path.
    public func copy() -> CGPath? { CGPath(path: path) }
    /// A copy of the path mapped through `transform` (unchanged when it is `nil`).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path: transform.map { path.applying($0.pointee) } ?? path)
    }
    /// A mutable copy of the path.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path: path) }

    public var description: String { path.description }

    /// A rectangle path.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var p = Path()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(path: p)
    }

    /// An ellipse path.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var p = Path()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(path: p)
    }

    /// A rounded-rectangle path (circular corners, as Core Graphics draws them).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        var p = Path()
        p.addRoundedRect(in: rect, cornerSize: CGSize(width: cornerWidth, height: cornerHeight), style: .circular,
                         transform: transform?.pointee ?? .identity)
        self.init(path: p)
    }
}

/// A path that can be built (Core Graphics' type).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(path: Path()) }
    override init(path: Path) { super.init(path: path) }

    /// Begins a new subpath at `point` mapped through `transform`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform))
    }

    /// Adds a line from the current point to `point` mapped through `transform`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.addLine(to: point.applying(transform))
    }

    /// Moves to the first point and adds lines to the others, mapped through `transform`.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        path.addLines(points.map { $0.applying(transform) })
    }

    /// Adds a quadratic Bézier curve from the current point to `end`, mapped through
    /// `transform`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    /// Adds a cubic Bézier curve from the current point to `end`, mapped through
    /// `transform`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: end.applying(transform), control1: control1.applying(transform),
                      control2: control2.applying(transform))
    }

    /// Adds a closed rectangular subpath, mapped through `transform`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        path.addRect(rect, transform: transform)
    }

    /// Adds a closed rectangular subpath for each rectangle, mapped through `transform`.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        path.addRects(rects, transform: transform)
    }

    /// Adds an ellipse inscribed in `rect` as a closed subpath, mapped through `transform`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        path.addEllipse(in: rect, transform: transform)
    }

    /// Adds a closed rounded-rectangle subpath with corners `cornerWidth` by
    /// `cornerHeight` (circular corners, as Core Graphics draws them), mapped through
    /// `transform`.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        path.addRoundedRect(in: rect, cornerSize: CGSize(width: cornerWidth, height: cornerHeight), style: .circular,
                            transform: transform)
    }

    /// An arc of a circle, as Core Graphics adds it (`clockwise` in the path's own
    /// space: y up, so it turns the other way on a y-down screen).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        path.addArc(center: center, radius: radius, startAngle: .radians(Double(startAngle)),
                    endAngle: .radians(Double(endAngle)), clockwise: clockwise, transform: transform)
    }

    /// Adds an arc from `startAngle` sweeping `delta` radians (clamped to a full turn
    /// either way), joined to the current point by a line, mapped through `transform`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        path.addRelativeArc(center: center, radius: radius, startAngle: .radians(Double(startAngle)),
                            delta: .radians(Double(delta)), transform: transform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from there to `tangent2End`, joined to the current point by a line;
    /// zero radius or collinear points give a line to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: transform)
    }

    /// Appends the subpaths of `other`, mapped through `transform`.
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) {
        path.addPath(other.path, transform: transform)
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() { path.closeSubpath() }
}

/// The rule that decides a path's inside.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the path winds around a point a non-zero number of times.
    case winding = 0
    /// Inside where a ray from a point crosses the path an odd number of times.
    case evenOdd = 1
}

/// How a path is painted by `CGContext.drawPath(using:)`.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill by the non-zero winding rule.
    case fill = 0
    /// Fill by the even-odd rule.
    case eoFill = 1
    /// Stroke.
    case stroke = 2
    /// Fill by the non-zero winding rule, then stroke.
    case fillStroke = 3
    /// Fill by the even-odd rule, then stroke.
    case eoFillStroke = 4
}
#endif

extension Path {
    /// A path from a Core Graphics path.
    public init(_ path: CGPath) { self = path.path }

    /// The path as an immutable Core Graphics path.
    public var cgPath: CGPath { CGPath(path: self) }
}
