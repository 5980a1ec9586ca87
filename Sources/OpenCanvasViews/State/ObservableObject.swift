import Foundation
import OpenCanvasDrawing

#if !canImport(Combine)
// Combine is not on Linux. These are the few pieces of it that SwiftUI code uses
// with `ObservableObject` types such as `ImageRenderer`: a publisher that
// announces changes before they happen, and the cancellable that ends a
// subscription (when it is cancelled or released).

/// A type that announces changes to itself.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

/// Announces that an object is about to change.
public final class ObservableObjectPublisher: @unchecked Sendable {
    private var subscribers: [ObjectIdentifier: () -> Void] = [:]
    private let lock = NSLock()

    public init() {}

    /// Tells every subscriber.
    public func send() {
        let current = lock.withLock { Array(subscribers.values) }
        for s in current { s() }
    }

    /// Runs `receiveValue` before each change, until the returned value is
    /// cancelled or released.
    public func sink(receiveValue: @escaping () -> Void) -> AnyCancellable {
        let token = AnyCancellable()
        let id = ObjectIdentifier(token)
        lock.withLock { subscribers[id] = receiveValue }
        token.onCancel = { [weak self] in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        return token
    }
}

/// Ends a subscription when cancelled or released.
public final class AnyCancellable: Hashable, @unchecked Sendable {
    fileprivate var onCancel: (() -> Void)?

    public init() {}

    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    /// Keeps the subscription alive as long as `set`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    deinit { onCancel?() }

    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
#endif
