import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Inline Markdown in localized text keys, as SwiftUI renders it.
@MainActor
@Suite("Markdown in Text keys")
struct MarkdownTextTests {
    /// What a screen reader reads for a text.
    func reading(_ text: Text) -> String {
        HeadlessHost(size: CGSize(width: 600, height: 60)) { text }.accessibilityReading.joined(separator: "|")
    }

    func same(_ a: Text, _ b: Text, _ note: Comment) {
        #expect(identical(render(a.font(.system(size: 20))), render(b.font(.system(size: 20)))), note)
    }

    @Test("strong, emphasis, both, code, strikethrough and links look like their modifiers")
    func styles() {
        same(Text("Hello **world**"), Text(verbatim: "Hello ") + Text(verbatim: "world").bold(), "strong")
        same(Text("Hello __world__"), Text(verbatim: "Hello ") + Text(verbatim: "world").bold(), "strong _")
        same(Text("an *idea*"), Text(verbatim: "an ") + Text(verbatim: "idea").italic(), "emphasis")
        same(Text("an _idea_"), Text(verbatim: "an ") + Text(verbatim: "idea").italic(), "emphasis _")
        same(Text("***both***"), Text(verbatim: "both").bold().italic(), "both")
        same(Text("run `ls -l` now"),
             Text(verbatim: "run ") + Text(verbatim: "ls -l").fontDesign(.monospaced) + Text(verbatim: " now"), "code")
        same(Text("~~gone~~ here"), Text(verbatim: "gone").strikethrough() + Text(verbatim: " here"), "strike")
        same(Text("see [the docs](https://example.com)"),
             Text(verbatim: "see ") + Text(verbatim: "the docs").foregroundColor(.accentColor), "link")
        same(Text("**bold *and italic* inside**"),
             Text(verbatim: "bold ").bold() + Text(verbatim: "and italic").bold().italic() + Text(verbatim: " inside").bold(),
             "nested")
        #expect(reading(Text("Hello **world**, *this* is `code` and [a link](x)")) == "Hello world, this is code and a link")
    }

    @Test("what is not Markdown stays text")
    func literal() {
        #expect(reading(Text("snake_case_name")) == "snake_case_name")
        #expect(reading(Text("2 * 3 * 4")) == "2 * 3 * 4")
        #expect(reading(Text("**unclosed")) == "**unclosed")
        #expect(reading(Text("\\*not emphasis\\*")) == "*not emphasis*")
        #expect(reading(Text("[no link] here")) == "[no link] here")
        #expect(reading(Text("100%")) == "100%")
        #expect(reading(Text("`a*b*c`")) == "a*b*c")
        // Verbatim text and String values are never parsed.
        #expect(reading(Text(verbatim: "**x**")) == "**x**")
        let value = "**y**"
        #expect(reading(Text(value)) == "**y**")
    }

    @Test("interpolated values are inserted as they are, in the style of their place in the key")
    func interpolation() {
        let name = "*Ada*"
        #expect(reading(Text("Hello **\(name)**, you have \(1234) points")) == "Hello *Ada*, you have 1,234 points")
        same(Text("Hello **\(name)**"), Text(verbatim: "Hello ") + Text(verbatim: name).bold(), "styled argument")
        same(Text("**\(42)** and \(7)"), Text(verbatim: "42").bold() + Text(verbatim: " and 7"), "arguments across segments")
    }

    /// Found by the text-markup fuzzer: Foundation's formatter trapped ("Overflow
    /// occurred") on a specifier asking for a width of 10¹⁵.
    @Test("a specifier of absurd width or malformed shape is left out, not passed to Foundation")
    func hostileSpecifiers() {
        #expect(reading(Text("[\(2.5, specifier: "%999999999999999g")]")) == "[]")
        #expect(reading(Text("[\(2.5, specifier: "%.99999999999f")]")) == "[]")
        // ("=" ends the specifier as its conversion, which takes no argument; the "f"
        // after it is text.)
        #expect(reading(Text("[\(2.5, specifier: "%-08.3l=f")]")) == "[f]")
        #expect(reading(Text("[\(2.5, specifier: "%5.5.5f")]")) == "[]")
        // Ordinary specifiers still work, up to the largest field kept.
        #expect(reading(Text("[\(2.5, specifier: "%.2f")]")) == "[2.50]")
        #expect(reading(Text("[\(2.5, specifier: "%6.1f")]")) == "[   2.5]")
        #expect(reading(Text("\(2.5, specifier: "%4096.1f")")).count == 4096)
    }

