import Foundation
import OpenCanvasDrawing

/// A label and a value side by side, as a form row shows them: the label
/// leading, the content trailing in the secondary colour.
///
///     LabeledContent("Version", value: "2.1")
///     LabeledContent("Speed") { Text("\(speed, specifier: "%.1f") m/s") }
///
/// A screen reader hears "<label>, <content>".
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    /// A label and the content the closure builds.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    /// The label, a gap, the content.
    public var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            label
            Spacer(minLength: 8)
            content.foregroundColor(.secondary).multilineTextAlignment(.trailing)
        }
        .accessibilityElement(children: .combine)
    }
}

extension LabeledContent where Label == Text {
    /// A localized title and the content the closure builds.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A title shown as it is and the content the closure builds.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A localized title and a value shown as it is.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }

    /// A title and a value, both shown as they are.
    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    /// A localized title and a value formatted by `format` (`.number`, `.percent`, …).
    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
        where F.FormatOutput == String {
        self.init(content: { Text(format.format(value)) }, label: { Text(titleKey) })
    }
}
