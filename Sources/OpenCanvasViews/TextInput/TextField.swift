import Foundation
import OpenCanvasDrawing

/// A control that edits a string: its text (or its prompt while empty), a
/// caret and a selection while it has focus.
///
///     TextField("City", text: $city)
///         .onSubmit { add(city) }
///     TextField("Notes", text: $notes, axis: .vertical)
///
/// A tap focuses the field and puts the caret nearest the tap. Typing inserts
/// at the caret (replacing the selection); Backspace and Delete remove; the
/// arrows move the caret (Shift extends the selection, up and down move by
/// line), Home and End go to the line's ends, Control-A (or Command-A)
/// selects all. Return runs the `onSubmit` actions around the field (a
/// vertical field inserts a newline instead); Tab moves focus on. A field
/// with `axis: .vertical` wraps its text and grows with it. A screen reader
/// hears "<label>, <text>, Text field". (No software keyboard, clipboard or
/// undo: the `keyboardType`, `textInputAutocapitalization` and `submitLabel`
/// settings are accepted and do nothing.)
public struct TextField<Label: View>: View {
    let text: Binding<String>
    let prompt: Text?
    let label: Label
    let axis: Axis
    let onEditingChanged: ((Bool) -> Void)?
    let onCommit: (() -> Void)?
    let commitDraft: ((String) -> Void)?
    let isSecure: Bool

    /// A field editing `text`, its prompt `prompt`, described by `label`.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, prompt: prompt, axis: .horizontal, label: label())
    }

    /// A field editing `text` along `axis` (`.vertical`: it wraps and grows).
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(text: text, prompt: prompt, axis: axis, label: label())
    }

    init(text: Binding<String>, prompt: Text?, axis: Axis, label: Label, onEditingChanged: ((Bool) -> Void)? = nil,
         onCommit: (() -> Void)? = nil, commitDraft: ((String) -> Void)? = nil, isSecure: Bool = false) {
        self.text = text
        self.prompt = prompt
        self.axis = axis
        self.label = label
        self.onEditingChanged = onEditingChanged
        self.onCommit = onCommit
        self.commitDraft = commitDraft
        self.isSecure = isSecure
    }

    /// The field as the text-field style draws it.
    public var body: some View {
        EditableText(text: text, prompt: prompt ?? placeholder, label: AnyView(label), isMultiline: axis == .vertical,
                     newlineOnReturn: axis == .vertical, isSecure: isSecure, minLines: 1,
                     onEditingChanged: onEditingChanged, onCommit: onCommit, commitDraft: commitDraft)
    }

    /// A text label doubles as the prompt, as in SwiftUI.
    private var placeholder: Text? { label as? Text }
}

extension TextField where Label == Text {
    /// A field with a localized title (its label and prompt).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, prompt: nil, axis: .horizontal, label: Text(titleKey))
    }

    /// A field with a title shown as it is (its label and prompt).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, prompt: nil, axis: .horizontal, label: Text(title))
    }

    /// A field with a localized title and a prompt of its own.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text, prompt: prompt, axis: .horizontal, label: Text(titleKey))
    }

    /// A field with a localized title along `axis`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(text: text, prompt: nil, axis: axis, label: Text(titleKey))
    }

    /// A field with a title shown as it is along `axis`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text, prompt: nil, axis: axis, label: Text(title))
    }

    /// A field with a localized title and a prompt along `axis`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text, prompt: prompt, axis: axis, label: Text(titleKey))
    }

    /// A field with actions when editing begins and ends and when Return is
    /// pressed (the older form).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                onCommit: @escaping () -> Void = {}) {
        self.init(text: text, prompt: nil, axis: .horizontal, label: Text(titleKey), onEditingChanged: onEditingChanged,
                  onCommit: onCommit)
    }

    /// A field editing a value through a format style (`.number`, `.currency`):
    /// the text is parsed into the value when Return is pressed or focus leaves;
    /// text that does not parse leaves the value as it was.
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F,
                                         prompt: Text? = nil) where F.FormatOutput == String {
        let shown = Binding<String>(get: { format.format(value.wrappedValue) }, set: { _ in })
        self.init(text: shown, prompt: prompt, axis: .horizontal, label: Text(titleKey),
                  commitDraft: { draft in
                      if let parsed = try? format.parseStrategy.parse(draft) { value.wrappedValue = parsed }
                  })
    }
}

/// A field that hides what is typed: each character drawn as a dot, read by
/// a screen reader as "Secure text field". Editing is as in `TextField`.
public struct SecureField<Label: View>: View {
    let text: Binding<String>
    let prompt: Text?
    let label: Label

    /// A secure field editing `text`, described by `label`.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.text = text
        self.prompt = prompt
        self.label = label()
    }

    /// The field, its characters as dots.
    public var body: some View {
        TextField(text: text, prompt: prompt ?? (label as? Text), axis: .horizontal, label: label, isSecure: true)
    }
}

extension SecureField where Label == Text {
    /// A secure field with a localized title (its label and prompt).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, prompt: nil) { Text(titleKey) }
    }

    /// A secure field with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, prompt: nil) { Text(title) }
    }

    /// A secure field with a localized title and a prompt of its own.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text, prompt: prompt) { Text(titleKey) }
    }
}

