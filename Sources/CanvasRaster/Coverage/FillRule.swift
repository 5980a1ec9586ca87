/// Which points a path encloses.
public enum FillRule: Sendable, Hashable {
    /// A point is inside when the path winds around it a non-zero number of times.
    case nonZero
    /// A point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd

    @inlinable @inline(__always)
    public func isInside(_ winding: Int32) -> Bool {
        switch self {
        case .nonZero: return winding != 0
        case .evenOdd: return winding & 1 != 0
        }
    }
}
