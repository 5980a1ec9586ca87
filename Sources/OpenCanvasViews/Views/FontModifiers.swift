import Foundation
import OpenCanvasDrawing

// The font modifiers of views (iOS 16): each sets one attribute of the text
// inside, over the environment's font and a text's own font, unless the text
// sets that attribute itself. The innermost modifier wins.
extension View {
    /// The weight of the text in this view (`nil`: leave it as it is).
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        adjustingFont { $0.weight = weight }
    }

    /// The width of the text in this view: `.condensed`, `.expanded`, … (see
    /// `Font.Width` for how widths are drawn here).
    public func fontWidth(_ width: Font.Width?) -> some View {
        adjustingFont { $0.width = width }
    }

    /// The design of the system font in this view.
    public func fontDesign(_ design: Font.Design?) -> some View {
        adjustingFont { $0.design = design }
    }

    /// Bold text in this view (when `isActive`; `false` adds nothing).
    public func bold(_ isActive: Bool = true) -> some View {
        adjustingFont { if isActive { $0.weight = .bold } }
    }

    /// Italic text in this view (when `isActive`).
    public func italic(_ isActive: Bool = true) -> some View {
        adjustingFont { if isActive { $0.italic = true } }
    }

    /// The monospaced design for the text in this view (when `isActive`).
    public func monospaced(_ isActive: Bool = true) -> some View {
        adjustingFont { if isActive { $0.design = .monospaced } }
    }

    /// Digits of equal width in the text of this view.
    public func monospacedDigit() -> some View {
        adjustingFont { $0.monospacedDigit = true }
    }

    private func adjustingFont(_ change: @escaping @Sendable (inout FontAdjustments) -> Void) -> some View {
        transformEnvironment(\.fontAdjustments, transform: change)
    }
}
