import Foundation
import OpenCanvas
import CanvasScenes

/// Path operations against Skia's PathOps (`Benchmarks/pathops.sh`, whose peer is
/// `Benchmarks/peers/pathops_peer.py` on skia-pathops): union and intersection of
/// three pairs of inputs, through the public `Path` API (the conversion to and from
/// the engine's path included):
///
///   Circles  two paths of 48 overlapping circles each (192 cubics a side)
///   Blobs    two wavy closed curves of 240 cubics each, the second turned, crossing
///            the first hundreds of times
///   Text     "Sphinx of black quartz, judge my vow" in Inter at 48 pt as glyph
///            outlines, against the same outlines moved by (1.5, 1)
///
/// Runs when BENCH_FILTER starts with "PathOps"; with BENCH_PATHOPS_INPUTS set it
/// first writes each input as DIR/CASE-a.txt and CASE-b.txt (Core Graphics' path
/// description) for the peer. CSV columns as the other cells': engine, test ("PathOps"
/// + case), style (the operation), size (the inputs' segments), count 1, median and
/// minimum ns per operation, and in the last column the result's area (a check that
/// both engines computed the same shape).
func runPathOpsCells() {
    guard filter.hasPrefix("PathOps") else { return }
    var cases: [(String, Path, Path)] = []
    var seed: UInt64 = 0x9E3779B97F4A7C15
    func random() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    func circles() -> Path {
        var p = Path()
        for _ in 0..<48 {
            let r = 20 + 40 * random()
            p.addEllipse(in: CGRect(x: 400 * random(), y: 400 * random(), width: 2 * r, height: 2 * r))
        }
        return p
    }
    cases.append(("Circles", circles(), circles()))
    func blob(turn: Double) -> Path {
        // A closed curve through 240 points on a wavy circle, each span a cubic with
        // tangents from its neighbours (Catmull-Rom).
        let n = 240
        let points = (0..<n).map { k -> CGPoint in
            let a = Double(k) / Double(n) * 2 * .pi + turn
            let r = 200 + 30 * sin(17 * a) + 12 * cos(29 * a)
            return CGPoint(x: 250 + r * cos(a), y: 250 + r * sin(a))
        }
        var p = Path()
        p.move(to: points[0])
        for k in 0..<n {
            let p0 = points[(k + n - 1) % n], p1 = points[k], p2 = points[(k + 1) % n], p3 = points[(k + 2) % n]
            p.addCurve(to: p2, control1: CGPoint(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                       control2: CGPoint(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6))
        }
        p.closeSubpath()
        return p
    }
    cases.append(("Blobs", blob(turn: 0), blob(turn: 0.05)))
    func text(_ s: String, at origin: CGPoint) -> Path {
        Scenes.glyphOutlines(of: s, fontName: "Inter", size: 48, baseline: origin)
    }
    let phrase = "Sphinx of black quartz, judge my vow"
    cases.append(("Text", text(phrase, at: CGPoint(x: 10, y: 60)), text(phrase, at: CGPoint(x: 11.5, y: 61))))

    if let dir = env["BENCH_PATHOPS_INPUTS"] {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, a, b) in cases {
            try? a.description.write(toFile: "\(dir)/\(name)-a.txt", atomically: true, encoding: .utf8)
            try? b.description.write(toFile: "\(dir)/\(name)-b.txt", atomically: true, encoding: .utf8)
        }
    }
    func segments(_ p: Path) -> Int {
        var n = 0
        p.forEach { if case .move = $0 {} else { n += 1 } }
        return n
    }
    for (name, a, b) in cases {
        for (opName, op) in [("Union", { a.union(b) }), ("Intersection", { a.intersection(b) })] as [(String, () -> Path)] {
            if !"PathOps\(name)/\(opName)".hasPrefix(filter) && filter != "PathOps" { continue }
            // Batches of at least 20 ms, so that short operations are timed well.
            let t0 = now()
            var result = op()
            let once = max(1, now() - t0)
            let batch = max(1, Int(20e6 / once))
            var times: [Double] = []
            for _ in 0..<max(5, repeats) {
                let s = now()
                for _ in 0..<batch { result = op() }
                times.append((now() - s) / Double(batch))
            }
            times.sort()
            print(String(format: "opencanvas,PathOps%@,%@,%d,1,%.1f,%.1f,%.6f", name, opName, segments(a) + segments(b),
                         times[times.count / 2], times[0], Double(result.area)))
            fflush(nil)
        }
    }
}

extension Path {
    /// The enclosed area by Green's theorem over the flattened outline (the
    /// operations' results are oriented: holes run against their outer contours).
    var area: CGFloat {
        var total = 0.0, start = CGPoint.zero, last = CGPoint.zero
        Path(cgPath.flattened(threshold: 0.01)).forEach { e in
            switch e {
            case .move(let p): start = p; last = p
            case .line(let p): total += Double(last.x * p.y - p.x * last.y) / 2; last = p
            case .closeSubpath: total += Double(last.x * start.y - start.x * last.y) / 2; last = start
            default: break
            }
        }
        return CGFloat(abs(total))
    }
}
