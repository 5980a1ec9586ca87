import Foundation
import Synchronization

extension NotificationCenter {
    /// A publisher of the notifications named `name` (from `object`, or any).
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    public struct Publisher: Combine.Publisher, @unchecked Sendable {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

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
