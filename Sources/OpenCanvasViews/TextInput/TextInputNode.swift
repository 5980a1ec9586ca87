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

/// Lays out a string as a text field shows it.
@MainActor
func textInputLines(_ string: String, environment: EnvironmentValues, maxWidth: CGFloat?) -> [TextInputLine] {
    func width(_ s: Substring) -> CGFloat {
        guard !s.isEmpty else { return 0 }
        // A trailing space hangs (has no width in a layout): measured before a
        // letter, less the letter.
        let probe = GraphicsContext.ResolvedText(text: Text(verbatim: s + "x"), environment: environment)
        return probe.measure(in: CGSize(width: CGFloat.infinity, height: .infinity)).width - xWidth
    }
    let xWidth = GraphicsContext.ResolvedText(text: Text(verbatim: "x"), environment: environment)
        .measure(in: CGSize(width: CGFloat.infinity, height: .infinity)).width
    let metrics = GraphicsContext.ResolvedText(text: Text(verbatim: "Ag"), environment: environment)
    let lineHeight = metrics.measure(in: CGSize(width: CGFloat.infinity, height: .infinity)).height
    let baseline = metrics.firstBaseline(in: CGSize(width: CGFloat.infinity, height: .infinity))
    let limit = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    var lines: [TextInputLine] = []
    var offset = 0
    var top: CGFloat = 0
    let paragraphs = string.split(separator: "\n", omittingEmptySubsequences: false)
    for (p, paragraph) in paragraphs.enumerated() {
        let pChars = Array(paragraph)
        var lineStart = 0
        repeat {
            var carets: [CGFloat] = [0]
            var end = lineStart
            var lastBreak: Int?
            while end < pChars.count {
                let w = width(paragraph[paragraph.index(paragraph.startIndex, offsetBy: lineStart)..<paragraph.index(paragraph.startIndex, offsetBy: end + 1)])
                if let limit, w > limit, end > lineStart {
                    // Wrap after the last space on the line, else before this character.
                    if let b = lastBreak, b > lineStart {
                        carets.removeLast(end - b)
                        end = b
                    }
                    break
                }
                carets.append(w)
                if pChars[end] == " " { lastBreak = end + 1 }
                end += 1
            }
            let endsParagraph = end >= pChars.count
            lines.append(TextInputLine(start: offset + lineStart, end: offset + end, top: top, height: lineHeight,
                                       baseline: top + baseline, carets: carets, endsParagraph: endsParagraph))
            top += lineHeight
            lineStart = end
        } while lineStart < pChars.count
        offset += pChars.count + (p < paragraphs.count - 1 ? 1 : 0)
    }
    return lines
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

    private func lines(width: CGFloat?) -> [TextInputLine] {
        textInputLines(shown, environment: environment, maxWidth: input.isMultiline ? width : nil)
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

    override func place(in frame: CGRect) {
        super.place(in: frame)
        input.state.lines = lines(width: frame.width)
    }

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect else { return }
        let ctx = context.graphicsContext(in: frame)
        let lines = input.state.lines
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
        for line in lines where line.start < line.end {
            let s = String(chars[line.start..<min(line.end, chars.count)])
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

