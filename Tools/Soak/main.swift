// canvas-soak: renders an animated scene for many frames and reports whether the
// process's resident memory and file descriptors stay flat after warm-up (issue
// 19's soak). The scene has particles on a Canvas under a TimelineView, text that
// changes every frame, and a spring animation started by a tap every 90 frames.
//
//   canvas-soak [--frames N] [--warmup W] [--window [--no-x-resources]] [--max-growth KB]
//               [--tap-every FRAMES]   (90; 0: no taps)   [--trim]   (malloc_trim before each sample)
//
// Headless (default): N frames (10⁵) through HeadlessHost, the clock stepped
// 1/60 s per frame. --window: N frames in an X11 window on $DISPLAY (Xvfb in CI),
// paced at 60 Hz by the window host, clicks sent through the X server; the X
// server's count of the client's resources is read with `xrestop` when it is
// installed. Memory is sampled every 1,000 frames after W (N/5, at least 1,000)
// frames of warm-up (the caches filling); the run fails when resident memory grows
// by more than --max-growth KB (256) between the end of warm-up and the end, or
// descriptors or X resources grow at all.
import Foundation
import Glibc
import OpenCanvas
import OpenCanvasWindow

struct SoakScene: View {
    @State private var expanded = false
    @State private var taps = 0

    var body: some View {
        ZStack {
            TimelineView(.animation) { timeline in
                let t = timeline.date.timeIntervalSinceReferenceDate
                Canvas { context, size in
                    for i in 0..<120 {
                        let phase = Double(i) * 0.7 + t * (0.5 + Double(i % 7) * 0.1)
                        let x = size.width * (0.5 + 0.45 * sin(phase)), y = size.height * (0.5 + 0.45 * cos(phase * 1.3))
                        context.fill(Path(ellipseIn: CGRect(x: x - 3, y: y - 3, width: 6, height: 6)),
                                     with: .color(Color(hue: Double(i) / 120, saturation: 0.8, brightness: 0.9)))
                    }
                    // A new text each 60th of a second, 120 of them repeating every 2 s:
                    // the text caches hold them all once warm. (With 1,000 texts over
                    // 10 s, a window's frames, paced by the real clock, met texts not
                    // yet seen for thousands of frames, and the caches filling with
                    // them read as growth after warm-up: about 300 KB.)
                    let tick = Int((t * 60).truncatingRemainder(dividingBy: 120))
                    context.draw(Text("t = \(Double(tick) / 60, specifier: "%.2f")"),
                                 at: CGPoint(x: size.width / 2, y: 16))
                }
            }
            Circle()
                .fill(Color.orange)
                .frame(width: expanded ? 80 : 30, height: expanded ? 80 : 30)
                .animation(.spring(response: 0.5, dampingFraction: 0.4), value: expanded)
            // Ten texts, not a new one per tap: a new text per tap would fill the text
            // layout cache (4,096 layouts of about 3 KB, by design), which after
            // warm-up would look like a leak of 3 KB a tap.
            Text("taps: \(taps % 10)").offset(y: 100)
        }
        .contentShape(Rectangle())
        .onTapGesture { expanded.toggle(); taps += 1 }
    }
}

var frames = 100_000, warmup: Int?, window = false, maxGrowthKB = 256, countX = true, tapEvery = 90, trim = false
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    if flag == "--window" { window = true; continue }
    if flag == "--no-x-resources" { countX = false; continue }
    if flag == "--trim" { trim = true; continue }
    guard let value = arguments.popFirst().flatMap({ Int($0) }) else { print("canvas-soak: \(flag) needs a number"); exit(2) }
    switch flag {
    case "--frames": frames = max(value, 1)
    case "--warmup": warmup = max(value, 0)
    case "--max-growth": maxGrowthKB = value
    case "--tap-every": tapEvery = max(value, 0)
    default: print("canvas-soak: unknown option \(flag)"); exit(2)
    }
}
let warm = min(warmup ?? max(frames / 5, 1000), frames - 1)

func residentKB() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024 : 0
}

func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// The X resources the server holds for this client (`xrestop -b -m 1`), or nil.
func xResources() -> Int? {
    guard let tool = ["/usr/bin/xrestop"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let process = Process(), pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["-b", "-m", "1"]
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try? pipe.fileHandleForReading.close()
    // A block per client, headed "N - name ( PID: … )"; Xvfb may not know the pid,
    // so ours is the one named after the window's title.
    var ours = false, found = false, total = 0
    for line in output.split(separator: "\n") {
        if line.range(of: #"^\d+ - "#, options: .regularExpression) != nil {
            if found { break }
            ours = line.contains("canvas-soak")
            found = ours
            continue
        }
        let parts = line.split(separator: ":")
        guard ours, parts.count == 2, !parts[0].contains("bytes"), !parts[0].contains("res_"),
              let n = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
        total += n
    }
    return found ? total : nil
}

/// glibc's `malloc_trim` (not in the Glibc module's headers).
let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }

