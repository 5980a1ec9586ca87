import Foundation
import Synchronization

extension NotificationCenter {
    /// A publisher of the notifications named `name` (from `object`, or any).
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// A publisher of a notification centre's notifications with one name (from one
    /// object, or any): each subscriber's observer is removed when it cancels, and
    /// notifications arrive on the thread that posts them.
    public struct Publisher: Combine.Publisher, @unchecked Sendable {
        /// Each value is a notification.
        public typealias Output = Notification
        /// The publisher cannot fail.
        public typealias Failure = Never
        /// The notification centre observed.
        public let center: NotificationCenter
        /// The name of the notifications published.
        public let name: Notification.Name
        /// The object whose notifications are published, or `nil` for any sender.
        public let object: AnyObject?

        /// A publisher of `center`'s notifications named `name` (from `object`, or any).
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subject = PassthroughSubject<Notification, Never>()
            let observer = center.addObserver(forName: name, object: object, queue: nil) { subject.send($0) }
            let removal = ObserverRemoval(center: center, observer: observer)
            subject.handleEvents(receiveCancel: removal.remove).receive(subscriber: subscriber)
        }
    }
}

/// Removes a notification observer once (when its subscription is cancelled).
final class ObserverRemoval: @unchecked Sendable {
    private let center: NotificationCenter
    private let observer = Locked<NSObjectProtocol?>(nil)

    init(center: NotificationCenter, observer: NSObjectProtocol) {
        self.center = center
        self.observer.withLock { $0 = observer }
    }

    func remove() {
        if let o = observer.withLock({ o -> NSObjectProtocol? in defer { o = nil }; return o }) {
            center.removeObserver(o)
        }
    }

    deinit { remove() }
}
