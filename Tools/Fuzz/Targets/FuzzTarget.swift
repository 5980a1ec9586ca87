import Foundation

/// The fuzz targets: each decodes a byte string into calls on one public surface
/// of OpenCanvas and makes them. A target must never trap, hang or grow without
/// bound, whatever the bytes; a crash libFuzzer finds is saved as a file, fixed at
/// its cause, and committed to `Tools/Fuzz/Regressions/<target>/`, which the suite
/// replays with the seed corpora (`FuzzCorpusTests`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `GraphicsContext` call streams: paths with every verb, transforms, clips,
    /// layers, filters, shadings, blend modes, strokes and dashes, text, images and
    /// symbols, with ordinary and hostile arguments, in every colour mode.
    case drawing
    /// `Path(_ string:)`, Core Graphics' path description parser.
    case pathString = "path-string"
    /// `CGContext` call streams on a bitmap context.
    case cgContext = "cgcontext"
    /// PNG, JPEG and APNG decoding, and drawing what was decoded.
    case imageDecode = "image-decode"
    /// A font file through the font loader, shaped and drawn as text.
    case font
    /// Markdown in `Text` keys, `Localizable.strings` tables and `AttributedString`
    /// attributes, laid out and drawn.
    case textMarkup = "text-markup"
    /// View trees of stacks, frames, paddings, offsets, gestures, state and
    /// animations, driven through `HeadlessHost` with taps, drags and clock steps.
    case viewTree = "view-tree"

    /// Runs one input. Called on the main thread (libFuzzer's, or a test's).
    @MainActor
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .drawing: DrawingStream.run(bytes)
        case .pathString: PathStringTarget.run(bytes)
        case .cgContext: CGContextStream.run(bytes)
        case .imageDecode: ImageDecodeTarget.run(bytes)
        case .font: FontTarget.run(bytes)
        case .textMarkup: TextMarkupTarget.run(bytes)
        case .viewTree: ViewTreeStream.run(bytes)
        }
    }

    /// Runs every file named (a file, or every file in a folder) and prints how many
    /// ran: the fuzz executables do this when built without libFuzzer.
    @MainActor
    public func replay(_ paths: [String]) -> Int {
        var count = 0
        for path in paths {
            for file in FuzzTarget.files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                run([UInt8](data))
                count += 1
            }
        }
        return count
    }

    /// The files at `path`: itself, or a folder's files in name order.
    public static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
    }
}
