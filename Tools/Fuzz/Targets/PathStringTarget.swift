import OpenCanvas

/// `Path(_ string:)`, Core Graphics' path description format, on any text. A path
/// that parses must print a description that parses to the same path, and is then
/// measured, hit-tested, trimmed, stroked and drawn.
enum PathStringTarget {
    @MainActor
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let path = Path(text) else { return }
        let description = path.description
        guard let again = Path(description), again.description == description else {
            fatalError("path-string: \(description.debugDescription) does not read back as itself")
        }
        _ = path.boundingRect
        _ = path.contains(CGPoint(x: 10, y: 10), eoFill: bytes.count % 2 == 0)
        let trimmed = path.trimmedPath(from: 0.25, to: 0.75)
        let outline = path.strokedPath(StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .miter, dash: [4, 2]))
        let canvas = Canvas { context, size in
            context.fill(path, with: .color(.blue))
            context.stroke(trimmed, with: .color(.red), lineWidth: 2)
            context.fill(outline, with: .color(.green.opacity(0.5)), style: FillStyle(eoFill: true))
        }
        _ = ImageRenderer(content: canvas.frame(width: 32, height: 24)).cgImage
    }
}
