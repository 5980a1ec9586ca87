// Fails when a public declaration of ours has no doc comment. Reads the symbol
// graphs `Scripts/docs.sh` extracts: a symbol counts when it is public or open,
// declared in this repository's Sources (not synthesized, not another module's),
// and not underscored (underscored names are implementation details SwiftUI
// also hides). A member that implements a documented protocol requirement
// inherits its documentation, as DocC shows it.
//
//     swift Scripts/check-doc-comments.swift <symbol graph folder>...
import Foundation

let root = FileManager.default.currentDirectoryPath + "/Sources/"
var missing: [String] = []
var counted = 0
var seen: Set<String> = []
for folder in CommandLine.arguments.dropFirst() {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for file in files.sorted() where file.hasSuffix(".symbols.json") {
        guard let data = FileManager.default.contents(atPath: folder + "/" + file),
              let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let symbols = graph["symbols"] as? [[String: Any]] else {
            print("check-doc-comments: cannot read \(folder)/\(file)")
            exit(1)
        }
        for symbol in symbols {
            guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open",
                  let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String,
                  let path = uri.range(of: root).map({ String(uri[$0.upperBound...]) }),
                  let components = symbol["pathComponents"] as? [String],
                  !components.contains(where: { $0.hasPrefix("_") }) else { continue }
            let line = ((location["position"] as? [String: Any])?["line"] as? Int ?? 0) + 1
            let name = components.joined(separator: ".")
            guard seen.insert("\(path):\(line):\(name)").inserted else { continue }
            counted += 1
            if symbol["docComment"] == nil { missing.append("Sources/\(path):\(line): \(name)") }
        }
    }
}
if missing.isEmpty {
    print("check-doc-comments: all \(counted) public declarations have a doc comment")
} else {
    for m in missing.sorted() { print(m) }
    print("check-doc-comments: \(missing.count) of \(counted) public declarations have no doc comment")
    exit(1)
}
