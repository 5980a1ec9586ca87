import Foundation
import CanvasGeometry

#if !canImport(Darwin)
/// Core Graphics' boolean and line operations (iOS 16 / macOS 13): the same
/// operations as `Path`'s (see `Path+Operations.swift` for the semantics and the
/// orientation of results), with the fill rule given as a `CGPathFillRule`.
extension CGPath {
    /// The area covered by either path.
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.union(other.path, eoFill: rule == .evenOdd))
    }

    /// The area covered by both paths.
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.intersection(other.path, eoFill: rule == .evenOdd))
    }

    /// This path's area without the other's.
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.subtracting(other.path, eoFill: rule == .evenOdd))
    }

    /// The area covered by exactly one of the two paths.
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.symmetricDifference(other.path, eoFill: rule == .evenOdd))
    }

    /// The parts of this path's lines inside the other's area (its boundary included).
    public func lineIntersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.lineIntersection(other.path, eoFill: rule == .evenOdd))
    }

    /// The parts of this path's lines outside the other's area.
    public func lineSubtraction(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.lineSubtraction(other.path, eoFill: rule == .evenOdd))
    }

    /// The same area without overlapping or self-intersecting contours.
    public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
        CGPath(path: path.normalized(eoFill: rule == .evenOdd))
    }

    /// One path per connected piece of the area: an outer contour with the holes
    /// directly inside it (an island in a hole is a piece of its own), largest first.
    public func componentsSeparated(using rule: CGPathFillRule = .winding) -> [CGPath] {
        path.data.separatedComponents(evenOdd: rule == .evenOdd).map { CGPath(path: Path(data: $0)) }
    }

    /// The path with its curves replaced by lines no farther than `threshold` from
    /// them (a threshold that is not positive gives a fine default, bounded).
    public func flattened(threshold: CGFloat) -> CGPath {
        CGPath(path: Path(data: path.data.flattened(tolerance: Double(threshold))))
    }

    /// Whether the two paths' filled areas overlap. Apple does not say whether
    /// touching counts; here areas meeting only along an edge or at a point do not
    /// intersect, and a path inside the other does.
    public func intersects(_ other: CGPath, using rule: CGPathFillRule = .winding) -> Bool {
        path.data.overlaps(other.path.data, evenOdd: rule == .evenOdd)
    }
}
#endif
