import Foundation
import OpenCanvasDrawing

/// A control that runs an action when tapped, drawn by the button style of its
/// environment (`buttonStyle(_:)`; on iOS the default is the label in the tint,
/// faded while pressed). Its whole frame (gaps in the label included) takes
/// taps; a screen reader reads it as one element with the button trait.
public struct Button<Label: View>: View {
    let action: @MainActor () -> Void
    let label: Label
    let role: ButtonRole?

    /// A button that runs `action` when tapped, showing the view `label` builds.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        role = nil
    }

    /// A button with a role (`.destructive` draws it in red; `.cancel` marks the
    /// choice that dismisses).
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        self.role = role
    }

    @Environment(\.buttonStyle) private var style
    @Environment(\.isEnabled) private var isEnabled

    /// The label as the style draws it, taking taps.
    public var body: some View {
        let label = ButtonStyleConfiguration.Label(self.label)
        Group {
            switch style {
            case .styled(let style)?:
                StyledButton(label: label, role: role, action: action, makeBody: style.makeBody)
            case .primitive(let style)?:
                style.makeBody(PrimitiveButtonStyleConfiguration(label: label, role: role, action: action))
            case nil:
                DefaultButtonStyle().makeBody(configuration: PrimitiveButtonStyleConfiguration(label: label, role: role,
                                                                                              action: action))
            }
        }
        // With keyboard navigation, Tab reaches it and Space or Return presses it.
        .keyboardPressable(isEnabled: isEnabled) { action() }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
        // An image label reads as the button it is ("Add, Button"), not as an image.
        .accessibilityRemoveTraits(.isImage)
        .accessibilityEnabled(isEnabled)
    }
}

extension Button where Label == Text {
    /// A button with a localized title and a role.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    /// A button with a title shown as it is and a role.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == Text {
    /// A button with a localized title.
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    /// A button with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

extension Button where Label == OpenCanvasViews.Label<Text, Image> {
    /// A button with a title and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { OpenCanvasViews.Label(titleKey, systemImage: systemImage) }
    }

    /// A button with a title shown as it is and a system image.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { OpenCanvasViews.Label(title, systemImage: systemImage) }
    }
}

/// A title with an icon before it.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    /// A label with the given title and icon views.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    @Environment(\.labelStyle) private var style

    /// The label as its style draws it (by default the icon, then the title);
    /// read as the title alone, as SwiftUI's labels are.
    public var body: some View {
        (style ?? AnyStyle(DefaultLabelStyle()))
            .makeBody(LabelStyleConfiguration(title: _ConfigurationLabel(title), icon: _ConfigurationLabel(icon)))
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a localized title and a system image as its icon.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A label with a title shown as it is and a system image as its icon.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}
