import Foundation
import OpenCanvasDrawing

/// How lists look; `listStyle(_:)` sets it for the lists inside a view. As in
/// SwiftUI, the styles are the system's.
@MainActor @preconcurrency
public protocol ListStyle {}

/// The look of a list, as the environment keeps it.
enum ListLook: Sendable {
    /// Rows edge to edge on the system background, hairlines between.
    case plain
    /// Sections as rounded groups inset from the edges, on the grouped background.
    case insetGrouped
    /// Sections edge to edge on the grouped background.
    case grouped
    /// Plain rows inset from the edges.
    case inset

    /// The gap between a group and the list's edges.
    var margin: CGFloat {
        switch self {
        case .insetGrouped, .inset: return 20
        case .plain, .grouped: return 0
        }
    }

    var isGrouped: Bool { self == .insetGrouped || self == .grouped }
}

private struct ListLookKey: EnvironmentKey {
    static var defaultValue: ListLook? { nil }
}

extension EnvironmentValues {
    /// The list style set by `listStyle` (`nil`: the list's own default).
    var listLook: ListLook? {
        get { self[ListLookKey.self] }
        set { self[ListLookKey.self] = newValue }
    }
}

extension View {
    /// The style of the lists inside this view.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        let look: ListLook?
        switch style {
        case is PlainListStyle: look = .plain
        case is InsetGroupedListStyle, is SidebarListStyle: look = .insetGrouped
        case is GroupedListStyle: look = .grouped
        case is InsetListStyle: look = .inset
        default: look = nil
        }
        return environment(\.listLook, look)
    }
}

/// The default: inset grouped on iOS.
public struct DefaultListStyle: ListStyle {
    /// The default style.
    public init() {}
}
/// Rows edge to edge.
public struct PlainListStyle: ListStyle {
    /// The plain style.
    public init() {}
}
/// Rounded groups inset from the edges.
public struct InsetGroupedListStyle: ListStyle {
    /// The inset grouped style.
    public init() {}
}
/// Groups edge to edge.
public struct GroupedListStyle: ListStyle {
    /// The grouped style.
    public init() {}
}
/// Plain rows inset from the edges.
public struct InsetListStyle: ListStyle {
    /// The inset style.
    public init() {}
}
/// A sidebar (on an iPhone, drawn as inset grouped).
public struct SidebarListStyle: ListStyle {
    /// The sidebar style.
    public init() {}
}

extension ListStyle where Self == DefaultListStyle {
    /// The default style (inset grouped).
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}
extension ListStyle where Self == PlainListStyle {
    /// Rows edge to edge.
    public static var plain: PlainListStyle { PlainListStyle() }
}
extension ListStyle where Self == InsetGroupedListStyle {
    /// Rounded groups inset from the edges.
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == GroupedListStyle {
    /// Groups edge to edge.
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}
extension ListStyle where Self == InsetListStyle {
    /// Plain rows inset from the edges.
    public static var inset: InsetListStyle { InsetListStyle() }
}
extension ListStyle where Self == SidebarListStyle {
    /// A sidebar.
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}
