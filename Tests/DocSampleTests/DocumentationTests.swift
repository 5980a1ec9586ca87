import Testing
import Foundation

/// The README's and the documentation catalog's Swift samples are code that
/// compiles: each line of a ```swift block (comments and indentation aside) is,
/// in order, a line of one Swift file of `Examples/` or `Tests/` that CI builds
/// (most of them tests that run the sample and check what it does, their checks
/// between its lines), within a span of at most twice the sample's length plus
/// 12 lines; unless the line before the block says `<!-- not compiled: why -->`
/// (package manifests).
@Suite("The documentation's code samples are compiled code")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var documents: [URL] {
        var files = [root.appendingPathComponent("README.md")]
        for catalog in ["Sources/OpenCanvas/OpenCanvas.docc", "Sources/OpenCanvasTesting/OpenCanvasTesting.docc"] {
            let folder = root.appendingPathComponent(catalog)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            files += names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
        }
        return files
    }

    /// Every Swift file under Examples/ and Tests/, as normalized lines.
    static let sources: [(path: String, lines: [String])] = {
        var found: [(String, [String])] = []
        for top in ["Examples", "Tests"] {
            let base = root.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.contains(".build") || relative.contains("__Snapshots__") { continue }
                guard relative.hasSuffix(".swift"),
                      let text = try? String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8) else { continue }
                found.append(("\(top)/\(relative)", normalized(text.components(separatedBy: "\n"))))
            }
        }
        return found
    }()

    /// Code lines without indentation, trailing comments or blank lines.
    static func normalized(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            var code = line
            if let comment = code.range(of: "//"), !code[..<comment.lowerBound].contains("\"") { code = String(code[..<comment.lowerBound]) }
            code = code.trimmingCharacters(in: .whitespaces)
            return code.isEmpty ? nil : code
        }
    }

    struct Block { let document: String; let line: Int; let lines: [String]; let compiled: Bool }

    static func blocks(in url: URL) -> [Block] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var result: [Block] = [], i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            guard trimmed == "```swift" else { i += 1; continue }
            let previous = lines[..<i].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let start = i
            i += 1
            var body: [String] = []
            while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces) != "```" { body.append(lines[i]); i += 1 }
            result.append(Block(document: url.lastPathComponent, line: start + 1, lines: body,
                                compiled: !previous.contains("<!-- not compiled:")))
            i += 1
        }
        return result
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard let first = needle.first else { return true }
        let span = 2 * needle.count + 12
        for start in haystack.indices where haystack[start] == first {
            var next = 1, i = start + 1
            while next < needle.count, i < haystack.count, i - start < span {
                if haystack[i] == needle[next] { next += 1 }
                i += 1
            }
            if next == needle.count { return true }
        }
        return false
    }

    @Test func everySampleIsCompiledCode() {
        var checked = 0
        for document in Self.documents {
            for block in Self.blocks(in: document) where block.compiled {
                let code = Self.normalized(block.lines)
                checked += 1
                #expect(Self.sources.contains { Self.contains($0.lines, code) },
                        "\(block.document):\(block.line): this sample is not in any compiled file of Examples/ or Tests/")
            }
        }
        #expect(checked >= 12)
    }

    @Test func theCheckFindsADriftedSample() {
        let drifted = Self.normalized(["let renderer = ImageRenderer(content: view)", "renderer.scale = 7"])
        #expect(!Self.sources.contains { Self.contains($0.lines, drifted) })
        let kept = Self.normalized(["let renderer = ImageRenderer(content: view)", "renderer.scale = 2   // two"])
        #expect(Self.sources.contains { Self.contains($0.lines, kept) })
    }
}
