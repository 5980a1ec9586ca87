import Foundation
import OpenCanvasDrawing

/// A control that turns a Boolean on and off: on iOS a switch at the trailing
/// end of its row, its label at the leading end.
///
///     Toggle("Show grid", isOn: $showsGrid)
///     Toggle(isOn: $isMuted) { Label("Mute", systemImage: "speaker.slash") }
///         .toggleStyle(.button)
///
/// A tap on the switch flips it (the knob slides over 0.2 s, eased); a horizontal
/// drag on it sets it by direction; a tap on the label does nothing, as on iOS.
/// A screen reader hears "<label>, on|off, Switch button".
public struct Toggle<Label: View>: View {
    @Binding var isOn: Bool
    let label: Label
    @Environment(\.toggleStyle) private var style

    /// A toggle bound to `isOn`, described by the view `label` builds.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        _isOn = isOn
        self.label = label()
    }

    @Environment(\.isEnabled) private var isEnabled

    /// The toggle as its style draws it.
    public var body: some View {
        (style ?? AnyStyle(SwitchToggleStyle()))
            .makeBody(ToggleStyleConfiguration(label: ToggleStyleConfiguration.Label(label), isOn: $isOn))
            // With keyboard navigation, Tab reaches it and Space or Return flips it.
            .keyboardPressable(isEnabled: isEnabled) { isOn.toggle() }
    }
}

extension Toggle where Label == Text {
    /// A toggle with a localized title.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A toggle with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

extension Toggle where Label == OpenCanvasViews.Label<Text, Image> {
    /// A toggle with a localized title and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { OpenCanvasViews.Label(titleKey, systemImage: systemImage) }
    }
}

/// What a toggle style is given: the toggle's label and its state.
@MainActor
public struct ToggleStyleConfiguration {
    /// A toggle's label, as a view.
    public typealias Label = _ConfigurationLabel

    /// The toggle's label.
    public let label: Label
    /// Whether the toggle is on; setting it sets the toggle's binding.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values that differ (always `false`
    /// for a toggle with one binding).
    public var isMixed: Bool = false

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        _isOn = isOn
    }
}

/// How toggles look and behave; `toggleStyle(_:)` sets it for the toggles inside
/// a view.
@MainActor @preconcurrency
public protocol ToggleStyle {
    /// The view a configuration becomes.
    associatedtype Body: View
    /// The properties of a toggle.
    typealias Configuration = ToggleStyleConfiguration
    /// The toggle drawn from its configuration.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

extension AnyStyle where Configuration == ToggleStyleConfiguration {
    init<S: ToggleStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

extension EnvironmentValues {
    /// The style of toggles (`nil`: the switch, iOS's default).
    var toggleStyle: AnyStyle<ToggleStyleConfiguration>? {
        get { self[StyleKey<ToggleStyleConfiguration>.self] }
        set { self[StyleKey<ToggleStyleConfiguration>.self] = newValue }
    }
}

extension View {
    /// The style of the toggles inside this view.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        environment(\.toggleStyle, AnyStyle(style))
    }
}

/// The default toggle style: a switch on iOS.
public struct DefaultToggleStyle: ToggleStyle {
    /// The default style.
    public init() {}
    /// The toggle as a switch.
    public func makeBody(configuration: Configuration) -> some View {
        SwitchToggleStyle().makeBody(configuration: configuration)
    }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    /// The default style: a switch.
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    /// A switch, its label leading.
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button that shows whether it is on by its fill.
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

extension ToggleStyle where Self == CheckboxToggleStyle {
    /// A check box before the label (macOS's style; SwiftUI has no check box on iOS).
    public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}
