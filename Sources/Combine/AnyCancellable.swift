/// A cancellable that cancels its action when cancelled or released: keep it
/// (`store(in:)`) for as long as the subscription should last.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private var action: (() -> Void)?

    /// A cancellable that runs `cancel` when it is cancelled or released.
    public init(_ cancel: @escaping () -> Void) { action = cancel }

    /// A cancellable that cancels `canceller` when it is cancelled or released.
    public init<C: Cancellable>(_ canceller: C) { action = canceller.cancel }

    /// Runs the cancel action, once; later calls do nothing.
    public func cancel() {
        let a = action
        action = nil
        a?()
    }

    deinit { cancel() }

    /// Keeps the cancellable alive as long as `set`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Keeps the cancellable alive as long as `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Cancellable {
    /// Keeps this cancellable alive as long as `set` (type-erased).
    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }

    /// Keeps this cancellable alive as long as `collection` (type-erased).
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }
}
