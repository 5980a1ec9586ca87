import Foundation
import OpenCanvasDrawing

/// A control that shows a menu of actions when tapped: its label drawn as a
/// borderless button (in the tint), its menu a panel next to it.
///
///     Menu("Export") {
///         Button("PNG") { export(.png) }
///         Button("PDF") { export(.pdf) }
///         Divider()
///         Button("Delete", role: .destructive) { delete() }
///     }
///
/// The panel (iOS 17's look: 250 wide, corner radius 13, 44-point rows in
/// 17-point text, icons trailing, dividers as 8-point bands) lists the menu's
/// buttons, toggles (a checkmark when on), pickers (their options, the
/// selected one checked) and nested menus (their items, after a divider). A
/// tap on a row runs it and closes the menu; a tap outside closes it. With a
/// `primaryAction`, a tap runs that and a long press opens the menu.
public struct Menu<Label: View, Content: View>: View {
    let content: Content
    let label: Label
    let primaryAction: (() -> Void)?
    @State private var isOpen = false
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    /// A menu of `content`, shown by tapping `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
        primaryAction = nil
    }

    /// A menu whose label runs `primaryAction` when tapped and shows the menu
    /// when pressed long.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label,
                primaryAction: @escaping () -> Void) {
        self.content = content()
        self.label = label()
        self.primaryAction = primaryAction
    }

    /// The label, which opens the menu.
    public var body: some View {
        let items = viewListItems(content)
        let open = $isOpen
        label
            .foregroundColor(isEnabled ? (tint ?? .blue) : Color.tertiaryLabel)
            .contentShape(Rectangle())
            .onTapGesture {
                guard isEnabled else { return }
                if let primaryAction { primaryAction() } else { open.wrappedValue = true }
            }
            .onLongPressGesture { if isEnabled, primaryAction != nil { open.wrappedValue = true } }
            // With keyboard navigation, Space or Return opens the menu (or runs its primary action).
            .keyboardPressable(isEnabled: isEnabled) { if let primaryAction { primaryAction() } else { open.wrappedValue = true } }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isButton)
            .presentation(isPresented: $isOpen, anchored: true) { dismiss in
                AnyView(MenuPanel(rows: OpenCanvasViews.menuRows(items), dismiss: dismiss))
            }
    }
}

extension Menu where Label == Text {
    /// A menu with a localized title.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A menu with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }

    /// A menu with a localized title that runs `primaryAction` when tapped.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content, primaryAction: @escaping () -> Void) {
        self.init(content: content, label: { Text(titleKey) }, primaryAction: primaryAction)
    }
}

extension Menu where Label == OpenCanvasViews.Label<Text, Image> {
    /// A menu with a localized title and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { OpenCanvasViews.Label(titleKey, systemImage: systemImage) }
    }

    /// A menu with a title shown as it is and a system image.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { OpenCanvasViews.Label(title, systemImage: systemImage) }
    }
}

/// One row of a menu's panel.
struct MenuRow {
    enum Kind {
        case action(title: AnyView, icon: AnyView?, role: ButtonRole?, checked: Bool?, action: @MainActor () -> Void)
        case divider
        case content(AnyView)
    }
    let kind: Kind
}

/// Views that are rows of a menu (buttons, toggles, pickers, nested menus).
@MainActor
protocol MenuRowProducing {
    var menuRows: [MenuRow] { get }
}

/// The rows of a menu's items.
@MainActor
func menuRows(_ items: [ViewListItem]) -> [MenuRow] {
    items.flatMap { item -> [MenuRow] in
        if let rows = item.view as? any MenuRowProducing { return rows.menuRows }
        if item.view is Divider { return [MenuRow(kind: .divider)] }
        return [MenuRow(kind: .content(AnyView(item.view)))]
    }
}

/// A label split into its title and icon, for a row that puts the icon trailing.
@MainActor
protocol TitleAndIcon {
    var titleView: AnyView { get }
    var iconView: AnyView { get }
}

extension OpenCanvasViews.Label: TitleAndIcon {
    var titleView: AnyView { AnyView(title) }
    var iconView: AnyView { AnyView(icon) }
}

@MainActor
private func titleAndIcon(_ view: some View) -> (AnyView, AnyView?) {
    if let split = view as? any TitleAndIcon { return (split.titleView, split.iconView) }
    return (AnyView(view), nil)
}

extension Button: MenuRowProducing {
    var menuRows: [MenuRow] {
        let (title, icon) = titleAndIcon(label)
        return [MenuRow(kind: .action(title: title, icon: icon, role: role, checked: nil, action: action))]
    }
}

extension Toggle: MenuRowProducing {
    var menuRows: [MenuRow] {
        let (title, icon) = titleAndIcon(label)
        let binding = $isOn
        return [MenuRow(kind: .action(title: title, icon: icon, role: nil, checked: binding.wrappedValue,
                                      action: { binding.wrappedValue.toggle() }))]
    }
}

extension Menu: MenuRowProducing {
    var menuRows: [MenuRow] { [MenuRow(kind: .divider)] + OpenCanvasViews.menuRows(viewListItems(content)) }
}

/// The panel of a menu's rows; a tap on a row runs it and closes the menu.
struct MenuPanel: View {
    let rows: [MenuRow]
    let dismiss: DismissAction
    @Environment(\.tint) private var tint

    var body: some View {
        let checks = rows.contains { if case .action(_, _, _, let c, _) = $0.kind { return c != nil } else { return false } }
        VStack(spacing: 0) {
            ForEach(rows.indices, id: \.self) { i in
                if i > 0, !isDivider(i), !isDivider(i - 1) {
                    Rectangle().fill(Color.separator).frame(height: 0.5)
                }
                row(rows[i], checks: checks)
            }
        }
        .frame(width: 250)
        .background(Color.menuBackground, in: RoundedRectangle(cornerRadius: 13))
        .clipShape(RoundedRectangle(cornerRadius: 13))
        .shadow(color: .black.opacity(0.15), radius: 16, x: 0, y: 4)
    }

    private func isDivider(_ i: Int) -> Bool {
        if case .divider = rows[i].kind { return true }
        return false
    }

    @ViewBuilder private func row(_ row: MenuRow, checks: Bool) -> some View {
        switch row.kind {
        case .divider:
            Rectangle().fill(Color.menuDivider).frame(height: 8)
        case .content(let view):
            view.font(.system(size: 13)).foregroundColor(.secondary)
                .padding(.horizontal, 16).padding(.vertical, 8)
                .frame(maxWidth: .infinity, alignment: .leading)
        case .action(let title, let icon, let role, let checked, let action):
            HStack(spacing: 8) {
                if checks {
                    Image(systemName: "checkmark").font(.system(size: 15, weight: .semibold))
                        .opacity(checked == true ? 1 : 0)
                        .frame(width: 18)
                        .accessibilityHidden(true)
                }
                title
                Spacer(minLength: 8)
                icon
            }
            .font(.system(size: 17))
            .foregroundColor(role == .destructive ? Color.red : Color.primary)
            .padding(.horizontal, 16)
            .frame(minHeight: 44)
            .contentShape(Rectangle())
            .onTapGesture {
                dismiss()
                action()
            }
            .keyboardPressable(isEnabled: true) {
                dismiss()
                action()
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(checked == true ? [.isButton, .isSelected] : .isButton)
        }
    }
}
