import Foundation
import OpenCanvasDrawing

/// A damped harmonic oscillator x″ + 2ζω x′ + ω² x = 0, where x is the
/// displacement from the target: closed-form position and velocity for any
/// starting displacement and velocity (under-, critically and over-damped).
struct SpringModel: Hashable, Sendable {
    /// The period of the undamped spring, in seconds.
    let response: Double
    /// ζ: 1 is critically damped.
    let dampingRatio: Double

    /// The settling time of a unit change from rest (a repeating spring's cycle).
    private(set) var unitSettlingTime: Double

    init(response: Double, dampingRatio: Double) {
        self.response = response.isFinite && response > 0 ? max(response, 1e-3) : 0.5
        self.dampingRatio = dampingRatio.isFinite ? min(max(dampingRatio, 0), 100) : 0.825
        unitSettlingTime = 0
        unitSettlingTime = settlingTime(displacement: 1, velocity: 0)
    }

    /// Apple's perceptual parameters: the duration is the response, and bounce b
    /// gives ζ = 1 − b (b ≥ 0) or 1 / (1 + b) (b < 0, overdamped).
    init(duration: Double, bounce: Double) {
        let b = bounce.isFinite ? min(max(bounce, -0.99), 1) : 0
        self.init(response: duration, dampingRatio: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    var omega: Double { 2 * .pi / response }

    /// (position, velocity) coefficients: x(t) = x0·a + v0·b, x′(t) = x0·da + v0·db.
    func coefficients(at t: Double) -> (a: Double, b: Double, da: Double, db: Double) {
        let w = omega, z = dampingRatio
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let e = exp(-z * w * t), c = cos(wd * t), s = sin(wd * t)
            return (e * (c + z * w / wd * s), e * s / wd, -e * w * w / wd * s, e * (c - z * w / wd * s))
        }
        if z == 1 {
            let e = exp(-w * t)
            return (e * (1 + w * t), t * e, -w * w * t * e, e * (1 - w * t))
        }
        let root = w * (z * z - 1).squareRoot()
        let r1 = -z * w + root, r2 = -z * w - root
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        // x0 = 1, v0 = 0: c1 = −r2 / (r1 − r2); x0 = 0, v0 = 1: c1 = 1 / (r1 − r2).
        let a1 = -r2 / (r1 - r2), a2 = 1 - a1
        let b1 = 1 / (r1 - r2), b2 = -b1
        return (a1 * e1 + a2 * e2, b1 * e1 + b2 * e2, a1 * r1 * e1 + a2 * r2 * e2, b1 * r1 * e1 + b2 * r2 * e2)
    }

    func position(at t: Double, displacement x0: Double, velocity v0: Double) -> Double {
        let c = coefficients(at: t)
        return x0 * c.a + v0 * c.b
    }

    /// When the motion stays within `epsilon` of the target (position, and
    /// velocity times a tenth of a second): found by stepping at 1/240 s over a
    /// bound that decays, at most 60 s (an undamped spring never settles).
    func settlingTime(displacement x0: Double, velocity v0: Double, epsilon: Double = 1e-3) -> Double {
        let x = abs(x0), v = abs(v0)
        guard x > 0 || v > 0 else { return 0 }
        let w = omega, z = dampingRatio
        if z < 1 {
            guard z > 0 else { return 60 }
            let wd = w * (1 - z * z).squareRoot()
            // |x(t)| ≤ e^(−ζωt)·(|x0|(1 + ζω/ωd) + |v0|/ωd), and likewise for x′/ω.
            let amplitude = x * (1 + z * w / wd) + v / wd + (x * w / wd + v * (1 + z * w / wd) / w) * 0.1 * w
            let t = log(max(amplitude / epsilon, 1)) / (z * w)
            return min(t, 60)
        }
        var t = 0.0
        while t < 60 {
            let c = coefficients(at: t)
            let p = x0 * c.a + v0 * c.b, d = x0 * c.da + v0 * c.db
            if abs(p) + abs(d) * 0.1 < epsilon { return t }
            t += 1.0 / 240
        }
        return 60
    }
}
