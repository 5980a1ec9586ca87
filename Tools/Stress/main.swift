// canvas-stress: renders seeded streams of hostile drawing calls (the stress
// test's `HostileDrawing`) in a release build, for runs far longer than CI's.
//
//   swift run -c release canvas-stress [--seed FIRST] [--count N] [--limit SECONDS]
//                                      [--memory GIB] [--seeds S1,S2,…] [--backtrace] [--vectors]
//
// --vectors also writes each canvas as PDF and SVG (the test suite's stress test
// always does, for its 2,000 canvases).
//
// A trap prints the seed of the canvas that trapped; a canvas that takes longer
// than the limit (2 s by default) twice is reported with its seed and the run
// fails; one running past ten times the limit stops it at once.
// The process's address space is limited to 4 GiB (`--memory`): an allocation
// past it fails, and a canvas that needed it traps and is reported.
import Foundation
import Glibc
import OpenCanvas
import RenderTesting

nonisolated(unsafe) var currentSeed: UInt64 = 0
nonisolated(unsafe) var canvasStarted: UInt64 = 0

/// Writes "canvas-stress: trapped at seed N" with async-signal-safe calls only.
func reportSeedAndDie(_ signal: Int32) {
    var digits = [UInt8](repeating: 0, count: 24)
    var n = currentSeed, i = digits.count
    repeat { i -= 1; digits[i] = 48 + UInt8(n % 10); n /= 10 } while n > 0
    let prefix = Array("canvas-stress: trapped at seed ".utf8)
    _ = prefix.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _ = digits[i...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _ = write(2, "\n", 1)
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

var first: UInt64 = 1, count = 1_000_000, limit = 2.0, backtrace = false, memoryGiB = 4.0, vectors = false
var listed: [UInt64]? = nil
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    if flag == "--backtrace" { backtrace = true; continue }
    if flag == "--vectors" { vectors = true; continue }
    guard let value = arguments.popFirst() else { break }
    switch flag {
    case "--seed": first = UInt64(value) ?? first
    case "--count": count = Int(value) ?? count
    case "--limit": limit = Double(value) ?? limit
    case "--memory": memoryGiB = Double(value) ?? memoryGiB
    case "--seeds": listed = value.split(separator: ",").compactMap { UInt64($0) }
    default: FileHandle.standardError.write("unknown option \(flag)\n".data(using: .utf8)!); exit(2)
    }
}

var addressSpace = rlimit()
addressSpace.rlim_cur = rlim_t(memoryGiB * 1024 * 1024 * 1024)
addressSpace.rlim_max = rlim_t.max     // RLIM_INFINITY
setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &addressSpace)

// With --backtrace the runtime's own crash handler stays (it prints where the trap was).
if !backtrace {
    for s in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] { signal(s, reportSeedAndDie) }
}

// The watchdog: a canvas running past ten times the limit is a hang, and ends the
// run at once. One past the limit is rendered again (the machine may have been
// busy); past it twice, the run fails.
let hangLimit = limit * 10
let watchdog = Thread {
    while true {
        Thread.sleep(forTimeInterval: 0.25)
        let started = canvasStarted
        guard started != 0 else { continue }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
        if seconds > hangLimit {
            print("canvas-stress: seed \(currentSeed) still running after \(hangLimit) s (a hang)")
            exit(1)
        }
    }
}
watchdog.start()

var slowest = (seconds: 0.0, seed: first)
let runStart = Date()
let seeds = listed ?? Array(first..<(first &+ UInt64(max(count, 0))))
count = seeds.count
func timedRender(_ seed: UInt64) -> Double {
    currentSeed = seed
    let start = DispatchTime.now().uptimeNanoseconds
    canvasStarted = start
    _ = MainActor.assumeIsolated { renderHostileCanvas(seed: seed, vectors: vectors) }
    canvasStarted = 0
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
var overLimit: [UInt64] = []
for (done, seed) in seeds.enumerated() {
    var seconds = timedRender(seed)
    if seconds > limit {
        let again = timedRender(seed)
        print("canvas-stress: seed \(seed) took \(String(format: "%.3f", seconds)) s, then \(String(format: "%.3f", again)) s")
        seconds = min(seconds, again)
        if seconds > limit { overLimit.append(seed) }
    }
    if seconds > slowest.seconds { slowest = (seconds, seed) }
    if seconds > limit / 4 { print("canvas-stress: seed \(seed) took \(String(format: "%.3f", seconds)) s") }
    if (done + 1) % 50_000 == 0 {
        print("canvas-stress: \(done + 1) canvases, slowest seed \(slowest.seed) in \(String(format: "%.3f", slowest.seconds)) s")
    }
}
canvasStarted = 0
var usage = rusage()
getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
if !overLimit.isEmpty {
    print("canvas-stress: over the \(limit) s limit twice: seeds \(overLimit.map(String.init).joined(separator: ", "))")
}
print("canvas-stress: \(count) canvases from seed \(first) in \(Int(Date().timeIntervalSince(runStart))) s; slowest seed \(slowest.seed) in \(String(format: "%.3f", slowest.seconds)) s; peak RSS \(usage.ru_maxrss / 1024) MiB")
if !overLimit.isEmpty { exit(1) }
