import Foundation
import OpenCanvas
import RenderTesting

/// The text markup users write: inline Markdown in `Text` keys, `Localizable.strings`
/// tables whose translations carry Markdown and format specifiers, and
/// `AttributedString` runs with SwiftUI's attributes. The first byte picks which;
/// the text is drawn, measured and drawn again in a narrow box.
enum TextMarkupTarget {
    @MainActor
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let texts: [Text]
        switch input.byte() % 3 {
        case 0:
            let key = String(decoding: input.rest(), as: UTF8.self)
            texts = [Text(LocalizedStringKey(key)), Text("\(key) has \(3) and \(2.5)")]
        case 1:
            texts = tableTexts(Data(input.rest()))
        default:
            texts = [Text(attributed(&input))]
        }
        let canvas = Canvas { context, size in
            for (i, text) in texts.enumerated() {
                let resolved = context.resolve(text)
                _ = resolved.measure(in: CGSize(width: 30, height: 100))
                context.draw(resolved, in: CGRect(x: 0, y: CGFloat(i) * 10, width: size.width, height: size.height))
                context.draw(text, at: CGPoint(x: 4, y: 20), anchor: .topLeading)
            }
        }
        _ = ImageRenderer(content: canvas.frame(width: 40, height: 32)).cgImage
    }

    /// A `Localizable.strings` table as Foundation reads one (its property-list
    /// parser, the one `Bundle` uses), each translation then formatted as a
    /// translation is: Markdown, and printf specifiers filled from arguments. The
    /// translations reach the formatter as a number's specifier (`"\(x, specifier:)"`
    /// puts it in the key as it is) rather than through a `Bundle`: Foundation
    /// caches a bundle's tables by path for the life of the process, so a table
    /// cannot be rewritten for each input, and `Bundle` cannot be subclassed here.
    @MainActor
    static func tableTexts(_ data: Data) -> [Text] {
        let parsed = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let table = parsed as? [String: String] else { return [] }
        let name = "Ada", count = 3
        return table.keys.sorted().prefix(8).flatMap { key -> [Text] in
            let translation = table[key] ?? ""
            return [Text(LocalizedStringKey(key)),
                    Text("\(2.5, specifier: translation) \(name), \(count) items \(Text("inner").bold())")]
        }
    }

    /// Runs of text with attributes drawn from the input: fonts of any size,
    /// colours, line styles, kerning, tracking, baseline offsets and links.
    static func attributed(_ input: inout FuzzBytes) -> AttributedString {
        var result = AttributedString()
        var drawing = HostileDrawing(source: input)
        for _ in 0..<Int(input.byte() % 6) + 1 {
            let length = Int(input.byte() % 12)
            var run = AttributedString(String(decoding: input.take(length), as: UTF8.self))
            drawing.source = input
            let attributes = input.byte()
            if attributes & 1 != 0 { run.font = .system(size: drawing.number()) }
            if attributes & 2 != 0 { run.foregroundColor = drawing.color() }
            if attributes & 4 != 0 { run.strikethroughStyle = .single }
            if attributes & 8 != 0 { run.underlineStyle = Text.LineStyle(pattern: .dashDot, color: drawing.color()) }
            if attributes & 16 != 0 { run.kern = drawing.number() }
            if attributes & 32 != 0 { run.tracking = drawing.number() }
            if attributes & 64 != 0 { run.baselineOffset = drawing.number() }
            if attributes & 128 != 0 { run.link = URL(string: "https://example.com/\(length)") }
            input = drawing.source
            result.append(run)
        }
        return result
    }
}
