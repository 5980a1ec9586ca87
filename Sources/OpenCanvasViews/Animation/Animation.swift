import Foundation
import OpenCanvasDrawing

/// How a change of state moves on screen: a timing curve over a duration, or a
/// spring, with a delay, a speed and repetitions.
///
/// Springs are physical: a spring that takes over from another animation of the
/// same value starts with the value's current velocity. A timing curve that
/// takes over starts from the value on screen at rest (OpenCanvas's choice; SwiftUI
/// adds timing-curve animations together instead).
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    enum Curve: Hashable, Sendable {
        /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2).
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
        case spring(SpringModel)
    }

    var curve: Curve
    var delay: Double = 0
    var speed: Double = 1
    /// How many times the animation runs (`nil`: for ever).
    var repeatCount: Int? = 1
    var autoreverses = false
    /// A spring's starting velocity, in fractions of the change per second.
    var initialVelocity: Double = 0

    init(_ curve: Curve) { self.curve = curve }

    public var description: String {
        switch curve {
        case let .bezier(x1, y1, x2, y2, d): return "Animation.timingCurve(\(x1), \(y1), \(x2), \(y2), duration: \(d))"
        case let .spring(s): return "Animation.spring(response: \(s.response), dampingFraction: \(s.dampingRatio))"
        }
    }

    // MARK: Timing curves

    /// The default animation: since iOS 17, a smooth spring of 0.5 s without bounce.
    public static let `default` = Animation.spring(duration: 0.5, bounce: 0)

    static func duration(_ d: Double) -> Double { d.isFinite && d >= 0 ? d : 0.35 }

    /// An animation that moves at a constant speed over `duration` seconds
    /// (a negative or non-finite duration becomes 0.35 s).
    public static func linear(duration: TimeInterval) -> Animation {
        Animation(.bezier(x1: 0, y1: 0, x2: 1, y2: 1, duration: Self.duration(duration)))
    }
    /// A constant-speed animation of 0.35 s.
    public static var linear: Animation { linear(duration: 0.35) }

    /// An animation that starts slowly and speeds up, over `duration` seconds
    /// (a negative or non-finite duration becomes 0.35 s).
    public static func easeIn(duration: TimeInterval) -> Animation {
        Animation(.bezier(x1: 0.42, y1: 0, x2: 1, y2: 1, duration: Self.duration(duration)))
    }
    /// An ease-in animation of 0.35 s.
    public static var easeIn: Animation { easeIn(duration: 0.35) }

    /// An animation that starts quickly and slows down at the end, over `duration`
    /// seconds (a negative or non-finite duration becomes 0.35 s).
    public static func easeOut(duration: TimeInterval) -> Animation {
        Animation(.bezier(x1: 0, y1: 0, x2: 0.58, y2: 1, duration: Self.duration(duration)))
    }
    /// An ease-out animation of 0.35 s.
    public static var easeOut: Animation { easeOut(duration: 0.35) }

    /// An animation that starts slowly, speeds up, then slows down at the end, over
    /// `duration` seconds (a negative or non-finite duration becomes 0.35 s).
    public static func easeInOut(duration: TimeInterval) -> Animation {
        Animation(.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, duration: Self.duration(duration)))
    }
    /// An ease-in-out animation of 0.35 s.
    public static var easeInOut: Animation { easeInOut(duration: 0.35) }

    /// A cubic Bézier timing curve through (0, 0), (c0x, c0y), (c1x, c1y), (1, 1);
    /// the x coordinates are clamped to 0…1 so that time runs forward.
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: TimeInterval = 0.35) -> Animation {
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Animation(.bezier(x1: unit(c0x), y1: finite(c0y), x2: unit(c1x), y2: finite(c1y),
                                 duration: Self.duration(duration)))
    }

    // MARK: Springs

    /// A spring with a response (the period of the undamped spring, seconds) and a
    /// damping fraction (1: critically damped, below: bouncy, above: overdamped).
    /// `blendDuration` is accepted; a spring that takes over keeps the velocity,
    /// which is what blending smooths.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: TimeInterval = 0) -> Animation {
        Animation(.spring(SpringModel(response: response, dampingRatio: dampingFraction)))
    }

    /// A spring with a perceptual duration and a bounce (0: no bounce; up to 1:
    /// undamped; negative: overdamped), as Apple's `Spring(duration:bounce:)`.
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0,
                              blendDuration: Double = 0) -> Animation {
        Animation(.spring(SpringModel(duration: duration, bounce: bounce)))
    }

    /// A spring of 0.5 s without bounce.
    public static var spring: Animation { spring(duration: 0.5, bounce: 0) }

    /// A spring from its physical constants (ω = √(k/m), ζ = c / 2√(km)), with a
    /// starting velocity in fractions of the change per second.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let c = damping.isFinite && damping >= 0 ? damping : 10
        var a = Animation(.spring(SpringModel(response: 2 * .pi / (k / m).squareRoot(),
                                              dampingRatio: c / (2 * (k * m).squareRoot()))))
        a.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        return a
    }

    /// `interpolatingSpring` with Apple's perceptual parameters.
    public static func interpolatingSpring(duration: TimeInterval = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        var a = spring(duration: duration, bounce: bounce)
        a.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        return a
    }

    /// An interpolating spring of 0.5 s without bounce.
    public static var interpolatingSpring: Animation { interpolatingSpring() }

    /// A spring for interactive changes: response 0.15 s, damping 0.86.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
    /// A spring for interactive changes, with the default response and damping.
    public static var interactiveSpring: Animation { interactiveSpring() }

    /// A spring with no bounce (base bounce 0).
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0 + extraBounce)
    }
    /// A smooth spring of 0.5 s without bounce.
    public static var smooth: Animation { smooth() }

    /// A spring with a little bounce (base bounce 0.15).
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A snappy spring of 0.5 s with a little bounce.
    public static var snappy: Animation { snappy() }

    /// A spring with more bounce (base bounce 0.3).
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }
    /// A bouncy spring of 0.5 s.
    public static var bouncy: Animation { bouncy() }

    // MARK: Modifiers

    /// Starts the animation `delay` seconds later.
    public func delay(_ delay: TimeInterval) -> Animation {
        // The delay wraps what it is applied to: a speed applied earlier does not
        // change it, one applied later does (`speed` scales the stored delay).
        var a = self
        if delay.isFinite { a.delay += max(0, delay) }
        return a
    }

    /// Runs the animation `speed` times as fast (non-positive or non-finite
    /// speeds are ignored).
    public func speed(_ speed: Double) -> Animation {
        var a = self
        if speed.isFinite, speed > 0 { a.speed *= speed; a.delay /= speed }
        return a
    }

    /// Repeats the animation `repeatCount` times, each other run backwards when it
    /// autoreverses.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = max(1, repeatCount)
        a.autoreverses = autoreverses
        return a
    }

    /// Repeats the animation for as long as the view exists.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self
        a.repeatCount = nil
        a.autoreverses = autoreverses
        return a
    }

    // MARK: Evaluation

    var isSpring: Bool { if case .spring = curve { return true } else { return false } }

    /// The length of one run in seconds at speed 1 (a spring's is its settling time
    /// for a unit change from rest).
    var cycleDuration: Double {
        switch curve {
        case let .bezier(_, _, _, _, d): return d
        case let .spring(s): return s.unitSettlingTime
        }
    }

    /// The fraction of the way from the start value to the target at `time` seconds
    /// after the animation began (repetitions included), and whether it is over.
    func fraction(at time: Double) -> (fraction: Double, finished: Bool) {
        let local = (time - delay) * speed
        guard local > 0 else { return (0, false) }
        let d = cycleDuration
        guard d > 0 else { return (1, true) }
        var cycle = local / d
        if let count = repeatCount, cycle >= Double(count) {
            return (1, true)
        }
        // A run too short to count its cycles (a forever repeat of ~0 s): the end.
        guard cycle.isFinite else { return (1, repeatCount != nil) }
        if cycle > 1e9 { cycle = cycle.truncatingRemainder(dividingBy: 2) }
        let n = cycle.rounded(.down)
        var p = cycle - n
        if autoreverses, Int(n) % 2 == 1 { p = 1 - p }
        return (unitCurve(p), false)
    }

    /// The curve's value at a fraction of one run's time.
    func unitCurve(_ p: Double) -> Double {
        switch curve {
        case let .bezier(x1, y1, x2, y2, _):
            return CubicBezierTiming(x1: x1, y1: y1, x2: x2, y2: y2).value(at: p)
        case let .spring(s):
            return 1 - s.position(at: p * s.unitSettlingTime, displacement: 1, velocity: 0)
        }
    }
}

/// A cubic Bézier timing function: time runs along x, progress along y.
struct CubicBezierTiming {
    let x1, y1, x2, y2: Double

    private func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
        // B(t) = 3(1−t)²t·a + 3(1−t)t²·b + t³
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    private func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// The parameter t with x(t) = x: Newton's method, then bisection if needed.
    func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = coordinate(t, x1, x2) - x
            if abs(error) < 1e-9 { return t }
            let d = slope(t, x1, x2)
            if abs(d) < 1e-9 { break }
            t -= error / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = coordinate(t, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return coordinate(parameter(forX: x), y1, y2)
    }
}
