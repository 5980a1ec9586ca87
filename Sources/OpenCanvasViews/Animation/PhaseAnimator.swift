import Foundation
import CanvasGeometry
import OpenCanvasDrawing

/// A container that animates its content through a sequence of phases: without
/// a trigger it cycles for as long as it is shown; with one, each change of the
/// trigger runs through every phase once and comes back to the first. Each step
/// is animated with `animation(phase)` for the phase it goes to (`nil`: at once)
/// and the next step starts when that animation is done (as `withAnimation`'s
/// completion reports it, on the host's clock).
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    let trigger: PhaseTrigger?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?
    @State private var index = 0
    /// Which run a step belongs to: a new trigger starts a new run, and steps of
    /// the old one stop.
    @State private var run = 0

    /// Cycles through `phases` continuously.
    public init(_ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases)
        self.trigger = nil
        self.content = content
        self.animation = animation
        if self.phases.isEmpty { Diagnostics.report(.invalidValue, "OpenCanvas: a PhaseAnimator has no phases") }
    }

    /// Runs through `phases` once each time `trigger` changes.
    public init(_ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases)
        self.trigger = PhaseTrigger(trigger)
        self.content = content
        self.animation = animation
        if self.phases.isEmpty { Diagnostics.report(.invalidValue, "OpenCanvas: a PhaseAnimator has no phases") }
    }

    /// The content for the current phase (nothing when there are no phases).
    public var body: some View {
        if phases.isEmpty {
            EmptyView()
        } else {
            content(phases[min(index, phases.count - 1)])
                .onAppear { if trigger == nil, phases.count > 1 { step(run: run) } }
                // A removed animator's chain of steps ends.
                .onDisappear { run += 1 }
                .onChange(of: trigger) {
                    run += 1
                    step(run: run)
                }
        }
    }

    /// Moves to the next phase, animated, and on from there when it is done.
    private func step(run current: Int) {
        guard current == run, !phases.isEmpty else { return }
        let next = (index + 1) % phases.count
        let continuous = trigger == nil
        withAnimation(animation(phases[next])) {
            index = next
        } completion: {
            // A triggered run ends back at the first phase.
            if continuous || next != 0 { step(run: current) }
        }
    }
}

/// A trigger value of any `Equatable` type.
struct PhaseTrigger: Equatable {
    let value: any Equatable
    init(_ value: some Equatable) { self.value = value }

    static func == (a: PhaseTrigger, b: PhaseTrigger) -> Bool {
        func equal<T: Equatable>(_ x: T, _ y: any Equatable) -> Bool { (y as? T) == x }
        return equal(a.value, b.value)
    }
}

/// The view a `phaseAnimator` or `keyframeAnimator` modifier is applied to, handed
/// to its content closure.
public struct PlaceholderContentView<Value: View>: View {
    let content: Value
    /// The view the modifier was applied to.
    public var body: some View { content }
}

extension View {
    /// Animates effects applied to this view through `phases`, continuously.
    public func phaseAnimator<Phase: Equatable>(
        _ phases: some Sequence<Phase>,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
        animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return PhaseAnimator(phases, content: { content(placeholder, $0) }, animation: animation)
    }

    /// Animates effects applied to this view through `phases` each time `trigger`
    /// changes.
    public func phaseAnimator<Phase: Equatable>(
        _ phases: some Sequence<Phase>, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
        animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        let placeholder = PlaceholderContentView(content: self)
        return PhaseAnimator(phases, trigger: trigger, content: { content(placeholder, $0) }, animation: animation)
    }
}