/// A multi-line editor of a string: it fills the space it is given, its text
/// wrapped and scrolling when longer, Return inserting a newline. Editing is as
/// in `TextField`.
public struct TextEditor: View {
    let text: Binding<String>

    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text }

    /// The editor.
    public var body: some View {
        ScrollView {
            EditableText(text: text, prompt: nil, label: AnyView(EmptyView()), isMultiline: true, newlineOnReturn: true,
                         isSecure: false, minLines: 1, onEditingChanged: nil, onCommit: nil, commitDraft: nil)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The editing behind every text field: focus on tap, keys, and what a screen
/// reader reads.
struct EditableText: View {
    let text: Binding<String>
    let prompt: Text?
    let label: AnyView
    let isMultiline: Bool
    let newlineOnReturn: Bool
    let isSecure: Bool
    let minLines: Int
    let onEditingChanged: ((Bool) -> Void)?
    let onCommit: (() -> Void)?
    let commitDraft: ((String) -> Void)?

    @State private var state = TextEditingState()
    @FocusState private var focused: Bool
    @Environment(\.submitActions) private var submitActions
    @Environment(\.textFieldBordered) private var bordered
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let state = self.state
        state.graph = ViewGraph.current
        state.reader = ViewGraph.current?.currentReader
        // A value field edits a draft of its formatted value while focused.
        let editing: Binding<String> = commitDraft == nil ? text : Binding(
            get: { state.draft ?? text.wrappedValue },
            set: { state.draft = $0; state.redraw() })
        let field = TextInput(text: editing.wrappedValue, prompt: prompt, isSecure: isSecure, isMultiline: isMultiline,
                              minLines: minLines, state: state)
        return field
            .padding(bordered ? 7 : 0)
            .background {
                if bordered {
                    RoundedRectangle(cornerRadius: 5).fill(Color.systemBackground)
                    RoundedRectangle(cornerRadius: 5).strokeBorder(Color.fieldBorder, lineWidth: 0.5)
                }
            }
            .contentShape(Rectangle())
            .gesture(SpatialTapGesture().onEnded { value in
                guard isEnabled else { return }
                let inset: CGFloat = bordered ? 7 : 0
                let offset = state.offset(at: CGPoint(x: value.location.x - inset, y: value.location.y - inset))
                state.moveCaret(to: offset, in: editing.wrappedValue)
                if !focused {
                    focused = true
                    onEditingChanged?(true)
                }
                // Drawn again with the caret where it now is.
                state.redraw()
            })
            .onKeyPress(phases: [.down, .repeat]) { press in
                handle(press, editing: editing)
            }
            .focusable(isEnabled)
            .focused($focused)
            .onChange(of: focused) { _, isFocused in
                if !isFocused {
                    commit(editing)
                    onEditingChanged?(false)
                }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(readingOf: label)
            .accessibilityValue(isSecure ? String(repeating: "•", count: editing.wrappedValue.count) : editing.wrappedValue)
            .accessibilityAddTraits(.textField(secure: isSecure))
    }

    private func commit(_ editing: Binding<String>) {
        guard let commitDraft, let draft = state.draft else { return }
        commitDraft(draft)
        state.draft = nil
    }

    private func handle(_ press: KeyPress, editing: Binding<String>) -> KeyPress.Result {
        let text = editing.wrappedValue
        let shift = press.modifiers.contains(.shift)
        let command = press.modifiers.contains(.command) || press.modifiers.contains(.control)
        switch press.key {
        case .leftArrow: state.moveHorizontally(by: -1, in: text, extending: shift)
        case .rightArrow: state.moveHorizontally(by: 1, in: text, extending: shift)
        case .upArrow:
            if isMultiline { state.moveVertically(by: -1, in: text, extending: shift) }
            else { state.moveCaret(to: 0, in: text, extending: shift) }
        case .downArrow:
            if isMultiline { state.moveVertically(by: 1, in: text, extending: shift) }
            else { state.moveCaret(to: text.count, in: text, extending: shift) }
        case .home: state.moveToLineEdge(end: false, in: text, extending: shift)
        case .end: state.moveToLineEdge(end: true, in: text, extending: shift)
        case .delete: editing.wrappedValue = state.delete(in: text, forward: false)
        case .deleteForward: editing.wrappedValue = state.delete(in: text, forward: true)
        case .return:
            if newlineOnReturn, !command {
                editing.wrappedValue = state.replaceSelection(in: text, with: "\n")
            } else {
                commit(editing)
                onCommit?()
                for action in submitActions { action() }
            }
        case .tab, .escape:
            return .ignored
        default:
            if command {
                guard press.key.character == "a" || press.key.character == "A" else { return .ignored }
                state.selection = 0..<text.count
                state.anchor = 0
            } else {
                let typed = press.characters.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 32 || $0 == 127 } ?? false) }
                guard !typed.isEmpty,
                      !(press.key.character.unicodeScalars.first.map { (0xF700...0xF8FF).contains($0.value) } ?? false)
                else { return .ignored }
                editing.wrappedValue = state.replaceSelection(in: text, with: String(typed))
            }
        }
        // The caret moved: the field is drawn again.
        state.redraw()
        return .handled
    }
}

extension AccessibilityTraits {
    /// A text field's trait (a secure one's, for a `SecureField`).
    static func textField(secure: Bool) -> AccessibilityTraits { secure ? .secureTextField : .textField }
}
