import Testing
import CanvasGeometry
import Foundation

/// Random shapes combined by every operation under both fill rules, each result
/// checked pixel by pixel against the boolean of the inputs' coverages (the
/// bounds and the slack are described in `PathOracle`), and checked to be a clean
/// outline: the same coverage under both fill rules (no overlaps, holes opposite
/// to their outers), a positive area that agrees with its coverage, finite points.
@Suite("Boolean operations against a raster oracle")
struct BooleanOracleTests {
    static let size = 64
    /// More random cases on request (`PATHOPS_TRIALS=5000 swift test --filter PathOperationTests`).
    static let trials = ProcessInfo.processInfo.environment["PATHOPS_TRIALS"].flatMap { Int($0) } ?? 120
    static let seedOffset = ProcessInfo.processInfo.environment["PATHOPS_SEED"].flatMap { UInt64($0) } ?? 0

    static func verify(_ a: PathData, _ b: PathData, _ op: PathBooleanOperation, evenOdd: Bool,
                       name: String) -> Bool {
        let n = size
        let result = a.combined(with: b, operation: op, evenOdd: evenOdd)
        guard result.isFinite else {
            Issue.record("\(name): non-finite result")
            return false
        }
        let ma = PathOracle.rasterize(a, evenOdd: evenOdd, width: n, height: n)
        let mb = PathOracle.rasterize(b, evenOdd: evenOdd, width: n, height: n)
        let nonZero = PathOracle.rasterize(result, evenOdd: false, width: n, height: n)
        if let m = PathOracle.check(op, a: ma, b: mb, result: nonZero, name: name) {
            Issue.record("\(name): \(m)")
            return false
        }
        let eo = PathOracle.rasterize(result, evenOdd: true, width: n, height: n)
        let (d, at) = PathOracle.maxDifference(nonZero, eo)
        if d > PathOracle.slack {
            Issue.record("\(name): overlapping contours: fill rules differ by \(d) at (\(at % n), \(at / n))")
            PathOracle.write([nonZero, eo, eo], diff: [], name: name + "-rules")
            return false
        }
        let area = result.signedArea, covered = PathOracle.coveredArea(nonZero)
        if abs(area - covered) > max(0.5, covered * 0.01) {
            Issue.record("\(name): Green's area \(area) but \(covered) pixels covered")
            return false
        }
        return true
    }

    @Test("random shapes, every operation, both fill rules", arguments: [false, true])
    func random(evenOdd: Bool) {
        var rng = SplitMix(state: (evenOdd ? 0xE0 : 0x20) &+ Self.seedOffset)
        var failures = 0
        for trial in 0..<Self.trials {
            let a = TestShapes.random(&rng, size: Double(Self.size))
            let b = TestShapes.random(&rng, size: Double(Self.size))
            for op in [PathBooleanOperation.union, .intersection, .subtraction, .symmetricDifference] {
                if !Self.verify(a, b, op, evenOdd: evenOdd, name: "random-\(evenOdd ? "eo" : "nz")-\(trial)-\(op)") {
                    failures += 1
                }
            }
            if failures > 3 { return }
        }
    }

    @Test("normalized keeps the coverage and the area", arguments: [false, true])
    func normalized(evenOdd: Bool) {
        var rng = SplitMix(state: (evenOdd ? 0x11 : 0x12) &+ Self.seedOffset)
        let n = Self.size
        for trial in 0..<(Self.trials * 5 / 4) {
            var a = TestShapes.random(&rng, size: Double(n))
            if trial % 3 == 0 { a.append(TestShapes.random(&rng, size: Double(n))) }
            let r = a.normalized(evenOdd: evenOdd)
            let before = PathOracle.rasterize(a, evenOdd: evenOdd, width: n, height: n)
            let after = PathOracle.rasterize(r, evenOdd: false, width: n, height: n)
            let afterEO = PathOracle.rasterize(r, evenOdd: true, width: n, height: n)
            let (d, at) = PathOracle.maxDifference(before, after)
            if d > PathOracle.slack {
                PathOracle.write([before, after, afterEO], diff: [], name: "normalized-\(trial)")
                Issue.record("trial \(trial): coverage changed by \(d) at (\(at % n), \(at / n))")
                return
            }
            #expect(PathOracle.maxDifference(after, afterEO).0 <= PathOracle.slack, "trial \(trial)")
            let covered = PathOracle.coveredArea(before)
            #expect(abs(r.signedArea - covered) <= max(0.5, covered * 0.01), "trial \(trial)")
        }
    }
}
