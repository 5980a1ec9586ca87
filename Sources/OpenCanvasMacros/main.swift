// The compiler plugin behind `#Preview` and `@Previewable`. It speaks the
// compiler's plugin protocol itself — length-prefixed JSON messages on standard
// input and output — rather than through SwiftSyntax, which SwiftPM cannot fetch
// here: a `#Preview` expansion needs only the macro's source text, cut into its
// arguments and its closure (see `PreviewExpansion`).
import Foundation

/// Reads one message: an 8-byte little-endian length, then that many bytes of JSON.
func readMessage() -> [String: Any]? {
    let header = FileHandle.standardInput.readData(ofLength: 8)
    guard header.count == 8 else { return nil }
    let size = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    guard size < 1 << 30 else { return nil }
    let body = FileHandle.standardInput.readData(ofLength: Int(size))
    guard body.count == Int(size) else { return nil }
    return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
}

func send(_ object: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
    var count = UInt64(data.count).littleEndian
    FileHandle.standardOutput.write(Data(bytes: &count, count: 8))
    FileHandle.standardOutput.write(data)
}

/// A diagnostic at the start of the macro's source.
func error(_ message: String, _ syntax: [String: Any]) -> [String: Any] {
    let location = syntax["location"] as? [String: Any] ?? [:]
    let position: [String: Any] = ["fileName": location["fileName"] ?? "", "offset": location["offset"] ?? 0]
    return ["message": message, "severity": "error", "position": position, "highlights": [], "notes": [],
            "fixIts": []]
}

while let message = readMessage() {
    if message["getCapability"] != nil {
        send(["getCapabilityResult": ["capability": ["protocolVersion": 7]]])
    } else if let request = message["expandFreestandingMacro"] as? [String: Any] {
        let syntax = request["syntax"] as? [String: Any] ?? [:]
        let source = syntax["source"] as? String ?? ""
        let discriminator = request["discriminator"] as? String ?? ""
        let location = syntax["location"] as? [String: Any] ?? [:]
        let fileID = location["fileID"] as? String ?? ""
        let line = location["line"] as? Int ?? 0
        switch PreviewExpansion.expand(source, discriminator: discriminator, fileID: fileID, line: line) {
        case .success(let expanded):
            send(["expandMacroResult": ["expandedSource": expanded, "diagnostics": []]])
        case .failure(let problem):
            send(["expandMacroResult": ["expandedSource": NSNull(), "diagnostics": [error(problem.message, syntax)]]])
        }
    } else if message["expandAttachedMacro"] != nil {
        // `@Previewable`: the declaration stays as written; the macro adds nothing.
        send(["expandMacroResult": ["expandedSource": "", "diagnostics": []]])
    } else {
        send(["expandMacroResult": ["expandedSource": NSNull(), "diagnostics": []]])
    }
}
