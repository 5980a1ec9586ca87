import Foundation
import OpenCanvasDrawing

/// One animatable value of a view in the graph: its target (the value the view's
/// state asks for) and the animation, if any, moving what is shown towards it.
/// A graph slot that may hold a running animation.
@MainActor
protocol AnimationRunHolder: AnyObject {
    /// Ends the run (its view went away): its completion counts it as done.
    func cancelRun()
}

@MainActor
final class AnimatedValue<Value: VectorArithmetic>: AnimationRunHolder {
    var target: Value
    var run: Run?

    struct Run {
        let from: Value
        let to: Value
        let velocity: Value
        let start: Date
        let animation: Animation
        let completion: AnimationCompletion?
        /// A spring's settling time for this displacement and velocity.
        let springDuration: Double
    }

    init(_ value: Value) { target = value }

    func cancelRun() {
        guard let run else { return }
        self.run = nil
        run.completion?.finished()
    }

    /// The value shown at `date`, its velocity per second, and whether the run is over.
    func sample(_ run: Run, at date: Date) -> (value: Value, velocity: Value, finished: Bool) {
        let t = date.timeIntervalSince(run.start)
        let delta = run.from - run.to
        if case let .spring(spring) = run.animation.curve, run.animation.repeatCount == 1 {
            // Physical: the displacement decays from `from − to` with the starting velocity.
            // Local time runs `speed` times as fast: the starting velocity (per real
            // second) is `velocity / speed` per local second.
            let speed = run.animation.speed
            let local = max(0, (t - run.animation.delay) * speed)
            if local >= run.springDuration { return (run.to, .zero, true) }
            let c = spring.coefficients(at: local)
            let value = run.to + delta.scaled(by: c.a) + run.velocity.scaled(by: c.b / speed)
            let velocity = delta.scaled(by: c.da * speed) + run.velocity.scaled(by: c.db)
            return (value, velocity, false)
        }
        let (f, finished) = run.animation.fraction(at: t)
        if finished { return (run.to, .zero, true) }
        let value = run.from + (run.to - run.from).scaled(by: f)
        // The velocity by a small difference (used when a spring takes over).
        let h = 1e-3
        let (f2, _) = run.animation.fraction(at: t + h)
        return (value, (run.to - run.from).scaled(by: (f2 - f) / h), false)
    }
}

extension ViewGraph {
    /// The value to show for an animatable property at the graph's date: `target`
    /// when nothing animates it, else the animation's value. A change of target made
    /// in a transaction with an animation starts a run from the value on screen
    /// (springs keep its velocity); `owner` (a body) is evaluated again at every
    /// frame until the run ends.
    func animatedValue<Value: VectorArithmetic>(_ key: SlotKey, _ target: Value, owner: String?) -> Value {
        guard let owner else { return target }
        let record = slot(key.animation) { AnimatedValue(target) }
        let now = date
        // A change made in a transaction starts at the date it was made.
        let changed = min(buildTransaction?.start ?? now, now)
        if record.target != target {
            var shown = record.target, velocity = Value.zero
            if let run = record.run {
                let s = record.sample(run, at: changed)
                shown = s.value
                velocity = s.velocity
                record.run = nil
                run.completion?.finished()
            }
            let transaction = buildTransaction
            if let animation = transaction?.animation, !(shown - target).magnitudeSquared.isZero,
               shown.magnitudeSquared.isFinite, target.magnitudeSquared.isFinite {
                let v = animation.isSpring ? velocity + (target - shown).scaled(by: animation.initialVelocity) : .zero
                var springDuration = 0.0
                if case let .spring(spring) = animation.curve {
                    springDuration = spring.settlingTime(displacement: (shown - target).magnitudeSquared.squareRoot(),
                                                         velocity: v.magnitudeSquared.squareRoot() / animation.speed)
                }
                transaction?.completion?.started()
                record.run = AnimatedValue.Run(from: shown, to: target, velocity: v, start: changed, animation: animation,
                                               completion: transaction?.completion, springDuration: springDuration)
            }
            record.target = target
        }
        guard let run = record.run else {
            animations.running[key] = nil
            return target
        }
        let s = record.sample(run, at: now)
        if s.finished {
            record.run = nil
            animations.running[key] = nil
            run.completion?.finished()
            return target
        }
        animations.running[key] = owner
        return s.value
    }

    /// `value` with its animatable data as shown now (see `animatedValue`).
    func animated<A: Animatable>(_ value: A, key: SlotKey, owner: String?) -> A {
        guard A.AnimatableData.self != EmptyAnimatableData.self else { return value }
        var shown = value
        shown.animatableData = animatedValue(key, value.animatableData, owner: owner)
        return shown
    }

    /// An existential animatable view as shown now.
    func animatedView(_ value: any Animatable, key: SlotKey, owner: String?) -> any Animatable {
        animated(value, key: key, owner: owner)
    }

    /// Builds a subtree with another transaction (`.animation`, `.transaction`).
    func withBuildTransaction<T>(_ transaction: Transaction?, _ body: () -> T) -> T {
        let saved = buildTransaction
        buildTransaction = transaction
        defer { buildTransaction = saved }
        return body()
    }
}
