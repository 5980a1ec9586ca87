import Foundation
import OpenCanvasDrawing

// Keyframes: tracks of keyframes, each track animating one property of a value
// over time, evaluated by `KeyframeTimeline` and run by `KeyframeAnimator`.

/// A description of how a value changes over time: tracks of keyframes.
public protocol Keyframes<Value> {
    /// The type of value the keyframes animate.
    associatedtype Value
}

/// Keyframes OpenCanvas can evaluate: its tracks.
@MainActor
protocol KeyframeTracks {
    associatedtype Value
    var tracks: [AnyKeyframeTrack<Value>] { get }
}

/// The content of a keyframe track: keyframes for one animatable value.
public protocol KeyframeTrackContent<Value> {
    /// The type of value the keyframes move.
    associatedtype Value: Animatable
}

/// Track content OpenCanvas can evaluate: its keyframes.
@MainActor
protocol KeyframeList {
    associatedtype Value: Animatable
    var keyframes: [Keyframe<Value>] { get }
}

/// One keyframe: where the value goes, how, and for how long.
struct Keyframe<Value: Animatable> {
    enum Kind {
        case linear(UnitCurve)
        case spring(Spring, startVelocity: Value.AnimatableData?)
        case cubic(startVelocity: Value.AnimatableData?, endVelocity: Value.AnimatableData?)
        case move
    }
    let target: Value.AnimatableData
    /// Seconds (a spring without a duration takes its settling time).
    let duration: Double
    let kind: Kind
}

private func validDuration(_ d: TimeInterval) -> Double {
    d.isFinite && d > 0 ? min(d, 86_400) : 0
}

/// Moves to its value along a unit curve (linear by default).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeList {
    let keyframe: Keyframe<Value>
    /// A keyframe that moves to `to` over `duration` seconds along `timingCurve`
    /// (a non-positive or non-finite duration is 0; durations are capped at a day).
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        keyframe = Keyframe(target: to.animatableData, duration: validDuration(duration), kind: .linear(timingCurve))
    }
    var keyframes: [Keyframe<Value>] { [keyframe] }
}

/// Moves to its value with a spring, from the velocity the value has when it
/// starts (or `startVelocity`); the next keyframe starts from wherever the spring
/// is when this one's duration ends (its settling time by default).
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeList {
    let keyframe: Keyframe<Value>
    /// A keyframe that springs to `to`, for `duration` seconds or, when `nil`, the
    /// spring's settling time; `startVelocity`, if given, replaces the value's velocity at the start.
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        keyframe = Keyframe(target: to.animatableData,
                            duration: duration.map(validDuration) ?? spring.settlingDuration,
                            kind: .spring(spring, startVelocity: startVelocity?.animatableData))
    }
    var keyframes: [Keyframe<Value>] { [keyframe] }
}

/// Moves to its value along a cubic curve whose velocities, where not given, make
/// a smooth path through the neighbouring keyframes (Catmull–Rom).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeList {
    let keyframe: Keyframe<Value>
    /// A keyframe that moves to `to` over `duration` seconds along a cubic curve; velocities
    /// left `nil` make a smooth path (a bad duration is 0, as for `LinearKeyframe`).
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        keyframe = Keyframe(target: to.animatableData, duration: validDuration(duration),
                            kind: .cubic(startVelocity: startVelocity?.animatableData, endVelocity: endVelocity?.animatableData))
    }
    var keyframes: [Keyframe<Value>] { [keyframe] }
}

/// Jumps to its value at once.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent, KeyframeList {
    let keyframe: Keyframe<Value>
    /// A keyframe that jumps to `to` immediately, taking no time.
    public init(_ to: Value) {
        keyframe = Keyframe(target: to.animatableData, duration: 0, kind: .move)
    }
    var keyframes: [Keyframe<Value>] { [keyframe] }
}

/// Several keyframes in order (what a `KeyframeTrackContentBuilder` makes).
public struct KeyframeSequence<Value: Animatable>: KeyframeTrackContent, KeyframeList {
    let keyframes: [Keyframe<Value>]
}

