import Testing
import Foundation
import OpenCanvas
import RenderTesting
import CanvasScenes
import CanvasCodecs

@MainActor
@Suite("TimelineView and schedules on an injected clock")
struct TimelineTests {
    /// 2026-11-29 10:09:38 UTC.
    let t0: Date = {
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute, c.second) = (2026, 11, 29, 10, 9, 38)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(from: c)!
    }()

    func first<S: TimelineSchedule>(_ s: S, _ n: Int, from date: Date) -> [TimeInterval] {
        Array(s.entries(from: date, mode: .normal).prefix(n)).map { $0.timeIntervalSince(t0) }
    }

    @Test("everyMinute created at 10:09:38 starts at 10:09:00, then every minute")
    func everyMinute() {
        #expect(first(.everyMinute, 3, from: t0) == [-38, 22, 82])
    }

    @Test("periodic entries are phase-aligned to their start")
    func periodic() {
        let start = t0.addingTimeInterval(-100)
        #expect(first(.periodic(from: start, by: 30), 3, from: t0) == [-10, 20, 50])
        #expect(first(.periodic(from: t0.addingTimeInterval(5), by: 30), 2, from: t0) == [5, 35])
    }

    @Test("explicit entries come in increasing order; animation honours its minimum interval and pause")
    func explicitAndAnimation() {
        let dates = [t0.addingTimeInterval(30), t0.addingTimeInterval(10), t0.addingTimeInterval(20)]
        #expect(first(.explicit(dates), 3, from: t0) == [10, 20, 30])
        #expect(first(.animation(minimumInterval: 0.5), 3, from: t0) == [0, 0.5, 1])
        #expect(first(.animation(minimumInterval: 1, paused: true), 3, from: t0) == [0])
    }

    @Test("low-frequency mode: the animation schedule has no entries (paused); the others ignore the mode")
    func lowFrequencyMode() {
        func low<S: TimelineSchedule>(_ s: S, _ n: Int) -> [TimeInterval] {
            Array(s.entries(from: t0, mode: .lowFrequency).prefix(n)).map { $0.timeIntervalSince(t0) }
        }
        #expect(low(.animation, 3).isEmpty)
        #expect(low(.animation(minimumInterval: 0.5), 3).isEmpty)
        #expect(low(.animation(minimumInterval: 1, paused: true), 3).isEmpty)
        #expect(low(.everyMinute, 3) == first(.everyMinute, 3, from: t0))
        let start = t0.addingTimeInterval(-100)
        #expect(low(.periodic(from: start, by: 30), 3) == first(.periodic(from: start, by: 30), 3, from: t0))
        let dates = [t0.addingTimeInterval(30), t0.addingTimeInterval(10)]
        #expect(low(.explicit(dates), 3) == first(.explicit(dates), 3, from: t0))
    }

    @Test("a headless host renders exactly the frames a periodic timeline asks for, the same on every run")
    func headlessFrames() {
        func run() -> (dates: [Date], images: [[UInt8]], count: Int) {
            let start = t0
            let host = HeadlessHost(size: CGSize(width: 60, height: 20)) {
                TimelineView(.periodic(from: start, by: 1)) { context in
                    Canvas { c, size in
                        let s = context.date.timeIntervalSince(start)
                        c.fill(Path(CGRect(x: 0, y: 0, width: CGFloat(s) * 10, height: size.height)), with: .color(.black))
                    }
                }
            }
            host.date = start
            _ = host.render()
            var dates: [Date] = [], images: [[UInt8]] = []
            host.onFrame = { d, image in dates.append(d); images.append(image.rgbaBytes()) }
            host.advance(by: 3.5)
            return (dates, images, host.renderCount)
        }
        let a = run(), b = run()
        #expect(a.dates.map { $0.timeIntervalSince(t0) } == [1, 2, 3])
        #expect(a.count == 4)                                     // the first frame and three entries
        #expect(a.images == b.images)
        #expect(a.images.count == 3)
    }

    // Found by the view-tree fuzz target: a timeline walked its schedule entry by
    // entry up to the host's date, ten million steps (a second) for a continuous
    // animation whose clock moved far ahead, and as many for a fine periodic one.
    @Test("a clock moved far ahead lands on the right entry without walking every one on the way")
    func farJumps() {
        let start = t0
        var live: [TimeInterval] = [], periodic: [TimeInterval] = []
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) {
            HStack {
                TimelineView(.animation) { context in Canvas { _, _ in live.append(context.date.timeIntervalSince(start)) } }
                TimelineView(.periodic(from: start, by: 0.001)) { context in
                    Canvas { _, _ in periodic.append(context.date.timeIntervalSince(start)) }
                }
            }
        }
        host.date = start
        _ = host.render()
        host.date = start.addingTimeInterval(1e9 + 0.0125)     // 10¹² periodic entries on the way
        _ = host.render()
        #expect(live.last == 1e9 + 0.0125)
        #expect(abs((periodic.last ?? 0) - (1e9 + 0.012)) < 1e-5)
        host.date = start.addingTimeInterval(1e9 + 0.5)
        _ = host.render()
        #expect(abs((periodic.last ?? 0) - (1e9 + 0.5)) < 1e-5)
    }

    @Test("a paused or past-only schedule costs nothing; a continuous animation draws each frame at the host's date")
    func costs() {
        var renders = 0
        let start = t0
        let paused = HeadlessHost(size: CGSize(width: 10, height: 10)) {
            TimelineView(.animation(minimumInterval: 0.1, paused: true)) { _ in
                Canvas { _, _ in renders += 1 }
            }
        }
        paused.date = start
        _ = paused.render()
        paused.advance(by: 10)
        #expect(renders == 1)
        let past = HeadlessHost(size: CGSize(width: 10, height: 10)) {
            TimelineView(.explicit([start.addingTimeInterval(-5)])) { _ in Canvas { _, _ in renders += 1 } }
        }
        past.date = start
        _ = past.render()
        past.advance(by: 10)
        #expect(renders == 2)
        var seen: [TimeInterval] = []
        let live = HeadlessHost(size: CGSize(width: 10, height: 10)) {
            TimelineView(.animation) { context in
                Canvas { _, _ in seen.append(context.date.timeIntervalSince(start)) }
            }
        }
        live.date = start
        _ = live.render()
        live.advance(by: 0.25)
        live.advance(by: 0.25)
        #expect(seen == [0, 0.25, 0.5])
    }

    @Test("an exported animated PNG decodes back frame by frame; exports are the same on every run")
    func apngExport() throws {
        func frames() -> [CGImage] {
            let scene = Scenes.breathingCircle
            let host = HeadlessHost(size: scene.size, scale: 1) { scene.view() }
            host.date = AnimatedScene.start
            return host.recordFrames(seconds: 1, fps: 8)
        }
        let a = frames(), b = frames()
        #expect(a.count == 9)
        #expect(a.map { $0.rgbaBytes() } == b.map { $0.rgbaBytes() })
        #expect(a[0].rgbaBytes() != a[4].rgbaBytes())                 // it moves
        let data = try AnimationExport.apngData(a, fps: 8)
        let decoded = try APNG.decode(Array(data))
        #expect(decoded.frames.count == 9 && decoded.width == 160 && decoded.loops == 0)
        #expect(decoded.delays.allSatisfy { abs($0 - 0.125) < 1e-9 })
        for (i, frame) in a.enumerated() { #expect(decoded.frames[i] == frame.rgbaBytes()) }
        // Numbered PNGs.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("oc-export-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try AnimationExport.writePNGs(a, to: dir)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("frame0008.png").path))
        // Malformed animations fail with an error.
        #expect(throws: APNG.Error.self) { try APNG.decode(Array(data.prefix(100))) }
        #expect(throws: APNG.Error.self) { try APNG.decode([1, 2, 3]) }
    }

    @Test("invalidateTimelineContent asks for a new frame")
    func invalidate() {
        var builds = 0
        var keep: TimelineViewDefaultContext?
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) {
            TimelineView(.everyMinute) { context in
                let _ = (builds += 1, keep = context)
                Color.red
            }
        }
        _ = host.render()
        #expect(!host.needsRender)
        keep?.invalidateTimelineContent()
        #expect(host.needsRender)
        _ = host.render()
        #expect(builds == 2)
    }
}
