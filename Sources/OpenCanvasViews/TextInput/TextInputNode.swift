import Foundation
import OpenCanvasDrawing

/// The drawn part of a text field: its text in visual lines (wrapped to the
/// width when it has several lines), the prompt while it is empty, the
/// selection behind the text and the caret (2 points wide, in the tint) while
/// it has focus. The lines and caret positions it lays out are handed to the
/// field's editing state, so taps and arrows move through what is drawn.
struct TextInput: View {
    let text: String
    let prompt: Text?
    let isSecure: Bool
    let isMultiline: Bool
    let minLines: Int
    let state: TextEditingState
    typealias Body = Never
}

extension TextInput: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        TextInputNode(input: self, environment: environment)
    }
}

/// Lays out a string as a text field shows it: visual lines (split at
/// newlines; wrapped at spaces, or between characters in a word wider than
/// `maxWidth`), each with the caret's x before each character.
///
/// Caret positions are exact for lines of up to 80 characters (the width of
/// each prefix, shaped as it is drawn); longer lines add up each character's
/// own advance (kerning between characters is left out), so that a long text
/// costs time in proportion to its length rather than its square.
@MainActor
func textInputLines(_ string: String, environment: EnvironmentValues, maxWidth: CGFloat?) -> [TextInputLine] {
    let measurer = TextInputMeasurer(environment: environment)
    let lineHeight = measurer.lineHeight, baseline = measurer.baseline
    let limit = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    var lines: [TextInputLine] = []
    var offset = 0
    var top: CGFloat = 0
    let paragraphs = string.split(separator: "\n", omittingEmptySubsequences: false)
    for (p, paragraph) in paragraphs.enumerated() {
        let chars = Array(paragraph)
        // The caret positions of the whole paragraph on one line.
        let carets = measurer.carets(chars)
        var lineStart = 0
        repeat {
            var end = lineStart
            if let limit {
                // The furthest character that fits; then back to after a space.
                let origin = carets[lineStart]
                while end < chars.count, carets[end + 1] - origin <= limit { end += 1 }
                if end == lineStart { end = min(chars.count, lineStart + 1) }
                if end < chars.count, let space = chars[lineStart..<end].lastIndex(of: " "), space + 1 > lineStart {
                    end = space + 1
                }
            } else {
                end = chars.count
            }
            let origin = carets[lineStart]
            let lineCarets = carets[lineStart...end].map { $0 - origin }
            lines.append(TextInputLine(start: offset + lineStart, end: offset + end, top: top, height: lineHeight,
                                       baseline: top + baseline, carets: Array(lineCarets),
                                       endsParagraph: end >= chars.count))
            top += lineHeight
            lineStart = end
        } while lineStart < chars.count
        offset += chars.count + (p < paragraphs.count - 1 ? 1 : 0)
    }
    return lines
}

/// Measures text in a field's font: whole prefixes for short lines, each
/// character's advance (kept per character) for long ones.
@MainActor
final class TextInputMeasurer {
    let environment: EnvironmentValues
    let lineHeight: CGFloat
    let baseline: CGFloat
    private let xWidth: CGFloat
    private var advances: [Character: CGFloat] = [:]
    static let exactLength = 80

    init(environment: EnvironmentValues) {
        self.environment = environment
        let unlimited = CGSize(width: CGFloat.infinity, height: .infinity)
        let metrics = GraphicsContext.ResolvedText(text: Text(verbatim: "Ag"), environment: environment)
        lineHeight = metrics.measure(in: unlimited).height
        baseline = metrics.firstBaseline(in: unlimited)
        xWidth = GraphicsContext.ResolvedText(text: Text(verbatim: "x"), environment: environment).measure(in: unlimited).width
    }

    /// The width of `s` as drawn; a trailing space hangs in a layout (has no
    /// width), so the text is measured before a letter, less the letter.
    func width(_ s: String) -> CGFloat {
        guard !s.isEmpty else { return 0 }
        let probe = GraphicsContext.ResolvedText(text: Text(verbatim: s + "x"), environment: environment)
        return max(0, probe.measure(in: CGSize(width: CGFloat.infinity, height: .infinity)).width - xWidth)
    }

