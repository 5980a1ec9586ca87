import Foundation

extension Diffing where Format == String {
    /// Texts compared line by line; a difference lists the lines that differ.
    public static var lines: Diffing {
        Diffing(toData: { Data($0.utf8) },
                fromData: { String(decoding: $0, as: UTF8.self) },
                diff: { reference, actual in
                    guard reference != actual else { return nil }
                    return SnapshotDifference(message: lineDifference(reference, actual))
                })
    }

    /// The lines that differ, `−` for the reference's and `+` for the actual's,
    /// at most 20 of them.
    static func lineDifference(_ reference: String, _ actual: String) -> String {
        let old = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(old.count, new.count) where out.count < 40 {
            let a = i < old.count ? String(old[i]) : nil, b = i < new.count ? String(new[i]) : nil
            guard a != b else { continue }
            if let a { out.append("line \(i + 1) − \(a)") }
            if let b { out.append("line \(i + 1) + \(b)") }
        }
        return out.joined(separator: "\n")
    }
}

extension Snapshotting where Value == String, Format == String {
    /// A text, compared line by line (`.txt` files).
    public static var lines: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { $0 }
    }
}
