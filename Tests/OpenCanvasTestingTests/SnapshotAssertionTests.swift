import Testing
import Foundation
import OpenCanvas
import OpenCanvasTesting

private struct Swatch: View {
    var color: Color = .blue
    var body: some View {
        ZStack {
            Rectangle().fill(color)
            Circle().fill(.white).frame(width: 6, height: 6)
        }
        .frame(width: 20, height: 10)
    }
}

/// A fresh folder for references that this test writes and reads.
private func scratchFolder() -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("oc-snapshots-\(UUID().uuidString)")
    return url.path
}

private func loadPNG(_ path: String) -> CGImage? {
    guard let provider = CGDataProvider(url: URL(fileURLWithPath: path)) else { return nil }
    return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
}

@MainActor @Suite("Snapshot assertions for users' tests")
struct SnapshotAssertionTests {
    @Test func aMissingReferenceIsRecordedAndFailsThenMatches() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = verifySnapshot(of: Swatch(), as: .image, named: "swatch", snapshotDirectory: folder)
        #expect(first?.contains("No reference snapshot was found; recorded it at") == true)
        let reference = folder + "/aMissingReferenceIsRecordedAndFailsThenMatches.swatch.png"
        let stored = try #require(loadPNG(reference))
        #expect(stored.width == 20 && stored.height == 10)
        #expect(stored.pixel(x: 2, y: 2) == (0, 122, 255, 255))
        #expect(verifySnapshot(of: Swatch(), as: .image, named: "swatch", snapshotDirectory: folder) == nil)
    }

    @Test func aMismatchWritesTheActualAndADiffAndSaysWhere() throws {
        let folder = scratchFolder(), artifacts = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder); try? FileManager.default.removeItem(atPath: artifacts) }
        setenv("SNAPSHOT_ARTIFACTS", artifacts, 1)
        defer { unsetenv("SNAPSHOT_ARTIFACTS") }
        _ = verifySnapshot(of: Swatch(), as: .image, named: "s", snapshotDirectory: folder)
        let message = try #require(verifySnapshot(of: Swatch(color: .red), as: .image, named: "s", snapshotDirectory: folder))
        #expect(message.contains("184 of 200 pixels"))
        let diffPath = artifacts + "/SnapshotAssertionTests/aMismatchWritesTheActualAndADiffAndSaysWhere.s.diff.png"
        let actualPath = artifacts + "/SnapshotAssertionTests/aMismatchWritesTheActualAndADiffAndSaysWhere.s.actual.png"
        #expect(message.contains(diffPath) && message.contains(actualPath))
        let diff = try #require(loadPNG(diffPath))
        #expect(diff.pixel(x: 1, y: 1) == (255, 0, 0, 255))      // changed: red
        #expect(diff.pixel(x: 10, y: 5) == (255, 255, 255, 255)) // the white dot is the same
        // `.failed` re-records: the next comparison passes.
        _ = verifySnapshot(of: Swatch(color: .red), as: .image, named: "s", record: .failed, snapshotDirectory: folder)
        #expect(verifySnapshot(of: Swatch(color: .red), as: .image, named: "s", snapshotDirectory: folder) == nil)
    }

    @Test func tolerancesPerPixelAndPerImage() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: Swatch(color: Color(red: 0.5, green: 0.5, blue: 0.5)), as: .image, named: "g",
                           snapshotDirectory: folder)
        let nearby = Swatch(color: Color(red: 0.51, green: 0.5, blue: 0.5))
        #expect(verifySnapshot(of: nearby, as: .image, named: "g", snapshotDirectory: folder) != nil)
        #expect(verifySnapshot(of: nearby, as: .image(perceptualPrecision: 0.98), named: "g", snapshotDirectory: folder) == nil)
        // 184 of 200 pixels (92 %) differ a lot: precision 0.05 lets them pass, 0.1 does not.
        let red = Swatch(color: .red)
        #expect(verifySnapshot(of: red, as: .image(precision: 0.05), named: "g", snapshotDirectory: folder) == nil)
        #expect(verifySnapshot(of: red, as: .image(precision: 0.1), named: "g", snapshotDirectory: folder) != nil)
    }

    @Test func recordModes() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let never = verifySnapshot(of: Swatch(), as: .image, named: "n", record: .never, snapshotDirectory: folder)
        #expect(never?.contains("recording is off") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/recordModes.n.png"))
        let all = verifySnapshot(of: Swatch(), as: .image, named: "n", record: .all, snapshotDirectory: folder)
        #expect(all?.contains("record mode .all") == true)
        #expect(FileManager.default.fileExists(atPath: folder + "/recordModes.n.png"))
        setenv("SNAPSHOT_TESTING_RECORD", "never", 1)
        defer { unsetenv("SNAPSHOT_TESTING_RECORD") }
        #expect(SnapshotRecordMode.fromEnvironment == .never)
        #expect(verifySnapshot(of: Swatch(), as: .image, named: "missing", snapshotDirectory: folder) != nil)
        #expect(!FileManager.default.fileExists(atPath: folder + "/recordModes.missing.png"))
    }

    @Test func unnamedSnapshotsAreNumberedWithinATest() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: Swatch(), as: .image, snapshotDirectory: folder)
        _ = verifySnapshot(of: Swatch(color: .red), as: .image, snapshotDirectory: folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
        #expect(files == ["unnamedSnapshotsAreNumberedWithinATest.1.png", "unnamedSnapshotsAreNumberedWithinATest.2.png"])
    }

    @Test func aFailingAssertionRecordsAnIssue() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue {
            assertSnapshot(of: Swatch(), as: .image, named: "first", snapshotDirectory: folder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded it at") }
        }
        assertSnapshot(of: Swatch(), as: .image, named: "first", snapshotDirectory: folder)
    }
}