    /// The caret's x before each character and after the last.
    func carets(_ chars: [Character]) -> [CGFloat] {
        var carets: [CGFloat] = [0]
        carets.reserveCapacity(chars.count + 1)
        if chars.count <= Self.exactLength {
            var prefix = ""
            for c in chars {
                prefix.append(c)
                carets.append(width(prefix))
            }
        } else {
            var x: CGFloat = 0
            for c in chars {
                let advance: CGFloat
                if let known = advances[c] {
                    advance = known
                } else {
                    advance = width(String(c))
                    advances[c] = advance
                }
                x += advance
                carets.append(x)
            }
        }
        return carets
    }
}

final class TextInputNode: ViewNode {
    let input: TextInput
    let environment: EnvironmentValues
    override var coversItself: Bool { true }

    init(input: TextInput, environment: EnvironmentValues) {
        self.input = input
        self.environment = environment
    }

    private var shown: String { input.isSecure ? String(repeating: "•", count: input.text.count) : input.text }

    /// The layout for a width, remembered (a field is measured several times a frame).
    private var laidOut: [(CGFloat?, [TextInputLine])] = []

    private func lines(width: CGFloat?) -> [TextInputLine] {
        let key = input.isMultiline ? width : nil
        if let known = laidOut.first(where: { $0.0 == key }) { return known.1 }
        let lines = textInputLines(shown, environment: environment, maxWidth: key)
        if laidOut.count < 4 { laidOut.append((key, lines)) }
        return lines
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let lines = self.lines(width: p.width)
        let lineHeight = lines.first?.height ?? 22
        let height = max(CGFloat(max(1, input.minLines)) * lineHeight, lines.last.map { $0.top + $0.height } ?? lineHeight)
        let widest = lines.map { $0.carets.last ?? 0 }.max() ?? 0
        let promptWidth = input.prompt.map {
            GraphicsContext.ResolvedText(text: $0, environment: environment)
                .measure(in: CGSize(width: CGFloat.infinity, height: .infinity)).width
        } ?? 0
        return CGSize(width: p.width ?? max(widest, promptWidth) + 2, height: height)
    }

    override func baseline(first: Bool, size: CGSize) -> CGFloat? {
        let lines = self.lines(width: size.width)
        return first ? lines.first?.baseline : lines.last?.baseline
    }

    /// The part of the root the scroll views around show (lines outside it are not drawn).
    private var visible: CGRect?

    /// The lines as placed (drawn from these, not from the editing state, which
    /// the field's next placement may change).
    private var placed: [TextInputLine] = []

    override func place(in frame: CGRect) {
        super.place(in: frame)
        placed = lines(width: frame.width)
        input.state.lines = placed
        visible = VisibleRegion.current
    }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        let ctx = context.graphicsContext(in: frame)
        let lines = placed
        let state = input.state
        state.clamp(to: input.text.count)
        let tint = environment.tint ?? .accentColor
        let focused = environment.isFocused
        if input.text.isEmpty, let prompt = input.prompt {
            ctx.draw(prompt.foregroundColor(.placeholderText), at: .zero, anchor: .topLeading)
        }
        if focused, !state.selection.isEmpty {
            for line in lines {
                let lo = max(line.start, state.selection.lowerBound), hi = min(line.end, state.selection.upperBound)
                guard lo < hi || (lo == hi && state.selection.contains(lo) && line.start < line.end) else { continue }
                let x0 = line.x(of: lo), x1 = line.x(of: hi)
                ctx.fill(Path(CGRect(x: x0, y: line.top, width: max(2, x1 - x0), height: line.height)),
                         with: .color(tint.opacity(0.25)))
            }
        }
        let chars = Array(shown)
        let shownTop = (visible?.minY ?? -.infinity) - frame.minY, shownBottom = (visible?.maxY ?? .infinity) - frame.minY
        for line in lines where line.start < line.end && line.top + line.height >= shownTop && line.top <= shownBottom {
            let start = min(line.start, chars.count)
            let s = String(chars[start..<max(start, min(line.end, chars.count))])
            ctx.draw(Text(verbatim: s), at: CGPoint(x: 0, y: line.top), anchor: .topLeading)
        }
        if focused, state.selection.isEmpty {
            let line = lines.isEmpty ? nil : lines[state.lineIndex(of: state.selection.lowerBound)]
            let x = line?.x(of: state.selection.lowerBound) ?? 0
            let top = line?.top ?? 0, height = line?.height ?? 22
            ctx.fill(Path(CGRect(x: max(0, x - 1), y: top + 1, width: 2, height: max(0, height - 2))), with: .color(tint))
        }
    }
}

