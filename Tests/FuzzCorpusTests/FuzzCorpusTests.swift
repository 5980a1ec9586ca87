import Foundation
import FuzzTargets
import OpenCanvas
import Testing

/// The fuzz targets' committed inputs, run as the suite's regression tests: each
/// target's seed corpus (Tools/Fuzz/Corpus) and every input a fuzzer once crashed
/// or hung on (Tools/Fuzz/Regressions), through the same code libFuzzer runs.
@MainActor
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/Fuzz").path

    @Test("every committed input of a target runs without a trap", arguments: FuzzTarget.allCases)
    func corpus(_ target: FuzzTarget) {
        let seeds = FuzzTarget.files(at: "\(Self.fuzzFolder)/Corpus/\(target.rawValue)")
        #expect(!seeds.isEmpty, "no seed corpus for \(target.rawValue)")
        let regressions = "\(Self.fuzzFolder)/Regressions/\(target.rawValue)"
        let ran = target.replay([ "\(Self.fuzzFolder)/Corpus/\(target.rawValue)", regressions])
        #expect(ran == seeds.count + FuzzTarget.files(at: regressions).count)
    }

    @Test("bytes decode to the same decisions every time, and past the end the stream goes on")
    func fuzzBytes() {
        var a = FuzzBytes([7, 0, 0, 0, 255]), b = FuzzBytes([7, 0, 0, 0, 255])
        let first = (0..<12).map { _ in Int.random(in: 0..<24, using: &a) }
        #expect(first == (0..<12).map { _ in Int.random(in: 0..<24, using: &b) })
        #expect(first[0] == 7 * 24 / 256 && first[4] == 255 * 24 / 256)
        #expect(a.isExhausted)
        var zeros = FuzzBytes([UInt8](repeating: 0, count: 64))
        // A run of zero bytes must not send rejection sampling round for ever.
        #expect((0..<100).map { _ in Int.random(in: 0..<7, using: &zeros) }.count == 100)
    }
}