struct Sample { var frame: Int; var residentKB: Int; var descriptors: Int; var xResources: Int? }
var samples: [Sample] = []
@MainActor func sample(_ frame: Int) {
    // xrestop first: Foundation opens its descriptors for running processes once,
    // at the first, and they stay open.
    let x = window && countX ? xResources() : nil
    // With --trim, the allocator first hands back the free memory it keeps (what is
    // left is memory in use, not free memory kept or fragmented).
    if trim { _ = mallocTrim?(0) }
    samples.append(Sample(frame: frame, residentKB: residentKB(), descriptors: openDescriptors(), xResources: x))
}

// Foundation's first process runs open libdispatch's descriptors (an epoll, an
// eventfd, timerfds), which stay open: open them before counting.
if window && countX { for _ in 0..<3 { _ = xResources() } }
// The readings' own first use (Foundation reading a file and listing a folder for
// the first time) kept about 260 KB, which the first sample after warm-up counted.
for _ in 0..<3 { _ = residentKB(); _ = openDescriptors() }

let size = CGSize(width: 320, height: 240)
let started = Date()
if window {
    // A server just started may refuse connections for a moment: try for 10 s.
    var opened: WindowHost<SoakScene>?
    for _ in 0..<50 where opened == nil {
        opened = MainActor.assumeIsolated { WindowHost(title: "canvas-soak", size: size, scale: 1) { SoakScene() } }
        if opened == nil { Thread.sleep(forTimeInterval: 0.2) }
    }
    guard let host = opened else {
        print("canvas-soak: no X display (set DISPLAY, or run under Xvfb)")
        exit(1)
    }
    MainActor.assumeIsolated {
        var last = host.renderCount
        var drawn = 0
        while drawn < frames, host.isOpen {
            host.processEvents(timeout: 0.05)
            // What run() does between events: the jobs waiting on the main queue.
            for _ in 0..<8 where RunLoop.main.run(mode: .default, before: Date()) {}
            guard host.renderCount != last else { continue }
            last = host.renderCount
            drawn += 1
            if tapEvery > 0, drawn % tapEvery == 0 { host.sendClick(at: CGPoint(x: 160, y: 120)) }
            if drawn == warm || (drawn > warm && (drawn - warm) % 1000 == 0) || drawn == frames { sample(drawn) }
        }
    }
} else {
    MainActor.assumeIsolated {
        let host = HeadlessHost(size: size) { SoakScene() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        for frame in 1...frames {
            host.advance(by: 1.0 / 60)
            if tapEvery > 0, frame % tapEvery == 0 { host.tap(at: CGPoint(x: 160, y: 120)) }
            _ = host.render()
            if frame == warm || (frame > warm && (frame - warm) % 1000 == 0) || frame == frames { sample(frame) }
        }
    }
}

let seconds = Date().timeIntervalSince(started)
guard let first = samples.first, let last = samples.last else { print("canvas-soak: no samples"); exit(1) }
let growth = last.residentKB - first.residentKB
let peak = samples.map(\.residentKB).max() ?? 0
let descriptorGrowth = last.descriptors - first.descriptors
var report = "canvas-soak: \(samples.last!.frame) \(window ? "window" : "headless") frames in \(String(format: "%.1f", seconds)) s "
    + "(\(String(format: "%.3f", seconds * 1000 / Double(frames))) ms a frame); resident \(first.residentKB) KB after "
    + "\(first.frame) frames of warm-up, \(last.residentKB) KB at the end (growth \(growth) KB, peak \(peak) KB); "
    + "file descriptors \(first.descriptors) → \(last.descriptors)"
if let a = first.xResources, let b = last.xResources { report += "; X resources \(a) → \(b)" }
else if window { report += "; X resources not read (xrestop not installed)" }
print(report)
let xGrowth = (first.xResources.flatMap { a in last.xResources.map { $0 - a } }) ?? 0
if growth > maxGrowthKB || descriptorGrowth > 0 || xGrowth > 0 {
    print("canvas-soak: FAILED — growth beyond \(maxGrowthKB) KB, or descriptors or X resources grew")
    for s in samples { print("  frame \(s.frame): \(s.residentKB) KB, \(s.descriptors) fds\(s.xResources.map { ", \($0) X resources" } ?? "")") }
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in fds.sorted() {
        print("  fd \(fd) → \((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "?")")
    }
    exit(1)
}
