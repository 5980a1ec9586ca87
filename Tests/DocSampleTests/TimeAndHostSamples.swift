import Testing
import Foundation
import OpenCanvas

/// A clock face drawn from the timeline's date.
struct ClockFace: View {
    var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                let seconds = timeline.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 60)
                let centre = CGPoint(x: size.width / 2, y: size.height / 2)
                let radius = min(size.width, size.height) / 2 - 4
                context.stroke(Path(ellipseIn: CGRect(x: centre.x - radius, y: centre.y - radius,
                                                      width: radius * 2, height: radius * 2)),
                               with: .color(.primary), lineWidth: 3)
                let angle = Angle.degrees(seconds * 6 - 90)
                var hand = Path()
                hand.move(to: centre)
                hand.addLine(to: CGPoint(x: centre.x + cos(angle.radians) * radius * 0.85,
                                         y: centre.y + sin(angle.radians) * radius * 0.85))
                context.stroke(hand, with: .color(.red), style: StrokeStyle(lineWidth: 2, lineCap: .round))
            }
        }
    }
}

/// The view the snapshot-testing sample tests: a clock face that taps move on.
struct ClockView: View {
    @State private var taps = 0
    var body: some View {
        ClockFace()
            .overlay { Text("\(taps)").font(.caption) }
            .frame(width: 100, height: 100)
            .onTapGesture { taps += 1 }
            .accessibilityElement()
            .accessibilityLabel("Clock")
            .accessibilityValue("\(taps) taps")
    }
}

@MainActor @Suite("Time, animation and servers, as documented")
struct TimeAndHostSamples {
    @Test func framesOnTheHostsClock() throws {
        let start = Date(timeIntervalSinceReferenceDate: 0)
        // The sample writes into the current folder: a scratch one here.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer {
            _ = FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(at: folder)
        }

        let host = HeadlessHost(size: CGSize(width: 200, height: 200), scale: 2) { ClockFace() }
        host.date = start
        let frames = host.recordFrames(seconds: 2, fps: 30)          // 61 images, 0 s to 2 s, the same on every run
        try AnimationExport.writePNGs(frames, to: URL(fileURLWithPath: "frames"))
        try AnimationExport.apngData(frames, fps: 30).write(to: URL(fileURLWithPath: "clock.png"))
        try AnimationExport.writeMP4(frames, fps: 30, to: URL(fileURLWithPath: "clock.mp4"))  // needs ffmpeg

        #expect(frames.count == 61)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).count == 61)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("clock.mp4").path))
        documentationPicture(frames[45], "clock-face")
    }

    @Test func everyPreviewWithOneCall() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-previews-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PreviewRenderer.renderAll(to: folder, module: "DocSampleTests", date: Date(timeIntervalSinceReferenceDate: 0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["TimeAndHostSamples-Clock.png"])
    }

    @Test @MainActor func previews() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("previews")
        try PreviewRenderer.renderAll(to: folder, module: "MyApp", date: Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func diagnosticsAreCounted() {
        OpenCanvasDiagnostics.reset()
        // … draw …
        print(OpenCanvasDiagnostics.counts, OpenCanvasDiagnostics.lastMessage ?? "")
        #expect(OpenCanvasDiagnostics.counts.values.reduce(0, +) == 0)
    }

    @Test func diagnosticsCountBadInput() throws {
        OpenCanvasDiagnostics.reset()
        let renderer = ImageRenderer(content: Canvas { context, _ in
            context.fill(Path(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)), with: .color(.red))
        }.frame(width: 0, height: 10))
        #expect(renderer.cgImage == nil)                  // a zero size: no image, a message
        #expect(OpenCanvasDiagnostics.counts.values.reduce(0, +) > 0)
    }
}

#Preview("Clock", traits: .fixedLayout(width: 120, height: 120)) {
    ClockFace()
}