/// A result builder that puts keyframes for one track in order.
@resultBuilder @MainActor
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    /// Makes a keyframe, or several, into a sequence.
    public static func buildExpression<K: KeyframeTrackContent>(_ k: K) -> KeyframeSequence<Value> where K.Value == Value {
        KeyframeSequence(keyframes: (k as? any KeyframeList).map { list in
            @MainActor func frames<L: KeyframeList>(_ l: L) -> [Keyframe<Value>] { l.keyframes as? [Keyframe<Value>] ?? [] }
            return frames(list)
        } ?? [])
    }
    /// Joins sequences one after another.
    public static func buildBlock(_ parts: KeyframeSequence<Value>...) -> KeyframeSequence<Value> {
        KeyframeSequence(keyframes: parts.flatMap(\.keyframes))
    }
    /// The keyframes of an `if` without `else`, or none.
    public static func buildOptional(_ part: KeyframeSequence<Value>?) -> KeyframeSequence<Value> {
        part ?? KeyframeSequence(keyframes: [])
    }
    /// The keyframes of an `if` branch.
    public static func buildEither(first: KeyframeSequence<Value>) -> KeyframeSequence<Value> { first }
    /// The keyframes of an `else` branch.
    public static func buildEither(second: KeyframeSequence<Value>) -> KeyframeSequence<Value> { second }
    /// The keyframes of a `for` loop, one iteration after another.
    public static func buildArray(_ parts: [KeyframeSequence<Value>]) -> KeyframeSequence<Value> {
        KeyframeSequence(keyframes: parts.flatMap(\.keyframes))
    }
}

/// The keyframes of one property of `Root` (the whole value when the key path is
/// `\.self`).
public struct KeyframeTrack<Root, TrackValue: Animatable, Content: KeyframeTrackContent>: Keyframes, KeyframeTracks
    where Content.Value == TrackValue {
    /// The whole value the track animates one property of.
    public typealias Value = Root
    let track: AnyKeyframeTrack<Root>

    /// Creates a track that animates the property at `keyPath` with the keyframes of `content`.
    public init(_ keyPath: WritableKeyPath<Root, TrackValue>,
                @KeyframeTrackContentBuilder<TrackValue> content: () -> Content) {
        track = AnyKeyframeTrack(keyPath: keyPath, keyframes: Self.frames(content()))
    }

    /// Creates a track that animates the whole value with the keyframes of `content`.
    public init(@KeyframeTrackContentBuilder<TrackValue> content: () -> Content) where Root == TrackValue {
        track = AnyKeyframeTrack(keyPath: \Root.self, keyframes: Self.frames(content()))
    }

    private static func frames(_ content: Content) -> [Keyframe<TrackValue>] {
        (content as? KeyframeSequence<TrackValue>)?.keyframes
            ?? (content as? any KeyframeList).map { list in
                @MainActor func frames<L: KeyframeList>(_ l: L) -> [Keyframe<TrackValue>] { l.keyframes as? [Keyframe<TrackValue>] ?? [] }
                return frames(list)
            } ?? []
    }

    var tracks: [AnyKeyframeTrack<Root>] { [track] }
}

/// Several tracks (what a `KeyframesBuilder` makes). Keyframes written straight
/// into the builder, with no `KeyframeTrack` around them, are one track of the
/// whole value, in their order.
public struct KeyframeTrackList<Value>: Keyframes, KeyframeTracks {
    let explicit: [AnyKeyframeTrack<Value>]
    var loose: LooseKeyframes<Value>?

    init(tracks: [AnyKeyframeTrack<Value>], loose: LooseKeyframes<Value>? = nil) {
        explicit = tracks
        self.loose = loose
    }

    var tracks: [AnyKeyframeTrack<Value>] { explicit + (loose.map { [$0.track()] } ?? []) }

