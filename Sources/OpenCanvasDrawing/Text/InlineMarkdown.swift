import Foundation

/// Inline Markdown in a localized key, as SwiftUI renders `Text("Hello **world**")`:
/// `**strong**` / `__strong__` (bold), `*emphasis*` / `_emphasis_` (italic),
/// `***both***`, `` `code` `` (monospaced), `~~strikethrough~~` (and `~one~`), and
/// `[links](url)` (in the accent colour). Backslash escapes punctuation. A
/// delimiter without its match is text, and `_` inside a word is text (as in
/// `snake_case`). Only the key is parsed: interpolated values are inserted as they
/// are, and `Text(verbatim:)` and `String` values are never parsed.
///
/// A small subset of CommonMark's inline rules, written for labels (no nesting of
/// links, no HTML, no autolinks); Foundation's Markdown parser is not available on
/// Linux. Keys over 4 KiB are not parsed.
enum InlineMarkdown {
    struct Style: Equatable, Sendable {
        var strong = false
        var emphasis = false
        var code = false
        var strikethrough = false
        var link: String?

        var isPlain: Bool { self == Style() }
    }

    struct Segment: Equatable {
        var text: String
        var style: Style
    }

    /// The text in runs of one style each (a single plain run when there is no
    /// Markdown).
    static func parse(_ text: String) -> [Segment] {
        // Keys longer than a paragraph are shown as they are: the matching below is
        // quadratic in the worst case, and labels are short.
        guard text.utf8.count <= 4096, text.contains(where: { "*_`~[\\".contains($0) }) else {
            return [Segment(text: text, style: Style())]
        }
        var out: [Segment] = []
        let chars = Array(text)
        parse(chars, chars.startIndex, chars.endIndex, style: Style(), depth: 0, into: &out)
        return out
    }

    private static func isPunctuation(_ c: Character) -> Bool {
        c.isPunctuation || c.isSymbol
    }

    private static func append(_ s: String, _ style: Style, _ out: inout [Segment]) {
        guard !s.isEmpty else { return }
        if let last = out.last, last.style == style {
            out[out.count - 1].text += s
        } else {
            out.append(Segment(text: s, style: style))
        }
    }

    /// The length of the run of `c` starting at `i`.
    private static func run(of c: Character, in chars: [Character], at i: Int, end: Int) -> Int {
        var n = 0
        while i + n < end, chars[i + n] == c { n += 1 }
        return n
    }

    private static func parse(_ chars: [Character], _ start: Int, _ end: Int, style: Style, depth: Int,
                              into out: inout [Segment]) {
        var buffer = ""
        func flush() {
            append(buffer, style, &out)
            buffer = ""
        }
        var i = start
        while i < end {
            let c = chars[i]
            // Escapes.
            if c == "\\", i + 1 < end, isPunctuation(chars[i + 1]) {
                buffer.append(chars[i + 1])
                i += 2
                continue
            }
            // Code spans: the content as it is.
            if c == "`" {
                let n = run(of: "`", in: chars, at: i, end: end)
                var j = i + n
                var close: Int?
                while j < end {
                    if chars[j] == "`" {
                        let m = run(of: "`", in: chars, at: j, end: end)
                        if m == n { close = j; break }
                        j += m
                    } else {
                        j += 1
                    }
                }
                if let close {
                    flush()
                    var content = String(chars[(i + n)..<close])
                    if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                        content = String(content.dropFirst().dropLast())
                    }
                    var inner = style
                    inner.code = true
                    append(content, inner, &out)
                    i = close + n
                } else {
                    buffer += String(repeating: "`", count: n)
                    i += n
                }
                continue
            }
            // Emphasis, strong emphasis and strikethrough.
            if (c == "*" || c == "_" || c == "~"), depth < 16 {
                let n = run(of: c, in: chars, at: i, end: end)
                let usable = c == "~" ? (n <= 2 ? n : 0) : min(n, 3)
                let before: Character? = i > start ? chars[i - 1] : nil
                let after: Character? = i + n < end ? chars[i + n] : nil
                let opens = usable > 0 && after.map { !$0.isWhitespace } == true
                    && !(c == "_" && (before.map { $0.isLetter || $0.isNumber } ?? false))
                if opens, let close = closer(of: c, count: n, in: chars, from: i + n, end: end) {
                    flush()
                    var inner = style
                    switch (c, n) {
                    case ("~", _): inner.strikethrough = true
                    case (_, 1): inner.emphasis = true
                    case (_, 2): inner.strong = true
                    default: inner.strong = true; inner.emphasis = true
                    }
                    parse(chars, i + n, close, style: inner, depth: depth + 1, into: &out)
                    i = close + n
                } else {
                    buffer += String(repeating: c, count: n)
                    i += n
                }
                continue
            }
            // Links: [label](destination).
            if c == "[", depth < 16, let (labelEnd, destination, next) = link(in: chars, at: i, end: end) {
                flush()
                var inner = style
                inner.link = destination
                parse(chars, i + 1, labelEnd, style: inner, depth: depth + 1, into: &out)
                i = next
                continue
            }
            buffer.append(c)
            i += 1
        }
        flush()
    }

    /// Where the run of `count` × `c` that closes one opened before `from` starts:
    /// preceded by a non-space, and for `_` not followed by a letter or digit.
    private static func closer(of c: Character, count: Int, in chars: [Character], from: Int, end: Int) -> Int? {
        var j = from
        while j < end {
            if chars[j] == "\\" { j += 2; continue }
            if chars[j] == "`" {
                // Delimiters inside a code span do not count.
                let n = run(of: "`", in: chars, at: j, end: end)
                var k = j + n
                var closed = false
                while k < end {
                    if chars[k] == "`" {
                        let m = run(of: "`", in: chars, at: k, end: end)
                        if m == n { closed = true; break }
                        k += m
                    } else {
                        k += 1
                    }
                }
                j = closed ? k + n : j + n
                continue
            }
            guard chars[j] == c else { j += 1; continue }
            let m = run(of: c, in: chars, at: j, end: end)
            let after: Character? = j + m < end ? chars[j + m] : nil
            if m == count, j > from, !chars[j - 1].isWhitespace,
               !(c == "_" && (after.map { $0.isLetter || $0.isNumber } ?? false)) {
                return j
            }
            j += m
        }
        return nil
    }

    /// A link at `i`: the end of its label, its destination, and where it ends.
    private static func link(in chars: [Character], at i: Int, end: Int) -> (Int, String, Int)? {
        var depth = 0
        var j = i
        while j < end {
            switch chars[j] {
            case "\\": j += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 {
                    guard j + 1 < end, chars[j + 1] == "(" else { return nil }
                    guard let close = chars[(j + 2)..<end].firstIndex(of: ")") else { return nil }
                    let destination = String(chars[(j + 2)..<close]).trimmingCharacters(in: .whitespaces)
                    return (j, destination, close + 1)
                }
            default: break
            }
            j += 1
        }
        return nil
    }
}