    @Test("hostile keys never trap")
    func hostile() {
        for key in ["*", "**", "***", "`", "``", "~", "[", "[](", "\\", "_*_*_*", String(repeating: "*[", count: 1000),
                    String(repeating: "**_~`[", count: 600), String(repeating: "*[", count: 5000),
                    String(repeating: "**a", count: 3000), String(repeating: "[", count: 3000) + String(repeating: "](x)", count: 3000)] {
            _ = reading(Text(LocalizedStringKey(key)))
        }
    }
}

@MainActor
@Suite("Text from an AttributedString, and font details")
struct AttributedTextTests {
    @Test("each run keeps its SwiftUI attributes")
    func attributes() {
        var s = AttributedString("Plain bold red struck")
        s.font = .system(size: 20)
        if let r = s.range(of: "bold") { s[r].font = .system(size: 20).bold() }
        if let r = s.range(of: "red") { s[r].foregroundColor = .red }
        if let r = s.range(of: "struck") { s[r].strikethroughStyle = .single }
        let expected = Text(verbatim: "Plain ").font(.system(size: 20))
            + Text(verbatim: "bold").font(.system(size: 20).bold())
            + Text(verbatim: " ").font(.system(size: 20))
            + Text(verbatim: "red").font(.system(size: 20)).foregroundColor(.red)
            + Text(verbatim: " ").font(.system(size: 20))
            + Text(verbatim: "struck").font(.system(size: 20)).strikethrough()
        #expect(identical(render(Text(s)), render(expected)))
        var link = AttributedString("a link")
        link.link = URL(string: "https://example.com")
        #expect(identical(render(Text(link)), render(Text(verbatim: "a link").foregroundColor(.accentColor))))
        #expect(HeadlessHost(size: CGSize(width: 300, height: 40)) { Text(s) }.accessibilityReading == ["Plain bold red struck"])
        // Markdown is not parsed in attributed strings.
        #expect(HeadlessHost(size: CGSize(width: 300, height: 40)) { Text(AttributedString("**x**")) }
            .accessibilityReading == ["**x**"])
    }

    @Test("Font.monospaced() is the monospaced design; a symbol's variable value draws it whole")
    func fontAndSymbol() {
        #expect(identical(render(Text(verbatim: "iii").font(.body.monospaced())),
                          render(Text(verbatim: "iii").font(.system(.body, design: .monospaced)))))
        #expect(identical(render(Image(systemName: "wifi", variableValue: 0.3)), render(Image(systemName: "wifi"))))
    }
}

struct DateLabels: View {
    let date: Date
    var body: some View {
        VStack {
            Text(date, style: .relative)
            Text(date, style: .offset)
            Text(date, style: .timer)
        }
        .environment(\.locale, Locale(identifier: "en_US"))
    }
}

@MainActor
@Suite("Dates in Text")
struct DateTextTests {
    @Test("absolute styles and ranges in the environment's locale")
    func absolute() {
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        let reading = HeadlessHost(size: CGSize(width: 300, height: 100)) {
            VStack {
                Text(date, style: .time)
                Text(date, style: .date)
                Text(date...date.addingTimeInterval(3600))
            }
            .environment(\.locale, Locale(identifier: "en_US"))
        }.accessibilityReading
        #expect(reading.count == 3)
        #expect(reading.first == formatter.string(from: date))
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        #expect(reading[1] == formatter.string(from: date))
        #expect(reading[2].contains("–"))
    }

    @Test("relative, offset and timer styles count from the host's clock, every second")
    func live() {
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let host = HeadlessHost(size: CGSize(width: 300, height: 100)) { DateLabels(date: start.addingTimeInterval(2 * 3600 + 23 * 60 + 30)) }
        host.date = start
        #expect(host.accessibilityReading == ["2 hours, 23 minutes", "+2 hours", "2:23:30"])
        #expect(host.nextFrameDate == start.addingTimeInterval(1))
        host.advance(by: 1)
        #expect(host.accessibilityReading.last == "2:23:29")
        host.advance(by: 60)
        #expect(host.accessibilityReading.first == "2 hours, 22 minutes")
        host.advance(to: start.addingTimeInterval(3 * 3600))
        #expect(host.accessibilityReading == ["36 minutes, 30 seconds", "-36 minutes", "36:30"])
    }
}