    /// The tracks of `parts` side by side, their loose keyframes one after another.
    static func combining(_ parts: [KeyframeTrackList<Value>]) -> KeyframeTrackList<Value> {
        let loose = parts.compactMap(\.loose)
        let merged = loose.first.map { first in
            LooseKeyframes(frames: loose.flatMap(\.frames), build: first.build)
        }
        return KeyframeTrackList(tracks: parts.flatMap(\.explicit), loose: merged)
    }
}

/// Keyframes of the whole value, type-erased until they become a track.
struct LooseKeyframes<Value> {
    let frames: [Any]
    let build: ([Any]) -> AnyKeyframeTrack<Value>
    func track() -> AnyKeyframeTrack<Value> { build(frames) }
}

/// A result builder that gathers keyframe tracks, played side by side.
@resultBuilder @MainActor
public enum KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ k: K) -> KeyframeTrackList<Value> where K.Value == Value {
        KeyframeTrackList(tracks: (k as? any KeyframeTracks).map { t in
            @MainActor func tracks<T: KeyframeTracks>(_ t: T) -> [AnyKeyframeTrack<Value>] { t.tracks as? [AnyKeyframeTrack<Value>] ?? [] }
            return tracks(t)
        } ?? [])
    }
    /// A keyframe of the whole value, written with no `KeyframeTrack` around it.
    public static func buildExpression<K: KeyframeTrackContent>(_ k: K) -> KeyframeTrackList<Value>
        where K.Value == Value, Value: Animatable {
        let frames = KeyframeTrackContentBuilder<Value>.buildExpression(k).keyframes
        return KeyframeTrackList(tracks: [], loose: LooseKeyframes(frames: frames) { all in
            let keyframes = all.compactMap { $0 as? Keyframe<Value> }
            return KeyframeTrack<Value, Value, KeyframeSequence<Value>>(content: { KeyframeSequence(keyframes: keyframes) }).track
        })
    }
    /// Puts the tracks side by side; loose keyframes (with no `KeyframeTrack` around
    /// them) join one track of the whole value.
    public static func buildBlock(_ parts: KeyframeTrackList<Value>...) -> KeyframeTrackList<Value> {
        KeyframeTrackList.combining(parts)
    }
    /// The tracks of an `if` without `else`, or none.
    public static func buildOptional(_ part: KeyframeTrackList<Value>?) -> KeyframeTrackList<Value> {
        part ?? KeyframeTrackList(tracks: [])
    }
    /// The tracks of an `if` branch.
    public static func buildEither(first: KeyframeTrackList<Value>) -> KeyframeTrackList<Value> { first }
    /// The tracks of an `else` branch.
    public static func buildEither(second: KeyframeTrackList<Value>) -> KeyframeTrackList<Value> { second }
    /// The tracks of a `for` loop, combined as `buildBlock` combines them.
    public static func buildArray(_ parts: [KeyframeTrackList<Value>]) -> KeyframeTrackList<Value> {
        KeyframeTrackList.combining(parts)
    }
}

/// A track with its value type erased: it sets one property of `Root` to its
/// value at a time, starting from the property's value in a starting root.
@MainActor
struct AnyKeyframeTrack<Root> {
    let duration: Double
    let apply: (inout Root, Root, Double) -> Void

    init<V: Animatable>(keyPath: WritableKeyPath<Root, V>, keyframes: [Keyframe<V>]) {
        duration = keyframes.reduce(0) { $0 + $1.duration }
        apply = { root, start, time in
            var v = start[keyPath: keyPath]
            v.animatableData = KeyframePath.value(from: v.animatableData, keyframes, at: time)
            root[keyPath: keyPath] = v
        }
    }
}

