import Foundation

/// Where and when a publisher's values are delivered (`receive(on:)`). This subset
/// has Combine's immediate scheduling; the timed scheduling that `debounce` and
/// `delay` need is not here yet.
public protocol Scheduler<SchedulerOptions> {
    /// Options for how the scheduler runs an action (a quality of service, say).
    associatedtype SchedulerOptions
    /// Runs `action` on the scheduler as soon as possible.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
    /// Runs `action` on the scheduler as soon as possible, with no options.
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
}

/// Moves a non-Sendable action to where a scheduler runs it: the action runs once
/// there, in the order it was scheduled (serial queues and run loops).
struct ScheduledAction: @unchecked Sendable {
    let run: () -> Void
}

extension DispatchQueue: Scheduler {
    /// How a dispatch queue runs a scheduled action.
    public struct SchedulerOptions {
        /// The quality of service the action runs at.
        public var qos: DispatchQoS
        /// The action's work item flags.
        public var flags: DispatchWorkItemFlags
        /// Options with a quality of service and flags (unspecified and none by default).
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = []) {
            self.qos = qos
            self.flags = flags
        }
    }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = ScheduledAction(run: action)
        async(qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { work.run() }
    }
}

extension RunLoop: Scheduler {
    /// Options for scheduling on a run loop: there are none.
    public struct SchedulerOptions: Sendable {}

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = ScheduledAction(run: action)
        perform { work.run() }
    }
}

extension OperationQueue: Scheduler {
    /// Options for scheduling on an operation queue: there are none.
    public struct SchedulerOptions: Sendable {}

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = ScheduledAction(run: action)
        addOperation { work.run() }
    }
}

/// Runs actions at once, on the calling thread.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The scheduler takes no options.
    public typealias SchedulerOptions = Never
    /// The shared immediate scheduler.
    public static let shared = ImmediateScheduler()
    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
}

extension Publishers {
    /// Values and completion delivered on a scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure
        /// The publisher whose values are moved.
        public let upstream: Upstream
        /// The scheduler the values and the completion are delivered on.
        public let scheduler: Context
        /// The options the scheduler runs them with.
        public let options: Context.SchedulerOptions?

        /// Delivers `upstream`'s values and completion on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReceiveOnSubscriber(subscriber, scheduler, options))
        }
    }
}

final class ReceiveOnSubscriber<Downstream: Subscriber, Context: Scheduler>: Subscriber, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure
    private let downstream: Downstream
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private var subscription: Subscription?

    init(_ downstream: Downstream, _ scheduler: Context, _ options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    func receive(subscription: Subscription) {
        // The subscription itself is handed over where the subscriber is called:
        // its requests go straight upstream.
        self.subscription = subscription
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        scheduler.schedule(options: options) { [downstream, subscription] in
            let more = downstream.receive(input)
            if more > 0 { subscription?.request(more) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) { [downstream] in downstream.receive(completion: completion) }
    }
}

extension Publisher {
    /// Delivers values and the completion on `scheduler` (the main queue, say).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}
