import Foundation
import OpenCanvasDrawing

/// What a button is for.
public struct ButtonRole: Hashable, Sendable {
    let name: String
    /// A button that deletes or destroys: drawn in red.
    public static let destructive = ButtonRole(name: "destructive")
    /// A button that cancels (the choice that dismisses an alert).
    public static let cancel = ButtonRole(name: "cancel")
}

/// What a button style is given: the button's label, whether it is pressed now,
/// and its role.
@MainActor
public struct ButtonStyleConfiguration {
    /// A button's label, as a view.
    public typealias Label = _ConfigurationLabel

    /// The button's label.
    public let label: Label
    /// Whether the pointer is down on the button now.
    public let isPressed: Bool
    /// The button's role, if it has one.
    public let role: ButtonRole?
}

/// How buttons look: the style draws the label, the button keeps the taps and the
/// pressed state.
@MainActor @preconcurrency
public protocol ButtonStyle {
    /// The view a configuration becomes.
    associatedtype Body: View
    /// The properties of a button.
    typealias Configuration = ButtonStyleConfiguration
    /// The button drawn from its configuration.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a primitive button style is given: the label, the role, and the action
/// to run when the style decides the button was used.
@MainActor
public struct PrimitiveButtonStyleConfiguration {
    /// A button's label (the same view type as a button style's).
    public typealias Label = ButtonStyleConfiguration.Label
    /// The button's label.
    public let label: Label
    /// The button's role, if it has one.
    public let role: ButtonRole?
    let action: @MainActor () -> Void

    /// Runs the button's action.
    public func trigger() { action() }
}

/// A button style that also decides how the button is used (its gestures).
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {
    /// The view a configuration becomes.
    associatedtype Body: View
    /// The properties of a button.
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// The button drawn, and made usable, from its configuration.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The style buttons are drawn with: a button style (the button keeps the taps)
/// or a primitive one (the style decides when the button is used).
@MainActor
enum AnyButtonStyle {
    case styled(AnyStyle<ButtonStyleConfiguration>)
    case primitive(AnyStyle<PrimitiveButtonStyleConfiguration>)
}

private struct ButtonStyleKey: EnvironmentKey {
    static var defaultValue: AnyButtonStyle? { nil }
}

extension EnvironmentValues {
    /// The style of buttons (`nil`: the default, borderless on iOS).
    var buttonStyle: AnyButtonStyle? {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the buttons inside this view.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyle, .styled(AnyStyle { AnyView(style.makeBody(configuration: $0)) }))
    }

    /// The primitive style of the buttons inside this view.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyle, .primitive(AnyStyle { AnyView(style.makeBody(configuration: $0)) }))
    }
}

/// The size of controls: how much padding and how large a font bordered buttons
/// have.
public enum ControlSize: Hashable, Sendable, CaseIterable {
    /// The smallest.
    case mini
    /// Smaller than regular.
    case small
    /// The default.
    case regular
    /// Larger than regular.
    case large
    /// The largest.
    case extraLarge
}

private struct ControlSizeKey: EnvironmentKey {
    static var defaultValue: ControlSize { .regular }
}

extension EnvironmentValues {
    /// The size of the controls in this environment.
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }
}

extension View {
    /// The size of the controls inside this view.
    public func controlSize(_ size: ControlSize) -> some View {
        environment(\.controlSize, size)
    }
}

/// The label's colour for a role: red for destructive ones, the tint otherwise.
@MainActor
private func roleColor(_ role: ButtonRole?, tint: Color?) -> Color {
    role == .destructive ? .red : (tint ?? .accentColor)
}

/// The default style: borderless on iOS.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    /// The default style.
    public init() {}
    /// The button as a borderless one.
    public func makeBody(configuration: Configuration) -> some View {
        StyledButton(label: configuration.label, role: configuration.role, action: configuration.action) {
            AnyView(BorderlessButtonStyle().makeBody(configuration: $0))
        }
    }
}

/// The label in the tint (red when destructive), faded while pressed; grey when
/// disabled.
public struct BorderlessButtonStyle: ButtonStyle {
    /// The borderless style.
    public init() {}
    /// The tinted label.
    public func makeBody(configuration: Configuration) -> some View {
        BorderlessBody(configuration: configuration)
    }
}