@MainActor @Suite("Snapshot strategies: text, layout, frames, hosts")
struct SnapshotStrategyTests {
    struct Counter: View {
        @State private var count = 0
        var body: some View {
            VStack(spacing: 4) {
                Text("Count \(count)")
                Button("Add") { count += 1 }
            }
            .padding(8)
        }
    }

    @Test func accessibilityText() throws {
        let host = HeadlessHost(size: CGSize(width: 120, height: 80)) { Counter() }
        let button = host.accessibilityElements[1].frame
        host.tap(at: CGPoint(x: button.midX, y: button.midY))
        let text = try Snapshotting<HeadlessHost<Counter>, String>.accessibility.snapshot(host)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("\"Count 1\" label=\"Count 1\" traits=[isStaticText] frame=("))
        #expect(lines[1].hasPrefix("\"Add, Button\" label=\"Add\" traits=[isButton] frame=("))
    }

    @Test func keyPressesAreStepsOfATest() throws {
        struct Tally: View {
            @State private var count = 0
            var body: some View {
                Text("Tally \(count)")
                    .focusable()
                    .onKeyPress(characters: CharacterSet(charactersIn: "+")) { _ in count += 1; return .handled }
            }
        }
        let host = HeadlessHost(size: CGSize(width: 100, height: 30)) { Tally() }
        host.press(key: .tab)
        host.type("++")
        let text = try Snapshotting<HeadlessHost<Tally>, String>.accessibility.snapshot(host)
        #expect(text.hasPrefix("\"Tally 2\""))
    }

    @Test func layoutText() throws {
        let text = try Snapshotting<Counter, String>.layout(size: CGSize(width: 120, height: 80)).snapshot(Counter())
        // The counter is centred in the 120 × 80 host; text is 22 points high.
        #expect(text == """
            Counter (20.04, 8, 79.92 × 64)
              Padding (20.04, 8, 79.92 × 64)
                Stack (28.04, 16, 63.92 × 48)
                  Text (28.04, 16, 63.92 × 22)
                  Button (43.7, 42, 32.6 × 22)

            """)
    }

    @Test func framesOfAnAnimationSideBySide() throws {
        struct Blink: View {
            var body: some View {
                TimelineView(.periodic(from: snapshotDate, by: 0.1)) { context in
                    let tenth = Int((context.date.timeIntervalSince(snapshotDate) * 10).rounded())
                    Rectangle().fill(tenth % 2 == 0 ? Color.black : Color.white)
                }
                .frame(width: 8, height: 8)
            }
        }
        let strip = try Snapshotting<Blink, CGImage>.frames(seconds: 0.3, fps: 10).snapshot(Blink())
        #expect(strip.width == 32 && strip.height == 8)
        #expect(strip.pixel(x: 4, y: 4) == (0, 0, 0, 255))
        #expect(strip.pixel(x: 12, y: 4) == (255, 255, 255, 255))
        #expect(strip.pixel(x: 20, y: 4) == (0, 0, 0, 255))
        let grid = try Snapshotting<Blink, CGImage>.frames(seconds: 0.3, fps: 10, columns: 2).snapshot(Blink())
        #expect(grid.width == 16 && grid.height == 16)
        #expect(grid.pixel(x: 4, y: 12) == (0, 0, 0, 255))   // third frame: second row
    }

    @Test func badStrategyArgumentsFailClearly() {
        let message = verifySnapshot(of: Swatch(), as: .frames(seconds: .nan), named: "x", snapshotDirectory: scratchFolder())
        #expect(message?.contains("must be finite and positive") == true)
        let empty = verifySnapshot(of: Swatch(), as: .image(size: CGSize(width: 0, height: 5)), named: "x",
                                   snapshotDirectory: scratchFolder())
        #expect(empty?.contains("no pixels") == true)
    }
}

/// References committed beside this file, under `__Snapshots__/SnapshotAssertionTests/`.
@MainActor @Suite("Snapshots stored beside the test file")
struct StoredSnapshotTests {
    @Test func swatch() {
        assertSnapshot(of: Swatch(), as: .image(scale: 2))
        assertSnapshot(of: Swatch(color: .orange), as: .image, named: "orange")
    }
}
