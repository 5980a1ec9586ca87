import CanvasGeometry

/// Boolean and line operations (SwiftUI, iOS 17 / macOS 14).
///
/// Unclosed subpaths count as closed for the area operations, and `eoFill` picks
/// the rule that decides both paths' insides. Curves come out as pieces of the
/// input curves, never flattened. Results are closed, do not overlap or cross
/// themselves, and fill the same under either rule: outer contours run clockwise
/// on screen (the direction `Path(_ rect:)` and `Path(ellipseIn:)` take) and holes
/// the other way. Apple does not document an orientation; this is the one that
/// makes a result's signed area positive in SwiftUI's y-down space, and equal to
/// what Core Graphics' own rectangles wind in its y-up space.
extension Path {
    /// The area in this path or in `other`.
    public func union(_ other: Path, eoFill: Bool = false) -> Path {
        Path(data: data.combined(with: other.data, operation: .union, evenOdd: eoFill))
    }

    /// The area in both this path and `other`: a path clipped to a mask.
    public func intersection(_ other: Path, eoFill: Bool = false) -> Path {
        Path(data: data.combined(with: other.data, operation: .intersection, evenOdd: eoFill))
    }

    /// This path's area without `other`'s.
    public func subtracting(_ other: Path, eoFill: Bool = false) -> Path {
        Path(data: data.combined(with: other.data, operation: .subtraction, evenOdd: eoFill))
    }

    /// The area in exactly one of this path and `other`.
    public func symmetricDifference(_ other: Path, eoFill: Bool = false) -> Path {
        Path(data: data.combined(with: other.data, operation: .symmetricDifference, evenOdd: eoFill))
    }

    /// The parts of this path's lines (as a stroke draws them: open subpaths stay
    /// open) that lie in `other`'s area; lines along `other`'s edge count as inside.
    public func lineIntersection(_ other: Path, eoFill: Bool = false) -> Path {
        Path(data: data.clippedLines(by: other.data, keepingInside: true, evenOdd: eoFill))
    }

    /// The parts of this path's lines outside `other`'s area: the rest of what
    /// `lineIntersection` keeps.
    public func lineSubtraction(_ other: Path, eoFill: Bool = false) -> Path {
        Path(data: data.clippedLines(by: other.data, keepingInside: false, evenOdd: eoFill))
    }

    /// The same area as this path filled with the rule, without overlapping or
    /// self-intersecting contours. (SwiftUI's default here is even-odd.)
    public func normalized(eoFill: Bool = true) -> Path {
        Path(data: data.normalized(evenOdd: eoFill))
    }
}
