import Foundation
import OpenCanvasDrawing

/// How labels show their title and icon; `labelStyle(_:)` sets it for the
/// labels inside a view.
@MainActor @preconcurrency
public protocol LabelStyle {
    /// The view a configuration becomes.
    associatedtype Body: View
    /// A label's title and icon.
    typealias Configuration = LabelStyleConfiguration
    /// The label drawn from its configuration.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a label style is given: the label's title and icon.
@MainActor
public struct LabelStyleConfiguration {
    /// A label's title, as a view.
    public typealias Title = _ConfigurationLabel
    /// A label's icon, as a view.
    public typealias Icon = _ConfigurationLabel
    /// The title.
    public let title: Title
    /// The icon.
    public let icon: Icon
}

extension AnyStyle where Configuration == LabelStyleConfiguration {
    init<S: LabelStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

extension EnvironmentValues {
    /// The style of labels (`nil`: the icon before the title).
    var labelStyle: AnyStyle<LabelStyleConfiguration>? {
        get { self[StyleKey<LabelStyleConfiguration>.self] }
        set { self[StyleKey<LabelStyleConfiguration>.self] = newValue }
    }
}

extension View {
    /// The style of the labels inside this view.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        environment(\.labelStyle, AnyStyle(style))
    }
}

/// The default: the icon, then the title.
public struct DefaultLabelStyle: LabelStyle {
    /// The default style.
    public init() {}
    /// Icon and title.
    public func makeBody(configuration: Configuration) -> some View {
        TitleAndIconLabelStyle().makeBody(configuration: configuration)
    }
}

/// The icon, then the title, 8 points apart.
public struct TitleAndIconLabelStyle: LabelStyle {
    /// The title-and-icon style.
    public init() {}
    /// Icon and title side by side.
    public func makeBody(configuration: Configuration) -> some View {
        HStack(alignment: .center, spacing: 8) {
            configuration.icon.accessibilityHidden(true)
            configuration.title
        }
    }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// The title-only style.
    public init() {}
    /// The title.
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone (a screen reader still reads the title).
public struct IconOnlyLabelStyle: LabelStyle {
    /// The icon-only style.
    public init() {}
    /// The icon, labelled by the title.
    public func makeBody(configuration: Configuration) -> some View {
        configuration.icon.accessibilityLabel(readingOf: configuration.title)
    }
}

/// A tab-bar item: the icon (about 25 points) over the title in 10-point medium.
struct TabItemLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 2) {
            configuration.icon.font(.system(size: 22)).accessibilityHidden(true)
            configuration.title.font(.system(size: 10, weight: .medium))
        }
    }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The default style.
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The icon, then the title.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
extension LabelStyle where Self == TabItemLabelStyle {
    static var tabItem: TabItemLabelStyle { TabItemLabelStyle() }
}
