// The layer check: reads Package.swift (through `swift package dump-package`) and
// every Swift file's imports, and fails when
//   - a target imports a module it does not declare as a dependency (an import
//     that only works because a dependency's dependency is linked counts too),
//   - a target declares a dependency that none of its files imports,
//   - a target depends on one in its own layer or above (the ranks below, the
//     order of ARCHITECTURE.md's table), or has no rank at all,
//   - a file imports a module that is neither a target nor a toolchain module.
//
// Run: swift Scripts/check-layers.swift   (from the package root; CI runs it)
import Foundation

/// Each target's place, bottom to top. A target may depend only on targets of a
/// lower rank. A new target gets a rank here, in the layer whose folder holds it.
let ranks: [String: Double] = [
    // 0 support, 1 geometry, 2 coverage, 3 paint
    "CEngineSupport": 0, "CanvasGeometry": 1, "CanvasRaster": 2,
    "CPixelKernels": 3, "CanvasPaint": 3.1,
    // 4 effects, display list and renderer
    "CanvasEffects": 4, "CanvasRender": 4.1,
    // 5 text and codecs, on Debian's C libraries
    "CFontStack": 5, "CUnicode": 5, "CPNG": 5, "CJPEG": 5, "CanvasText": 5.1, "CanvasCodecs": 5.1,
    "CZlib": 5, "CFontSubset": 5, "CanvasVector": 5.3,
    "Combine": 5.2,
    // 6 drawing API, 7 views, 8 hosts and the umbrella
    "OpenCanvasDrawing": 6, "_Testing_CoreGraphics": 6.4, "CoreGraphics": 6.5, "QuartzCore": 6.5, "CoreText": 6.6, "OpenCanvasMacros": 6.9, "OpenCanvasViews": 7, "CTypeDiscovery": 7.5, "OpenCanvasHeadless": 8, "CX11": 8, "CDBus": 7.9, "CAtspi": 8,
    "OpenCanvas": 8.1, "SwiftUI": 8.15, "OpenCanvasWindow": 8.2, "OpenCanvasTesting": 8.3,
    // 9 tools, examples and test support
    "CanvasScenes": 9, "RenderTesting": 9,
    "CAllocationCounter": 9.05, "FuzzTargets": 9.05,
    "FuzzDrawing": 9.1, "FuzzPathString": 9.1, "FuzzCGContext": 9.1, "FuzzImageDecode": 9.1, "FuzzFont": 9.1,
    "FuzzTextMarkup": 9.1, "FuzzViewTree": 9.1, "CanvasGallery": 9.1, "CanvasBench": 9.1, "CanvasStress": 9.1, "CanvasSoak": 9.1, "FirstPicture": 9.1,
    // 10 tests
    "CanvasGeometryTests": 10, "CanvasRasterTests": 10, "PathOperationTests": 10, "CanvasPaintTests": 10,
    "OpenCanvasTests": 10, "OpenCanvasWindowTests": 10, "OpenCanvasTestingTests": 10, "DocSampleTests": 10, "FuzzCorpusTests": 10,
]

/// Modules of the toolchain and the system, which need no declaration.
let systemModules: Set<String> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Musl",
    "Darwin", "Dispatch", "Synchronization", "Observation", "Testing", "XCTest", "CoreGraphics", "CoreText", "os",
]

func run(_ arguments: [String]) -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fatalError("cannot run \(arguments.joined(separator: " ")): \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("\(arguments.joined(separator: " ")) failed") }
    return data
}

struct Target {
    let name: String
    let kind: String
    let folder: String
    let dependencies: [String]
}

