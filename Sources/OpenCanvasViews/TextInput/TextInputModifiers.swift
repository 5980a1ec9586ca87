import Foundation
import OpenCanvasDrawing

// What text fields read from their environment: the submit action, the
// field style, and the software-keyboard settings, which are accepted and
// have no effect (OpenCanvas's hosts have a hardware keyboard only).

private struct SubmitActionKey: EnvironmentKey {
    static var defaultValue: [@MainActor () -> Void] { [] }
}

extension EnvironmentValues {
    /// The actions Return runs in a text field (`onSubmit`), innermost first.
    var submitActions: [@MainActor () -> Void] {
        get { self[SubmitActionKey.self] }
        set { self[SubmitActionKey.self] = newValue }
    }
}

/// What `onSubmit` applies to.
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Text fields (Return).
    public static let text = SubmitTriggers(rawValue: 1)
    /// Search fields.
    public static let search = SubmitTriggers(rawValue: 2)
}

/// The label of the software keyboard's Return key (accepted; there is none).
public struct SubmitLabel: Hashable, Sendable {
    let name: String
    /// "done".
    public static let done = SubmitLabel(name: "done")
    /// "go".
    public static let go = SubmitLabel(name: "go")
    /// "send".
    public static let send = SubmitLabel(name: "send")
    /// "join".
    public static let join = SubmitLabel(name: "join")
    /// "route".
    public static let route = SubmitLabel(name: "route")
    /// "search".
    public static let search = SubmitLabel(name: "search")
    /// "return".
    public static let `return` = SubmitLabel(name: "return")
    /// "next".
    public static let next = SubmitLabel(name: "next")
    /// "continue".
    public static let `continue` = SubmitLabel(name: "continue")
}

/// The software keyboard a field asks for (accepted; there is none).
public enum UIKeyboardType: Int, Sendable {
    /// The keyboards of UIKit's `UIKeyboardType`.
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// How a field capitalizes what is typed on a software keyboard (accepted).
public struct TextInputAutocapitalization: Sendable {
    let name: String
    /// Never.
    public static let never = TextInputAutocapitalization(name: "never")
    /// The first letter of each word.
    public static let words = TextInputAutocapitalization(name: "words")
    /// The first letter of each sentence.
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    /// Every letter.
    public static let characters = TextInputAutocapitalization(name: "characters")
}

/// What a field's content is, for autofill (accepted).
public struct UITextContentType: Hashable, Sendable {
    let name: String
    /// A person's name.
    public static let name = UITextContentType(name: "name")
    /// An email address.
    public static let emailAddress = UITextContentType(name: "emailAddress")
    /// A password.
    public static let password = UITextContentType(name: "password")
    /// A new password.
    public static let newPassword = UITextContentType(name: "newPassword")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType(name: "oneTimeCode")
    /// A URL.
    public static let URL = UITextContentType(name: "URL")
    /// A user name.
    public static let username = UITextContentType(name: "username")
    /// A place.
    public static let location = UITextContentType(name: "location")
}

extension View {
    /// Runs `action` when Return is pressed in a text field inside this view.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void) -> some View {
        transformEnvironment(\.submitActions) { $0.insert(action, at: 0) }
    }

    /// The label of the software keyboard's Return key (no effect here).
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }

    /// The software keyboard for the fields inside (no effect here).
    public func keyboardType(_ type: UIKeyboardType) -> some View { self }

    /// How a software keyboard capitalizes (no effect here).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }

    /// Whether a software keyboard corrects spelling (no effect here).
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }

    /// What the fields inside hold, for autofill (no effect here).
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }

    /// The style of the text fields inside.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environment(\.textFieldBordered, style is RoundedBorderTextFieldStyle)
    }
}

/// How text fields look. As in SwiftUI, the styles are the system's.
@MainActor @preconcurrency
public protocol TextFieldStyle {}

/// The default: plain on iOS.
public struct DefaultTextFieldStyle: TextFieldStyle {
    /// The default style.
    public init() {}
}
/// The text alone.
public struct PlainTextFieldStyle: TextFieldStyle {
    /// The plain style.
    public init() {}
}
/// A hairline rounded border around a padded field (UIKit's rounded rect:
/// radius 5, padding 7, a one-pixel border of black at 0.2; white inside,
/// dark: black with a white border at 0.2).
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    /// The rounded-border style.
    public init() {}
}
extension TextFieldStyle where Self == DefaultTextFieldStyle {
    /// The default style.
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    /// The text alone.
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    /// A rounded border.
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

private struct TextFieldBorderedKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    var textFieldBordered: Bool {
        get { self[TextFieldBorderedKey.self] }
        set { self[TextFieldBorderedKey.self] = newValue }
    }
}
