import CanvasGeometry
import Foundation
import OpenCanvasDrawing

/// The context of a state change: the animation it should be shown with.
/// `withAnimation` and `withTransaction` set it for the changes made in their
/// body; `.animation(_:value:)` and `.transaction(_:)` change it for a subtree.
public struct Transaction: Sendable {
    /// The animation of the changes, `nil` for none.
    public var animation: Animation?
    /// Whether animations that views attach (`.animation(_:value:)`) are ignored.
    public var disablesAnimations = false
    /// Whether the change is part of a continuous interaction (accepted; no effect).
    public var isContinuous = false
    var completion: AnimationCompletion?
    /// The host's date when the change was made (animations start then).
    var start: Date?
    /// The order of the change among those of a frame.
    var sequence: UInt64 = 0

    /// A transaction with no animation.
    public init() {}

    /// A transaction that shows its changes with `animation` (`nil`: at once).
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// Adds a completion to run when the animations of this transaction are done.
    public mutating func addAnimationCompletion(criteria: AnimationCompletionCriteria = .logicallyComplete,
                                                _ completion: @escaping @MainActor @Sendable () -> Void) {
        if let existing = self.completion {
            existing.add(completion)
        } else {
            self.completion = AnimationCompletion(completion)
        }
    }

    /// The transaction of the state change being made now (a task-local value).
    @TaskLocal static var current: Transaction?
}

/// When a `withAnimation` completion runs: when the animations are done
/// (`logicallyComplete`), or when they have been removed (`removed`). OpenCanvas
/// removes an animation when it is done, so both run at its end.
public enum AnimationCompletionCriteria: Hashable, Sendable {
    /// When the animations are logically done, even if they still move on screen.
    case logicallyComplete
    /// When the animations have been removed.
    case removed
}

/// Completion actions shared by the animations one transaction started: they run
/// once, when the last of those has finished (or at the end of the frame that
/// applied the change, if it started none).
final class AnimationCompletion: @unchecked Sendable {
    private let state = Locked<(actions: [@MainActor @Sendable () -> Void], running: Int, applied: Bool, done: Bool,
                               marked: Bool)>(([], 0, false, false, false))

    init(_ action: @escaping @MainActor @Sendable () -> Void) {
        state.withLock { $0.actions = [action] }
    }

    func add(_ action: @escaping @MainActor @Sendable () -> Void) {
        state.withLock { $0.actions.append(action) }
    }

    func started() { state.withLock { $0.running += 1 } }

    /// The change was applied in a frame; with nothing running, it completes.
    @MainActor func applied() {
        let ready = state.withLock { s -> Bool in
            s.applied = true
            return s.running == 0 && !s.done
        }
        if ready { fire() }
    }

    @MainActor func finished() {
        let ready = state.withLock { s -> Bool in
            s.running -= 1
            return s.running <= 0 && s.applied && !s.done
        }
        if ready { fire() }
    }

    /// Whether a change made in the transaction reached a view.
    var marked: Bool { state.withLock { $0.marked } }
    func noteMarked() { state.withLock { $0.marked = true } }

    @MainActor func fire() {
        let actions = state.withLock { s -> [@MainActor @Sendable () -> Void] in
            guard !s.done else { return [] }
            s.done = true
            return s.actions
        }
        for a in actions { a() }
    }
}

/// Runs `body` with `transaction`: the state it changes is shown with the
/// transaction's animation.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction) { try body() }
}

/// Runs `body` with a transaction whose animation is `animation`: views that
/// depend on the state it changes move from the values on screen to the new ones.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// `withAnimation`, then `completion` when the animations it started are done
/// (on the main actor). If the body changed nothing a view shows, the completion
/// runs right after it.
public func withAnimation<Result>(_ animation: Animation? = .default,
                                  completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result,
                                  completion: @escaping @MainActor @Sendable () -> Void) rethrows -> Result {
    var transaction = Transaction(animation: animation)
    transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    let box = transaction.completion
    let result = try withTransaction(transaction, body)
    if let box, !box.marked {
        Task { @MainActor in box.fire() }
    }
    return result
}
