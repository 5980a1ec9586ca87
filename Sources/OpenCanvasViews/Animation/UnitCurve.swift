import Foundation
import OpenCanvasDrawing

/// A function from 0…1 to a progress value: the shape of a `LinearKeyframe`.
public struct UnitCurve: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case bezier(Double, Double, Double, Double)
        case circularEaseIn, circularEaseOut, circularEaseInOut
    }
    let kind: Kind

    /// Progress equal to time: constant speed.
    public static let linear = UnitCurve(kind: .bezier(0, 0, 1, 1))
    /// Starts slowly and speeds up.
    public static let easeIn = UnitCurve(kind: .bezier(0.42, 0, 1, 1))
    /// Starts quickly and slows down at the end.
    public static let easeOut = UnitCurve(kind: .bezier(0, 0, 0.58, 1))
    /// Starts slowly, speeds up, then slows down at the end.
    public static let easeInOut = UnitCurve(kind: .bezier(0.42, 0, 0.58, 1))
    /// Eases in along a quarter circle: slow start, fast end.
    public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)
    /// Eases out along a quarter circle: fast start, slow end.
    public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)
    /// Eases in and out along two quarter circles.
    public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)

    /// A cubic Bézier curve from (0, 0) to (1, 1) through two control points (their
    /// x clamped to 0…1).
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        func unit(_ v: CGFloat) -> Double { v.isFinite ? min(max(Double(v), 0), 1) : 0 }
        func finite(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 0 }
        return UnitCurve(kind: .bezier(unit(startControlPoint.x), finite(startControlPoint.y),
                                       unit(endControlPoint.x), finite(endControlPoint.y)))
    }

    /// The progress at `progress` (0…1, clamped).
    public func value(at progress: Double) -> Double {
        let x = progress.isFinite ? min(max(progress, 0), 1) : 0
        switch kind {
        case let .bezier(x1, y1, x2, y2): return CubicBezierTiming(x1: x1, y1: y1, x2: x2, y2: y2).value(at: x)
        case .circularEaseIn: return 1 - (1 - x * x).squareRoot()
        case .circularEaseOut: return ((2 - x) * x).squareRoot()
        case .circularEaseInOut:
            return x < 0.5 ? (1 - (1 - 4 * x * x).squareRoot()) / 2 : ((-(2 * x - 3) * (2 * x - 1)).squareRoot() + 1) / 2
        }
    }

    /// The rate of change of the progress at `progress` (by a small difference).
    public func velocity(at progress: Double) -> Double {
        let h = 1e-4
        let a = max(0, min(progress, 1) - h), b = min(1, max(progress, 0) + h)
        return b > a ? (value(at: b) - value(at: a)) / (b - a) : 0
    }
}

/// A physical spring, described by its perceptual duration and bounce (or its
/// response and damping ratio, or mass, stiffness and damping).
public struct Spring: Hashable, Sendable {
    let model: SpringModel

    /// A spring with a perceptual duration (seconds) and a bounce: 0 for none, up to 1
    /// for undamped, negative for overdamped (clamped to −0.99…1).
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        model = SpringModel(duration: duration, bounce: bounce)
    }

    /// A spring with a response (the period of the undamped spring, seconds) and a
    /// damping ratio (1: critically damped; below: bouncy; above: overdamped).
    public init(response: Double, dampingRatio: Double) {
        model = SpringModel(response: response, dampingRatio: dampingRatio)
    }

    /// A spring from its physical constants; invalid values fall back to mass 1,
    /// stiffness 100, damping 10. Unless `allowOverDamping`, the damping ratio is capped at 1.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let c = damping.isFinite && damping >= 0 ? damping : 10
        let ratio = c / (2 * (k * m).squareRoot())
        model = SpringModel(response: 2 * .pi / (k / m).squareRoot(), dampingRatio: allowOverDamping ? ratio : min(ratio, 1))
    }

    /// The period of the undamped spring, in seconds.
    public var response: Double { model.response }
    /// How much the spring is damped: 1 is critically damped, below 1 bounces.
    public var dampingRatio: Double { model.dampingRatio }
    /// The perceptual duration, in seconds (the same as the response).
    public var duration: TimeInterval { model.response }
    /// How much the spring bounces: 0 for none, positive bounces, negative is overdamped.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// How long a unit change from rest takes to settle.
    public var settlingDuration: TimeInterval { model.unitSettlingTime }

    /// The value `time` seconds into a spring that starts at zero with
    /// `initialVelocity` and moves to `target`.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = model.coefficients(at: max(0, time.isFinite ? time : 0))
        return target + (V.zero - target).scaled(by: c.a) + initialVelocity.scaled(by: c.b)
    }

    /// The velocity at `time` of the same motion.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = model.coefficients(at: max(0, time.isFinite ? time : 0))
        return (V.zero - target).scaled(by: c.da) + initialVelocity.scaled(by: c.db)
    }
}

extension Animation {
    /// A spring animation from a `Spring`.
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        Animation(.spring(spring.model))
    }
}
