import Foundation
import OpenCanvasDrawing

/// Shapes combined by the path operations (SwiftUI, iOS 17): the result is a shape
/// whose path in a rect is the operation on both shapes' paths in that rect.
extension Shape {
    /// A shape filling the area covered by either shape.
    public func union<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        CombinedShape(first: self, second: other, eoFill: eoFill, operation: .union)
    }

    /// A shape filling the area covered by both shapes.
    public func intersection<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        CombinedShape(first: self, second: other, eoFill: eoFill, operation: .intersection)
    }

    /// A shape filling this shape's area without the other's.
    public func subtracting<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        CombinedShape(first: self, second: other, eoFill: eoFill, operation: .subtracting)
    }

    /// A shape filling the area covered by exactly one of the two shapes.
    public func symmetricDifference<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        CombinedShape(first: self, second: other, eoFill: eoFill, operation: .symmetricDifference)
    }

    /// A shape of this shape's lines inside the other's area (its boundary included).
    public func lineIntersection<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        CombinedShape(first: self, second: other, eoFill: eoFill, operation: .lineIntersection)
    }

    /// A shape of this shape's lines outside the other's area.
    public func lineSubtraction<T: Shape>(_ other: T, eoFill: Bool = false) -> some Shape {
        CombinedShape(first: self, second: other, eoFill: eoFill, operation: .lineSubtraction)
    }
}

/// Two shapes and the operation that combines their paths; animates both shapes.
struct CombinedShape<First: Shape, Second: Shape>: Shape {
    enum Operation: Sendable {
        case union, intersection, subtracting, symmetricDifference, lineIntersection, lineSubtraction
    }

    var first: First
    var second: Second
    var eoFill: Bool
    var operation: Operation

    func path(in rect: CGRect) -> Path {
        let a = first.path(in: rect), b = second.path(in: rect)
        switch operation {
        case .union: return a.union(b, eoFill: eoFill)
        case .intersection: return a.intersection(b, eoFill: eoFill)
        case .subtracting: return a.subtracting(b, eoFill: eoFill)
        case .symmetricDifference: return a.symmetricDifference(b, eoFill: eoFill)
        case .lineIntersection: return a.lineIntersection(b, eoFill: eoFill)
        case .lineSubtraction: return a.lineSubtraction(b, eoFill: eoFill)
        }
    }

    var animatableData: AnimatablePair<First.AnimatableData, Second.AnimatableData> {
        get { AnimatablePair(first.animatableData, second.animatableData) }
        set { first.animatableData = newValue.first; second.animatableData = newValue.second }
    }
}