let manifest = try JSONSerialization.jsonObject(with: run(["swift", "package", "dump-package"])) as! [String: Any]
let targets: [Target] = (manifest["targets"] as! [[String: Any]]).map { t in
    let name = t["name"] as! String
    let kind = t["type"] as! String
    let defaultRoot = kind == "test" ? "Tests" : "Sources"
    let folder = (t["path"] as? String) ?? "\(defaultRoot)/\(name)"
    let dependencies = (t["dependencies"] as! [[String: Any]]).compactMap { d -> String? in
        for key in ["byName", "target", "product"] {
            if let value = d[key] as? [Any], let first = value.first as? String { return first }
        }
        return nil
    }
    return Target(name: name, kind: kind, folder: folder, dependencies: dependencies)
}
let targetNames = Set(targets.map(\.name))

/// `import X`, `@testable import X`, `@_exported import X`, `public import X`,
/// `import struct X.Y` — the module name X.
let importPattern = try NSRegularExpression(
    pattern: #"^\s*(?:@\w+\s+)*(?:public |package |internal |private |fileprivate )?import\s+(?:(?:typealias|struct|class|enum|protocol|func|var|let)\s+)?(\w+)"#,
    options: [.anchorsMatchLines])

func imports(in folder: String) -> [String: [String]] {
    var found: [String: [String]] = [:]      // module → files importing it
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return found }
    for case let relative as String in walker where relative.hasSuffix(".swift") {
        let path = "\(folder)/\(relative)"
        guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        // Multi-line string literals (a Python script a test runs, say) hold no imports.
        let text = source.components(separatedBy: "\"\"\"").enumerated()
            .map { $0.offset % 2 == 0 ? $0.element : "" }.joined(separator: "\n")
        let range = NSRange(text.startIndex..., in: text)
        for match in importPattern.matches(in: text, range: range) {
            let module = String(text[Range(match.range(at: 1), in: text)!])
            found[module, default: []].append(path)
        }
    }
    return found
}

var problems: [String] = []
var report: [String] = []
for target in targets.sorted(by: { (ranks[$0.name] ?? 99, $0.name) < (ranks[$1.name] ?? 99, $1.name) }) {
    guard let rank = ranks[target.name] else {
        problems.append("\(target.name): no layer rank (give it one in Scripts/check-layers.swift)")
        continue
    }
    let declared = Set(target.dependencies)
    for dependency in target.dependencies {
        guard let other = ranks[dependency] else { continue }
        if other >= rank {
            problems.append("\(target.name) (layer \(rank)) depends on \(dependency) (layer \(other)): not below it")
        }
    }
    let used = imports(in: target.folder)
    let isSwift = !used.isEmpty || FileManager.default.enumerator(atPath: target.folder)?
        .contains(where: { ($0 as? String)?.hasSuffix(".swift") == true }) == true
    for (module, files) in used.sorted(by: { $0.key < $1.key }) where module != target.name {
        if systemModules.contains(module) { continue }
        if !targetNames.contains(module) {
            problems.append("\(target.name): imports \(module), which is neither a target nor a toolchain module (\(files[0]))")
        } else if !declared.contains(module) {
            problems.append("\(target.name): imports \(module) without declaring it (\(files[0]))")
        }
    }
    if isSwift {
        // A macro target is used through `#externalMacro`, not imported.
        let macros = Set(targets.filter { $0.kind == "macro" }.map(\.name))
        for dependency in target.dependencies.sorted() where used[dependency] == nil && !macros.contains(dependency) {
            problems.append("\(target.name): declares \(dependency) but no file imports it")
        }
    }
    let shown = target.dependencies.sorted { (ranks[$0] ?? 0, $0) > (ranks[$1] ?? 0, $1) }
    report.append("  \(String(format: "%4.1f", rank))  \(target.name)\(shown.isEmpty ? "" : " → " + shown.joined(separator: ", "))")
}

print("Layers (rank, target → dependencies):")
print(report.joined(separator: "\n"))
if problems.isEmpty {
    print("Layer check: \(targets.count) targets, every import declared, every dependency used, every dependency below.")
} else {
    print("Layer check failed:")
    for problem in problems { print("  - \(problem)") }
    exit(1)
}