/// How one track's keyframes move a value.
enum KeyframePath {
    /// The value at `time`, starting from `start` at rest.
    static func value<D: VectorArithmetic>(from start: D, _ keyframes: [Keyframe<some Animatable>], at time: Double) -> D {
        var value = start, velocity = D.zero
        var t0 = 0.0
        // The value before the segment's start (for Catmull–Rom tangents).
        var previous: (value: D, time: Double)? = nil
        var previousIsCubic = false
        for (i, k) in keyframes.enumerated() {
            guard let target = k.target as? D else { continue }
            let d = k.duration
            let local = time - t0
            if local < d {
                let s = max(0, local)
                return segment(k, from: value, velocity: velocity, to: target, start: t0, duration: d, elapsed: s,
                               previous: previous, previousIsCubic: previousIsCubic, next: next(after: i, keyframes, startTime: t0 + d, as: D.self)).value
            }
            // The segment is over: its end becomes the next one's start.
            let end = segment(k, from: value, velocity: velocity, to: target, start: t0, duration: d, elapsed: d,
                              previous: previous, previousIsCubic: previousIsCubic, next: next(after: i, keyframes, startTime: t0 + d, as: D.self))
            previous = (value, t0)
            if case .cubic = k.kind { previousIsCubic = true } else { previousIsCubic = false }
            value = end.value
            velocity = end.velocity
            t0 += d
        }
        return value
    }

    private static func next<D: VectorArithmetic>(after i: Int, _ keyframes: [Keyframe<some Animatable>], startTime: Double,
                                                as: D.Type) -> (value: D, time: Double)? {
        guard i + 1 < keyframes.count, let v = keyframes[i + 1].target as? D else { return nil }
        return (v, startTime + keyframes[i + 1].duration)
    }

    /// A segment's value and velocity `elapsed` seconds in.
    private static func segment<D: VectorArithmetic, V: Animatable>(
        _ k: Keyframe<V>, from: D, velocity: D, to: D, start: Double, duration d: Double, elapsed s: Double,
        previous: (value: D, time: Double)?, previousIsCubic: Bool, next: (value: D, time: Double)?) -> (value: D, velocity: D) {
        switch k.kind {
        case .move:
            return (to, .zero)
        case .linear(let curve):
            guard d > 0 else { return (to, .zero) }
            let p = min(s / d, 1)
            return (from + (to - from).scaled(by: curve.value(at: p)), (to - from).scaled(by: curve.velocity(at: p) / d))
        case .spring(let spring, let start):
            let v0 = (start as? D) ?? velocity
            let c = spring.model.coefficients(at: s)
            return (to + (from - to).scaled(by: c.a) + v0.scaled(by: c.b), (from - to).scaled(by: c.da) + v0.scaled(by: c.db))
        case .cubic(let startVelocity, let endVelocity):
            guard d > 0 else { return (to, .zero) }
            // Hermite between `from` (at `start`) and `to` (at `start + d`); missing
            // tangents from the neighbouring keyframes (non-uniform Catmull–Rom), or
            // the chord at the ends of the track.
            let chord = (to - from).scaled(by: 1 / d)
            // After a keyframe of another kind, the cubic starts with the velocity the
            // value has (as Apple documents); after a cubic, with a smooth tangent.
            let m0: D = (startVelocity as? D)
                ?? (previousIsCubic ? previous.map { p in (to - p.value).scaled(by: 1 / max(1e-9, start + d - p.time)) } : velocity)
                ?? chord
            let m1: D = (endVelocity as? D)
                ?? next.map { n in (n.value - from).scaled(by: 1 / max(1e-9, n.time - start)) } ?? chord
            let u = min(s / d, 1)
            let u2 = u * u, u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
            let dh00 = 6 * u2 - 6 * u, dh10 = 3 * u2 - 4 * u + 1, dh01 = -6 * u2 + 6 * u, dh11 = 3 * u2 - 2 * u
            let value = from.scaled(by: h00) + m0.scaled(by: h10 * d) + to.scaled(by: h01) + m1.scaled(by: h11 * d)
            let vel = (from.scaled(by: dh00) + m0.scaled(by: dh10 * d) + to.scaled(by: dh01) + m1.scaled(by: dh11 * d))
                .scaled(by: 1 / d)
            return (value, vel)
        }
    }
}