private struct BorderlessBody: View {
    let configuration: ButtonStyleConfiguration
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        configuration.label
            .foregroundColor(isEnabled ? roleColor(configuration.role, tint: tint) : Color.tertiaryLabel)
            // iOS fades a pressed text button; 0.3 is chosen by eye (no published value).
            .opacity(configuration.isPressed ? 0.3 : 1)
    }
}

/// The label as it is, dimmed while pressed.
public struct PlainButtonStyle: ButtonStyle {
    /// The plain style.
    public init() {}
    /// The label, unstyled.
    public func makeBody(configuration: Configuration) -> some View {
        PlainBody(configuration: configuration)
    }
}

private struct PlainBody: View {
    let configuration: ButtonStyleConfiguration
    @Environment(\.isEnabled) private var isEnabled
    var body: some View {
        configuration.label.opacity(configuration.isPressed ? 0.5 : (isEnabled ? 1 : 0.4))
    }
}

/// A tinted label on a light tint (0.12 of it, 0.26 in the dark), in a rounded
/// rectangle sized by `controlSize`.
public struct BorderedButtonStyle: ButtonStyle {
    /// The bordered style.
    public init() {}
    /// The label on its tinted background.
    public func makeBody(configuration: Configuration) -> some View {
        BorderedBody(configuration: configuration, prominent: false)
    }
}

/// A white label on the tint (red when destructive), in a rounded rectangle sized
/// by `controlSize`.
public struct BorderedProminentButtonStyle: ButtonStyle {
    /// The prominent bordered style.
    public init() {}
    /// The label on its filled background.
    public func makeBody(configuration: Configuration) -> some View {
        BorderedBody(configuration: configuration, prominent: true)
    }
}

private struct BorderedBody: View {
    let configuration: ButtonStyleConfiguration
    let prominent: Bool
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var scheme
    @Environment(\.controlSize) private var size

    /// Padding (vertical, horizontal), corner radius and font by control size.
    /// Apple publishes no numbers for SwiftUI's bordered buttons (see the controls
    /// notes); these follow iOS 17's look: regular 7 × 12 with radius 8.
    private var metrics: (v: CGFloat, h: CGFloat, radius: CGFloat, font: Font?) {
        switch size {
        case .mini: return (3, 8, 6, .footnote)
        case .small: return (5, 10, 7, .subheadline)
        case .regular: return (7, 12, 8, nil)
        case .large, .extraLarge: return (14, 20, 12, nil)
        }
    }

    var body: some View {
        let color = roleColor(configuration.role, tint: tint)
        let m = metrics
        let fill: Color = !isEnabled ? Color.tertiarySystemFill
            : prominent ? color : color.opacity(scheme == .dark ? 0.26 : 0.12)
        let text: Color = !isEnabled ? Color.tertiaryLabel : prominent ? .white : color
        configuration.label
            .font(m.font)
            .foregroundColor(text)
            .padding(.vertical, m.v)
            .padding(.horizontal, m.h)
            .background(fill, in: RoundedRectangle(cornerRadius: m.radius))
            .opacity(configuration.isPressed ? 0.6 : 1)
    }
}

/// A button drawn by a button style: a tap runs the action; the pressed state
/// lasts while the pointer is down within 70 points of where it went down (iOS
/// lets go of a press beyond that).
struct StyledButton: View {
    let label: ButtonStyleConfiguration.Label
    let role: ButtonRole?
    let action: @MainActor () -> Void
    let makeBody: (ButtonStyleConfiguration) -> AnyView
    @GestureState private var isPressed = false

    var body: some View {
        makeBody(ButtonStyleConfiguration(label: label, isPressed: isPressed, role: role))
            .contentShape(Rectangle())
            .onTapGesture(perform: action)
            .simultaneousGesture(DragGesture(minimumDistance: 0).updating($isPressed) { drag, pressed, _ in
                pressed = hypot(drag.translation.width, drag.translation.height) <= 70
            })
    }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The default style (borderless on iOS).
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension ButtonStyle where Self == BorderlessButtonStyle {
    /// The tinted label alone.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension ButtonStyle where Self == PlainButtonStyle {
    /// The label as it is.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension ButtonStyle where Self == BorderedButtonStyle {
    /// A tinted label on a light tint.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension ButtonStyle where Self == BorderedProminentButtonStyle {
    /// A white label on the tint.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
