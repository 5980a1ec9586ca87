import Foundation
import Combine
import OpenCanvasDrawing

/// `onReceive(_:perform:)`: a view's subscription to a publisher, made when the
/// view is first made in a place and ended when it goes. The action is the one of
/// the latest body (it sees the latest state) and runs on the main actor (values
/// sent on another thread are delivered on the main queue).
///
/// A timer publisher (`Timer.publish(every:…)`, autoconnected) is not connected to
/// a run loop in a host: it fires on the host's clock, at each `interval` after the
/// view appeared, before the frame of that date is built — deterministically in a
/// `HeadlessHost` (`advance(by:)` renders a frame at every tick), on the real clock
/// in a window.
public struct _ReceiveModifier<P: Publisher>: _PrimitiveViewModifier where P.Failure == Never {
    let publisher: P
    let perform: (P.Output) -> Void

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        if let graph = ViewGraph.current {
            let key = graph.key("onReceive")
            if let interval = Self.timerInterval(publisher), let perform = perform as? (Date) -> Void {
                let timer = graph.slot(key) { HostTimer(interval: interval, start: graph.date) }
                timer.perform = perform
                graph.timelines.timers[key.identity] = timer
            } else {
                let receiver = graph.slot(key) { Receiver<P.Output>() }
                receiver.perform = perform
                receiver.subscribe(publisher)
            }
        }
        return OpenCanvasViews.makeNode(content, environment: environment)
    }

    /// The interval of a timer publisher the host's clock drives.
    private static func timerInterval(_ publisher: P) -> TimeInterval? {
        if let autoconnected = publisher as? Publishers.Autoconnect<Timer.TimerPublisher> {
            return autoconnected.upstream.interval
        }
        return nil
    }
}

/// A kept subscription and the latest action.
@MainActor
final class Receiver<Output> {
    var perform: ((Output) -> Void)?
    private var cancellable: AnyCancellable?

    func subscribe<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Never {
        guard cancellable == nil else { return }
        cancellable = publisher.sink { [weak self] value in
            let box = UncheckedValue(value)
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { self?.perform?(box.value) }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.perform?(box.value) } }
            }
        }
    }
}

/// Whether code runs on the main queue, where the main actor runs (its thread is
/// not always the process's main thread: a test runner may drain the main queue
/// on another).
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}

/// A value moved to the main queue (delivered there once, as `onReceive` promises).
struct UncheckedValue<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A timer that fires on the host's clock.
@MainActor
package final class HostTimer {
    let interval: TimeInterval
    /// The date of the next tick.
    private(set) var next: Date
    var perform: ((Date) -> Void)?

    init(interval: TimeInterval, start: Date) {
        // As a run loop timer does, a non-positive interval fires at 0.1 ms.
        self.interval = interval.isFinite && interval > 0 ? interval : 0.0001
        next = start.addingTimeInterval(self.interval)
    }

    /// Fires the next tick.
    func fireNext() {
        let tick = next
        next = next.addingTimeInterval(interval)
        perform?(tick)
    }

    /// Moves past `date` without firing (ticks missed by a clock moved far ahead
    /// are coalesced, as a run loop's timer does).
    func skip(past date: Date) {
        guard next <= date else { return }
        let missed = (date.timeIntervalSince(next) / interval).rounded(.down) + 1
        next = next.addingTimeInterval(missed.isFinite ? missed * interval : date.timeIntervalSince(next) + interval)
        if next <= date { next = date.addingTimeInterval(interval) }
    }
}

extension View {
    /// Runs `action` with each value `publisher` sends, while the view is shown.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void)
        -> ModifiedContent<Self, _ReceiveModifier<P>> where P.Failure == Never {
        ModifiedContent(content: self, modifier: _ReceiveModifier(publisher: publisher, perform: action))
    }
}
