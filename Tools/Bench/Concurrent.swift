import Foundation
import OpenCanvas

/// Throughput of rendering off the main actor: 8 images of 1024 × 1024 pixels
/// (400 gradient-filled ellipses and 100 labels each, recorded and rasterized
/// with `GraphicsContext.image`) made by 1 task after another, then by 2 tasks
/// at once. Prints the time per image in ns (style column: the number of tasks;
/// count: images), so that the two lines' ratio is the speed-up of 2 concurrent
/// renders over 1. The labels are `Text(verbatim:)`; with
/// `BENCH_CONCURRENT_LOCALIZED=1` they are localized keys with an interpolated
/// integer (`Text("Label \(i)")`), whose lookup and number formatting go through
/// Foundation (see Benchmarks.md).
func runConcurrentCells() {
    let key = "Concurrent/"
    if !filter.isEmpty && !key.contains(filter) && !filter.hasPrefix(key) { return }
    let localized = env["BENCH_CONCURRENT_LOCALIZED"] == "1"
    let images = env["BENCH_CONCURRENT_IMAGES"].flatMap { Int($0) } ?? 8
    @Sendable func draw(_ context: inout GraphicsContext) {
        var rng = UInt64(42)
        func next() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(rng >> 11) / Double(1 << 53)
        }
        for _ in 0..<400 {
            let r = CGRect(x: next() * 960, y: next() * 960, width: 20 + next() * 60, height: 20 + next() * 60)
            context.fill(Path(ellipseIn: r), with: .linearGradient(Gradient(colors: [.orange, .purple]),
                                                                  startPoint: r.origin, endPoint: CGPoint(x: r.maxX, y: r.maxY)))
        }
        for i in 0..<(env["BENCH_CONCURRENT_LABELS"].flatMap { Int($0) } ?? 100) {
            let label = localized ? Text("Label \(i)") : Text(verbatim: "Label \(i)")
            context.draw(label.font(.system(size: 13)), at: CGPoint(x: next() * 1000, y: next() * 1000))
        }
    }
    let size = CGSize(width: 1024, height: 1024)
    _ = GraphicsContext.image(size: size, draw)             // warm-up: fonts, caches
    for tasks in (env["BENCH_CONCURRENT_TASKS"].map { [Int($0) ?? 1] } ?? [1, 2]) {
        var samples: [Double] = []
        for _ in 0..<repeats {
            let t0 = now()
            DispatchQueue.concurrentPerform(iterations: tasks) { k in
                for _ in stride(from: k, to: images, by: tasks) { _ = GraphicsContext.image(size: size, draw) }
            }
            samples.append((now() - t0) / Double(images))
        }
        let sorted = samples.sorted()
        print(String(format: "opencanvas,Concurrent,%dtask%@%@,1024,%d,%.1f,%.1f,%016llx", tasks, tasks == 1 ? "" : "s",
                     localized ? "-localized" : "",
                     images, sorted[sorted.count / 2], sorted[0], UInt64(0)))
        fflush(nil)
    }
}
