import Foundation
import OpenCanvas

extension Scenes {
    /// Text in many scripts (shaped by HarfBuzz, ordered by the bidi algorithm,
    /// with fallback fonts and colour emoji), then styles and a truncated paragraph.
    public static let textScripts = Scene(
        name: "text-scripts",
        summary: "Scripts (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, CJK, emoji), styles, wrapping and truncation",
        size: CGSize(width: 420, height: 470)
    ) { context, size in
        let rows: [(String, String)] = [
            ("English", "The quick brown fox jumps"),
            ("Greek", "Γειά σου, κόσμε"),
            ("Russian", "Привет, мир"),
            ("Arabic", "مرحبا بالعالم"),
            ("Hebrew", "שלום עולם"),
            ("Hindi", "नमस्ते दुनिया"),
            ("Chinese", "你好，世界"),
            ("Japanese", "こんにちは、世界"),
            ("Emoji", "🎨 🚀 🌍 ✨ 👍🏽"),
            ("Mixed", "Order 123 שלום abc"),
        ]
        var y: CGFloat = 10
        for (label, sample) in rows {
            context.draw(Text(label).font(.caption).foregroundColor(.gray), at: CGPoint(x: 12, y: y + 4), anchor: .topLeading)
            context.draw(Text(sample).font(.title3), at: CGPoint(x: 90, y: y), anchor: .topLeading)
            y += 28
        }
        y += 6
        context.fill(Path(CGRect(x: 12, y: y, width: size.width - 24, height: 1)), with: .color(.gray.opacity(0.4)))
        y += 10
        let styled = Text("Bold ").bold() + Text("Italic ").italic() + Text("Serif ").font(.system(size: 17, design: .serif))
            + Text("Rounded ").font(.system(size: 17, design: .rounded))
            + Text("Mono").font(.system(size: 17, design: .monospaced))
        context.draw(styled, at: CGPoint(x: 12, y: y), anchor: .topLeading)
        y += 28
        let lines = Text("underlined").underline(color: .blue) + Text("  ") + Text("struck").strikethrough(color: .red)
            + Text("  ") + Text("dotted").underline(pattern: .dot) + Text("  ") + Text("T R A C K").tracking(3)
        context.draw(lines, at: CGPoint(x: 12, y: y), anchor: .topLeading)
        y += 28
        let gradient = LinearGradient(colors: [.purple, .orange], startPoint: .leading, endPoint: .trailing)
        context.draw(Text("Gradient text").font(.largeTitle.bold()).foregroundStyle(gradient),
                     at: CGPoint(x: 12, y: y), anchor: .topLeading)
        y += 46
        let paragraph = Text("A paragraph wraps at word boundaries to the width of its frame, and when the frame is too short the last line that fits ends with an ellipsis.")
        let frame = CGRect(x: 12, y: y, width: 250, height: 62)
        context.stroke(Path(frame), with: .color(.gray.opacity(0.5)), lineWidth: 0.5)
        context.draw(paragraph.font(.callout), in: frame)
    }
}
