import Foundation
import CanvasGeometry
import CanvasText

extension GraphicsContext {
    /// A text resolved against a context's environment: it can be measured, and drawn
    /// any number of times.
    public struct ResolvedText {
        /// The fill for parts of the text that have no colour of their own. Defaults
        /// to `.foreground`.
        public var shading: Shading

        let text: Text
        let style: CanvasText.TextStyle

        init(text: Text, environment: EnvironmentValues) {
            self.text = text
            self.shading = .foreground
            var font = text.font ?? environment.font ?? .body
            if let w = text.weight { font = font.weight(w) }
            if text.isItalic { font = font.italic() }
            var style = font.textStyle
            style.tracking = Double(text.tracking)
            self.style = style
        }

        func layout(maxWidth: CGFloat?) -> TextLayout {
            let width = maxWidth.flatMap { $0.isFinite && $0 >= 0 ? Double($0) : nil }
            return TextLayout(text.content, style: style, maxWidth: width)
        }

        /// The size the text takes when laid out in an area of `size` (lines wrap at
        /// spaces to fit the width).
        public func measure(in size: CGSize) -> CGSize {
            let l = layout(maxWidth: size.width)
            return CGSize(width: l.size.width, height: l.size.height)
        }

        /// The distance from the top of the text to its first line's baseline.
        public func firstBaseline(in size: CGSize) -> CGFloat {
            layout(maxWidth: size.width).lines.first?.baseline ?? 0
        }

        /// The distance from the top of the text to its last line's baseline.
        public func lastBaseline(in size: CGSize) -> CGFloat {
            layout(maxWidth: size.width).lines.last?.baseline ?? 0
        }
    }

    /// Resolves `text` against this context's environment.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text, environment: environment)
    }

    /// Draws resolved text with `anchor` — a unit point in the text's ideal size —
    /// placed at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        guard point.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        let layout = text.layout(maxWidth: nil)
        let origin = Point(Double(point.x) - layout.size.width * Double(anchor.x),
                           Double(point.y) - layout.size.height * Double(anchor.y))
        fill(data: layout.outlines(origin: origin), shading: text.text.color.map { .color($0) } ?? text.shading,
             bounds: CGRect(x: origin.x, y: origin.y, width: layout.size.width, height: layout.size.height))
    }

    /// Draws resolved text with `rect` as its layout frame: lines wrap at spaces to
    /// fit its width, starting at its top-left corner.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        guard rect.isFiniteRect else { return Diagnostics.report(.nonFiniteGeometry) }
        let r = rect.standardized
        let layout = text.layout(maxWidth: r.width)
        fill(data: layout.outlines(origin: Point(Double(r.minX), Double(r.minY))),
             shading: text.text.color.map { .color($0) } ?? text.shading,
             bounds: CGRect(x: r.minX, y: r.minY, width: layout.size.width, height: layout.size.height))
    }

    /// Resolves and draws `text` with `anchor` placed at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Resolves and draws `text` in `rect`.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }
}
