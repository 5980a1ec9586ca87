import Foundation
import OpenCanvasDrawing

/// A type that can be added, subtracted and scaled: what animations interpolate.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value with each component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var v = self
        v.scale(by: rhs)
        return v
    }

    /// `self + (other − self) × fraction`.
    public func interpolated(towards other: Self, amount: Double) -> Self {
        self + (other - self).scaled(by: amount)
    }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// Two animatable values animated together.
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second

    /// Pairs two values to animate together.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public static var zero: Self { Self(.zero, .zero) }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.first + rhs.first, lhs.second + rhs.second) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.first - rhs.first, lhs.second - rhs.second) }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// The animatable data of a type with nothing to animate.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    /// The empty value.
    public init() {}
    public static var zero: Self { Self() }
    public static func + (lhs: Self, rhs: Self) -> Self { Self() }
    public static func - (lhs: Self, rhs: Self) -> Self { Self() }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// A type whose value an animation can interpolate, through `animatableData`.
/// A view or shape that declares it is drawn with the interpolated data at every
/// frame of an animation. Main-actor isolated, as views are (and as in Apple's
/// current SDK), so that a view's or shape's `animatableData` may read its state.
@MainActor @preconcurrency
public protocol Animatable {
    /// The type of the data an animation interpolates.
    associatedtype AnimatableData: VectorArithmetic
    /// The data to animate: animations read it at the ends and set it to interpolated values.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing to animate: reads as empty data, and setting it does nothing.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself, for a value that is its own vector.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

// Numbers animate themselves (keyframe tracks of a `Double` property, say).
extension Double: Animatable {}
extension Float: Animatable {}
extension CGFloat: Animatable {}

extension CGPoint: Animatable {
    /// The point's x and y.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    /// The size's width and height.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    /// The rectangle's origin and size.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}

extension Angle: Animatable {
    /// The angle in radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension UnitPoint: Animatable {
    /// The unit point's x and y.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension Color.Resolved: Animatable {
    /// Colours interpolate in linear light, premultiplied by opacity (so a fade to
    /// clear does not darken).
    public var animatableData: AnimatablePair<AnimatablePair<Float, Float>, AnimatablePair<Float, Float>> {
        get {
            AnimatablePair(AnimatablePair(linearRed * opacity, linearGreen * opacity),
                           AnimatablePair(linearBlue * opacity, opacity))
        }
        set {
            let a = newValue.second.second
            opacity = a
            guard a > 0 else { red = 0; green = 0; blue = 0; return }
            red = Float(Color.linearToSRGB(Double(newValue.first.first / a)))
            green = Float(Color.linearToSRGB(Double(newValue.first.second / a)))
            blue = Float(Color.linearToSRGB(Double(newValue.second.first / a)))
        }
    }
}
