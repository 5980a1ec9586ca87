import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// When references are written instead of compared.
public enum SnapshotRecordMode: String, Sendable {
    /// Every snapshot is written (and the test fails, so that nothing passes by
    /// being re-recorded unnoticed).
    case all
    /// A missing reference is written, and the test fails saying so (the default).
    case missing
    /// A reference that does not match is overwritten (the test still fails).
    case failed
    /// Nothing is written: a missing reference is a failure.
    case never

    /// The mode `SNAPSHOT_TESTING_RECORD` (`all`, `missing`, `failed`, `never`)
    /// asks for, or `.missing`.
    public static var fromEnvironment: SnapshotRecordMode {
        ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotRecordMode.init(rawValue:))
            ?? .missing
    }
}

/// Compares a snapshot of `value` with its reference and records a test failure
/// (in Swift Testing or XCTest, whichever runs the test) when they differ.
///
/// The reference is `__Snapshots__/<TestFile>/<test>.<name>.<ext>` beside the
/// test file: `<name>` is `named`, or the position of the assertion within the
/// test (1, 2, …); `snapshotDirectory` puts it in that folder instead. A failure writes the actual snapshot and the files that show
/// the difference (a diff image) to `SNAPSHOT_ARTIFACTS` if set, else to
/// `.build/snapshot-failures/<TestFile>/` in the package, and says where.
///
///     @Test @MainActor func clockFace() {
///         assertSnapshot(of: ClockView(), as: .image(size: CGSize(width: 200, height: 200)))
///     }
@MainActor
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil, record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let failure = verifySnapshot(of: try value(), as: snapshotting, named: name, record: record,
                                 snapshotDirectory: snapshotDirectory, file: filePath, testName: testName)
    guard let failure else { return }
    recordFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertSnapshot` without recording a failure: the failure's message, or `nil`
/// when the snapshot matches.
@MainActor
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil, record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    file filePath: StaticString = #filePath, testName: String = #function
) -> String? {
    let mode = record ?? SnapshotRecordMode.fromEnvironment
    let place = SnapshotPlace(filePath: "\(filePath)", testName: testName, name: name,
                              pathExtension: snapshotting.pathExtension, directory: snapshotDirectory)
    do {
        let actual = try snapshotting.snapshot(try value())
        let data = try snapshotting.diffing.toData(actual)
        let fm = FileManager.default
        guard fm.fileExists(atPath: place.reference.path), mode != .all else {
            if mode == .never { return "No reference snapshot at \(place.reference.path) (recording is off)." }
            try fm.createDirectory(at: place.reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: place.reference)
            return mode == .all
                ? "Recorded the snapshot \(place.reference.path) (record mode .all): look at it, then turn recording off."
                : "No reference snapshot was found; recorded it at \(place.reference.path). Look at it, then run again."
        }
        let reference = try snapshotting.diffing.fromData(try Data(contentsOf: place.reference))
        guard let difference = snapshotting.diffing.diff(reference, actual) else { return nil }
        let written = try place.writeFailure(actual: data, attachments: difference.attachments)
        var message = "Snapshot \(place.reference.lastPathComponent) does not match its reference: \(difference.message)\n"
            + "reference: \(place.reference.path)\n" + written.map { "\($0.label): \($0.url.path)" }.joined(separator: "\n")
        if mode == .failed {
            try data.write(to: place.reference)
            message += "\nThe reference was re-recorded (record mode .failed)."
        }
        return message
    } catch {
        return "Snapshot \(place.reference.lastPathComponent) could not be taken: \(error)"
    }
}

/// Where a snapshot's reference and failure files live.
@MainActor
struct SnapshotPlace {
    let reference: URL
    let failures: URL
    let baseName: String

    init(filePath: String, testName: String, name: String?, pathExtension: String, directory: String?) {
        let testFile = URL(fileURLWithPath: filePath)
        let fileStem = testFile.deletingPathExtension().lastPathComponent
        let test = Self.sanitized(String(testName.prefix { $0 != "(" }))
        let label = name.map(Self.sanitized) ?? "\(SnapshotCounter.next(file: filePath, test: test))"
        baseName = "\(test).\(label)"
        let folder = directory.map { URL(fileURLWithPath: $0) }
            ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileStem)
        reference = folder.appendingPathComponent("\(baseName).\(pathExtension)")
        if let artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !artifacts.isEmpty {
            failures = URL(fileURLWithPath: artifacts).appendingPathComponent(fileStem)
        } else {
            failures = Self.packageRoot(of: testFile).appendingPathComponent(".build/snapshot-failures")
                .appendingPathComponent(fileStem)
        }
        self.pathExtension = pathExtension
    }
    private let pathExtension: String

    /// Writes the actual snapshot and the difference's files; returns them.
    func writeFailure(actual: Data, attachments: [(suffix: String, data: Data)]) throws -> [(label: String, url: URL)] {
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualURL = failures.appendingPathComponent("\(baseName).actual.\(pathExtension)")
        try actual.write(to: actualURL)
        var written = [("actual", actualURL)]
        for attachment in attachments {
            let url = failures.appendingPathComponent("\(baseName).\(attachment.suffix)")
            try attachment.data.write(to: url)
            written.append((String(attachment.suffix.prefix { $0 != "." }), url))
        }
        return written
    }

    /// The nearest folder above the test file with a `Package.swift` (the
    /// temporary folder if there is none).
    static func packageRoot(of file: URL) -> URL {
        var folder = file.deletingLastPathComponent()
        for _ in 0..<32 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            let up = folder.deletingLastPathComponent()
            if up.path == folder.path { break }
            folder = up
        }
        return FileManager.default.temporaryDirectory
    }

    /// Letters, digits, `-` and `_`; anything else becomes `_`.
    static func sanitized(_ s: String) -> String {
        let mapped = String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        return mapped.isEmpty ? "_" : mapped
    }
}

/// Numbers the unnamed snapshots of a test: 1, 2, … in the order its assertions
/// run. (Parameterized tests should name their snapshots: their runs share one
/// function name.)
@MainActor
enum SnapshotCounter {
    private static var counts: [String: Int] = [:]
    #if canImport(Testing)
    private static var lastTest: [String: String] = [:]
    #endif

    static func next(file: String, test: String) -> Int {
        let key = file + "\u{0}" + test
        #if canImport(Testing)
        // A new run of the same test (another Swift Testing test instance, or the
        // test run again) starts counting afresh.
        let run = Test.current.map { "\($0.id)" } ?? ""
        if lastTest[key] != run { lastTest[key] = run; counts[key] = 0 }
        #endif
        let n = counts[key, default: 0] + 1
        counts[key] = n
        return n
    }
}

/// Records a failure in the framework running the test.
func recordFailure(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                    line: Int(line), column: Int(column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #else
    FileHandle.standardError.write(Data(("snapshot failure: " + message + "\n").utf8))
    #endif
}
