import Foundation
import OpenCanvasDrawing

/// The editing state of a text field across frames: the selection (a caret
/// when empty), in character offsets into the text, and the visual lines the
/// field was last laid out in (for taps and up/down arrows). The editing
/// operations take the text and return the new one; offsets are clamped to the
/// text, which may have changed under the field (its binding set elsewhere).
@MainActor
final class TextEditingState {
    /// The selected characters (`lowerBound == upperBound`: the caret).
    var selection: Range<Int> = 0..<0
    /// The end of the selection that moves with Shift-arrows.
    var anchor = 0
    /// The last layout: each visual line's characters and the caret positions.
    var lines: [TextInputLine] = []
    /// The x the caret keeps when moving up and down through shorter lines.
    var preferredX: CGFloat?
    /// The text of a value field being edited (`TextField(value:format:)`).
    var draft: String?
    /// The body that draws the field: marked when the caret moves.
    weak var graph: ViewGraph?
    var reader: String?

    /// Draws the field again at the next frame (the caret or selection moved).
    func redraw() {
        if let reader { graph?.mark(reader) } else { graph?.invalidate() }
    }

    func clamp(to count: Int) {
        let lower = max(0, min(selection.lowerBound, count)), upper = max(lower, min(selection.upperBound, count))
        selection = lower..<upper
        anchor = max(0, min(anchor, count))
    }

    /// Puts the caret at `offset`.
    func moveCaret(to offset: Int, in text: String, extending: Bool = false) {
        let count = text.count
        let o = max(0, min(offset, count))
        if extending {
            selection = min(anchor, o)..<max(anchor, o)
        } else {
            selection = o..<o
            anchor = o
        }
    }

    /// Replaces the selection with `insert`; returns the new text.
    func replaceSelection(in text: String, with insert: String) -> String {
        clamp(to: text.count)
        var chars = Array(text)
        chars.replaceSubrange(selection, with: Array(insert))
        let caret = selection.lowerBound + insert.count
        selection = caret..<caret
        anchor = caret
        preferredX = nil
        return String(chars)
    }

    /// Deletes the selection, or the character before the caret (after it,
    /// with `forward`); returns the new text.
    func delete(in text: String, forward: Bool) -> String {
        clamp(to: text.count)
        var chars = Array(text)
        if selection.isEmpty {
            let c = selection.lowerBound
            if forward {
                guard c < chars.count else { return text }
                chars.remove(at: c)
            } else {
                guard c > 0 else { return text }
                chars.remove(at: c - 1)
                selection = (c - 1)..<(c - 1)
            }
        } else {
            chars.removeSubrange(selection)
            selection = selection.lowerBound..<selection.lowerBound
        }
        anchor = selection.lowerBound
        preferredX = nil
        return String(chars)
    }

    /// The caret's end for arrow keys: the moving end of the selection.
    var head: Int { selection.lowerBound == anchor ? selection.upperBound : selection.lowerBound }

    /// Moves by one character (left/right); without Shift a selection collapses to its side.
    func moveHorizontally(by delta: Int, in text: String, extending: Bool) {
        clamp(to: text.count)
        preferredX = nil
        if !extending, !selection.isEmpty {
            moveCaret(to: delta < 0 ? selection.lowerBound : selection.upperBound, in: text)
            return
        }
        moveCaret(to: head + delta, in: text, extending: extending)
    }

    /// The visual line holding `offset` (the later one at a soft break).
    func lineIndex(of offset: Int) -> Int {
        guard !lines.isEmpty else { return 0 }
        for (i, line) in lines.enumerated() where offset < line.end || (offset == line.end && line.endsParagraph) {
            if offset >= line.start { return i }
        }
        return lines.count - 1
    }

    /// Moves to the line above or below, keeping the caret's x.
    func moveVertically(by delta: Int, in text: String, extending: Bool) {
        clamp(to: text.count)
        guard !lines.isEmpty else { return }
        let i = lineIndex(of: head)
        let x = preferredX ?? lines[i].x(of: head)
        let target = i + delta
        let offset: Int
        if target < 0 {
            offset = 0
        } else if target >= lines.count {
            offset = text.count
        } else {
            offset = lines[target].offset(nearest: x)
        }
        moveCaret(to: offset, in: text, extending: extending)
        preferredX = x
    }

    /// Moves to the start or end of the caret's line.
    func moveToLineEdge(end: Bool, in text: String, extending: Bool) {
        clamp(to: text.count)
        guard !lines.isEmpty else { return moveCaret(to: end ? text.count : 0, in: text, extending: extending) }
        let line = lines[lineIndex(of: head)]
        moveCaret(to: end ? line.end : line.start, in: text, extending: extending)
        preferredX = nil
    }

    /// The character offset nearest a point in the field's own coordinates.
    func offset(at point: CGPoint) -> Int {
        guard !lines.isEmpty else { return 0 }
        let line = lines.first { point.y < $0.top + $0.height } ?? lines[lines.count - 1]
        return line.offset(nearest: point.x)
    }
}

/// One visual line of a text field: its characters, where it sits, and the x
/// of the caret before each of its characters (and after the last).
struct TextInputLine {
    var start: Int
    var end: Int
    var top: CGFloat
    var height: CGFloat
    var baseline: CGFloat
    /// Caret positions for offsets `start...end`.
    var carets: [CGFloat]
    /// Whether a newline (or the text's end) ends the line, rather than a wrap.
    var endsParagraph: Bool

    func x(of offset: Int) -> CGFloat {
        let i = max(0, min(offset - start, carets.count - 1))
        return carets.isEmpty ? 0 : carets[i]
    }

    func offset(nearest x: CGFloat) -> Int {
        guard !carets.isEmpty else { return start }
        var best = 0
        for (i, c) in carets.enumerated() where abs(c - x) < abs(carets[best] - x) { best = i }
        return start + best
    }
}
