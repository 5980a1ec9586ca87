import Foundation

/// How to take a snapshot of a `Value` as a `Format` (an image, a text) and how
/// to store and compare it — the shape swift-snapshot-testing's strategies have,
/// so that tests written for it read the same here:
///
///     assertSnapshot(of: ClockView(), as: .image(size: CGSize(width: 200, height: 200)))
///     assertSnapshot(of: host, as: .accessibility)
///
/// Strategies for views and headless hosts: `.image`, `.accessibility`,
/// `.layout` and `.frames(seconds:fps:)`. Make your own from an existing one
/// with `pullback`.
public struct Snapshotting<Value, Format> {
    /// The reference file's extension (`png`, `txt`).
    public var pathExtension: String
    /// How snapshots in this format are stored as data and compared.
    public var diffing: Diffing<Format>
    /// Takes the snapshot of a value, on the main actor; throws when it cannot.
    public var snapshot: @MainActor (Value) throws -> Format

    /// A strategy from its reference files' extension, its diffing and the
    /// closure that takes a snapshot.
    public init(pathExtension: String, diffing: Diffing<Format>,
                snapshot: @escaping @MainActor (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// The same strategy for values that become a `Value` first.
    public func pullback<NewValue>(_ transform: @escaping @MainActor (NewValue) throws -> Value)
        -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) {
            try snapshot(try transform($0))
        }
    }
}

/// How a format is stored and compared.
public struct Diffing<Format> {
    /// Encodes a snapshot as a reference file's bytes.
    public var toData: (Format) throws -> Data
    /// Decodes a reference file's bytes into a snapshot.
    public var fromData: (Data) throws -> Format
    /// `nil` when `actual` matches `reference`; otherwise what differs, and files
    /// that show it (a diff image), written beside the actual snapshot.
    public var diff: (_ reference: Format, _ actual: Format) -> SnapshotDifference?

    /// A diffing from its encoder, its decoder and its comparison.
    public init(toData: @escaping (Format) throws -> Data, fromData: @escaping (Data) throws -> Format,
                diff: @escaping (_ reference: Format, _ actual: Format) -> SnapshotDifference?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// What a comparison found: a message, and files to write for a person to look at.
public struct SnapshotDifference {
    /// What differs, for the test failure.
    public var message: String
    /// File-name suffixes (`diff.png`) and their contents.
    public var attachments: [(suffix: String, data: Data)]

    /// A difference described by `message`, with files to write beside the actual
    /// snapshot (none by default).
    public init(message: String, attachments: [(suffix: String, data: Data)] = []) {
        self.message = message
        self.attachments = attachments
    }
}

/// Why a snapshot could not be taken or stored.
public struct SnapshotError: Error, CustomStringConvertible {
    public var description: String
    /// An error whose description is `description`.
    public init(_ description: String) { self.description = description }
}
