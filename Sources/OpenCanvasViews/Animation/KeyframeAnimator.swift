import Foundation
import OpenCanvasDrawing

/// A value over time, from keyframes: each track moves one property from its
/// value in `initialValue`.
@MainActor
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [AnyKeyframeTrack<Value>]

    /// Creates a timeline that starts from `initialValue` and plays the keyframes the builder makes.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        self.tracks = Self.tracks(of: content())
    }

    init(initialValue: Value, keyframes: some Keyframes<Value>) {
        self.initialValue = initialValue
        self.tracks = Self.tracks(of: keyframes)
    }

    private static func tracks<K: Keyframes>(of keyframes: K) -> [AnyKeyframeTrack<Value>] where K.Value == Value {
        guard let t = keyframes as? any KeyframeTracks else { return [] }
        @MainActor func tracks<T: KeyframeTracks>(_ t: T) -> [AnyKeyframeTrack<Value>] { t.tracks as? [AnyKeyframeTrack<Value>] ?? [] }
        return tracks(t)
    }

    /// The length of the longest track, in seconds.
    public var duration: TimeInterval { tracks.map(\.duration).max() ?? 0 }

    /// The value `time` seconds in (the start before 0, the end after the
    /// duration).
    public func value(time: Double) -> Value {
        let t = time.isFinite ? max(0, time) : 0
        var value = initialValue
        for track in tracks { track.apply(&value, initialValue, t) }
        return value
    }

    /// The value at a fraction (0…1) of the duration.
    public func value(progress: Double) -> Value {
        value(time: (progress.isFinite ? min(max(progress, 0), 1) : 0) * duration)
    }
}

/// A container that plays keyframes over its content: each time `trigger`
/// changes (from the value shown then), or over and over (`repeating`).
///
/// On the host's clock: headless, `advance(by:)` steps it; in a window it draws at
/// the display's pace while it runs and costs nothing when done. After a
/// triggered run the content keeps the value the keyframes end at.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View where KeyframePath.Value == Value {
    let initialValue: Value
    let trigger: PhaseTrigger?
    let repeating: Bool
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath

    /// Plays the keyframes each time `trigger` changes, starting from the value shown
    /// at that moment; `content` draws the view for the current value.
    public init(initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.trigger = PhaseTrigger(trigger)
        self.repeating = false
        self.content = content
        self.keyframes = keyframes
    }

    /// Plays the keyframes over and over while `repeating` (else shows `initialValue`).
    public init(initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.trigger = nil
        self.repeating = repeating
        self.content = content
        self.keyframes = keyframes
    }

    /// A keyframe animator is a primitive view: OpenCanvas draws it itself.
    public typealias Body = Never
}

/// A keyframe animator's run: the timeline playing and when it started, and the
/// value shown last.
@MainActor
final class KeyframeRun<Value>: AnimationRunHolder {
    var shown: Value
    var trigger: PhaseTrigger?
    var timeline: KeyframeTimeline<Value>?
    var start = Date()

    init(_ value: Value) { shown = value }
    func cancelRun() { timeline = nil }
}

extension KeyframeAnimator: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let content = self.content
        guard let graph = ViewGraph.current else {
            return OpenCanvasViews.makeNode(content(initialValue), environment: environment)
        }
        let identity = graph.currentIdentity
        let key = SlotKey(identity, "keyframes")
        let run = graph.slot(key.animation) { KeyframeRun(initialValue) }
        let keyframes = self.keyframes
        if let trigger {
            // A change of trigger starts the keyframes from the value shown now.
            if let last = run.trigger, last != trigger {
                run.timeline = KeyframeTimeline(initialValue: run.shown, keyframes: keyframes(run.shown))
                // From when the trigger changed (the change's transaction keeps it).
                run.start = min(graph.buildTransaction?.start ?? graph.date, graph.date)
            }
            run.trigger = trigger
        } else if repeating {
            // The keyframes as the view describes them now (the loop keeps its start).
            if run.timeline == nil { run.start = graph.date }
            run.timeline = KeyframeTimeline(initialValue: initialValue, keyframes: keyframes(initialValue))
        } else {
            run.timeline = nil
            run.shown = initialValue
        }
        let repeating = self.repeating
        let build: @MainActor () -> ViewNode = { [weak graph] in
            guard let graph else { return EmptyNode() }
            _ = graph.slot(key.animation) { run }
            if let timeline = run.timeline {
                var t = graph.date.timeIntervalSince(run.start)
                let duration = timeline.duration
                if repeating, duration > 0 {
                    t = t.truncatingRemainder(dividingBy: duration)
                    graph.animations.running[key] = identity
                } else if t >= duration {
                    run.timeline = nil
                    graph.animations.running[key] = nil
                } else {
                    graph.animations.running[key] = identity
                }
                run.shown = timeline.value(time: t)
            } else {
                graph.animations.running[key] = nil
            }
            return OpenCanvasViews.makeNode(graph.reading(as: identity) { content(run.shown) }, environment: environment)
        }
        let node = BodyNode(identity: identity, parentBody: graph.currentBody, child: EmptyNode()) { [weak graph] in
            guard let graph else { return EmptyNode() }
            return graph.within(identity) { graph.buildingBody(identity) { build() } }
        }
        graph.register(node)
        node.child = graph.buildingBody(identity) { build() }
        return node
    }
}

extension View {
    /// Plays keyframes over effects applied to this view each time `trigger` changes.
    public func keyframeAnimator<Value>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return KeyframeAnimator(initialValue: initialValue, trigger: trigger, content: { content(placeholder, $0) },
                                keyframes: keyframes)
    }

    /// Plays keyframes over effects applied to this view over and over while
    /// `repeating`.
    public func keyframeAnimator<Value>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return KeyframeAnimator(initialValue: initialValue, repeating: repeating, content: { content(placeholder, $0) },
                                keyframes: keyframes)
    }
}
