import Foundation
import Synchronization

extension Timer {
    /// A publisher of the current date every `interval` seconds once connected
    /// (`autoconnect()` connects it when subscribed), on `runLoop` in `mode`.
    /// In an OpenCanvas host, `.onReceive` of a timer publisher fires on the host's
    /// clock instead (deterministically, in a headless host).
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A connectable publisher of the current date every `interval` seconds, from
    /// when it is connected (`connect()` or `autoconnect()`) until that is cancelled.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        /// Each value is the date the timer fired.
        public typealias Output = Date
        /// The publisher cannot fail.
        public typealias Failure = Never
        /// The seconds between firings (0.0001 when the interval given was non-finite or
        /// not positive).
        public let interval: TimeInterval
        /// How late a firing may be, in seconds; `nil`, negative or non-finite leaves the
        /// timer's default.
        public let tolerance: TimeInterval?
        /// The run loop the timer is scheduled on.
        public let runLoop: RunLoop
        /// The run loop mode the timer runs in.
        public let mode: RunLoop.Mode
        /// The run loop scheduler options given (there are none to apply).
        public let options: RunLoop.SchedulerOptions?
        private let subject = PassthroughSubject<Date, Never>()

        /// A timer publisher, not yet connected; a non-finite or non-positive `interval`
        /// fires as often as a run loop can (every 0.1 ms).
        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
                    options: RunLoop.SchedulerOptions? = nil) {
            // A non-finite or non-positive interval fires as often as a run loop can
            // (Foundation clamps it the same way: 0.1 ms).
            self.interval = interval.isFinite && interval > 0 ? interval : 0.0001
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.receive(subscriber: subscriber)
        }

        /// Starts the timer; cancelling the result stops it.
        public func connect() -> Cancellable {
            let subject = self.subject
            let timer = Timer(timeInterval: interval, repeats: true) { _ in subject.send(Date()) }
            if let tolerance, tolerance.isFinite, tolerance >= 0 { timer.tolerance = tolerance }
            runLoop.add(timer, forMode: mode)
            return TimerConnection(timer)
        }
    }
}

/// Invalidates a timer once.
final class TimerConnection: Cancellable, @unchecked Sendable {
    private let timer = Locked<Timer?>(nil)
    init(_ timer: Timer) { self.timer.withLock { $0 = timer } }
    func cancel() { timer.withLock { t in t?.invalidate(); t = nil } }
}

extension Publishers {
    /// A connectable publisher connected while it has subscribers.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The connectable publisher, connected while it has subscribers.
        public final let upstream: Upstream
        private let state = Locked<(subscribers: Int, connection: Cancellable?)>((0, nil))

        /// Connects `upstream` at the first subscriber, and cancels the connection when the
        /// last one cancels.
        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.handleEvents(receiveCancel: { [weak self] in self?.release() }).receive(subscriber: subscriber)
            let connect = state.withLock { s -> Bool in
                s.subscribers += 1
                return s.connection == nil
            }
            if connect {
                let connection = upstream.connect()
                state.withLock { $0.connection = connection }
            }
        }

        private func release() {
            let connection = state.withLock { s -> Cancellable? in
                s.subscribers -= 1
                guard s.subscribers <= 0 else { return nil }
                defer { s.connection = nil }
                return s.connection
            }
            connection?.cancel()
        }
    }
}

extension ConnectablePublisher {
    /// Connects when subscribed, disconnects when the last subscriber cancels.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}
