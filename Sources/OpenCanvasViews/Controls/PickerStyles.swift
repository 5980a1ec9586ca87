import Foundation
import OpenCanvasDrawing

/// How pickers look and behave; `pickerStyle(_:)` sets it for the pickers
/// inside a view. As in SwiftUI, the styles are the system's (there is no
/// public way to write one).
@MainActor @preconcurrency
public protocol PickerStyle {}

/// The style's kind, as the environment keeps it.
enum PickerStyleKind {
    case automatic, menu, segmented, inline, wheel, navigationLink
}

private struct PickerStyleKey: EnvironmentKey {
    static var defaultValue: PickerStyleKind { .automatic }
}

extension EnvironmentValues {
    var pickerStyleKind: PickerStyleKind {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the pickers inside this view.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind: PickerStyleKind
        switch style {
        case is MenuPickerStyle: kind = .menu
        case is SegmentedPickerStyle, is PalettePickerStyle: kind = .segmented
        case is InlinePickerStyle: kind = .inline
        case is WheelPickerStyle: kind = .wheel
        case is NavigationLinkPickerStyle: kind = .navigationLink
        default: kind = .automatic
        }
        return environment(\.pickerStyleKind, kind)
    }
}

/// The default: a menu (iOS 16 and later).
public struct DefaultPickerStyle: PickerStyle {
    /// The default style.
    public init() {}
}
/// The selected option, opening a menu of the options.
public struct MenuPickerStyle: PickerStyle {
    /// The menu style.
    public init() {}
}
/// A row of segments, one per option.
public struct SegmentedPickerStyle: PickerStyle {
    /// The segmented style.
    public init() {}
}
/// Segments, as a palette shows them in a menu (drawn as `.segmented`).
public struct PalettePickerStyle: PickerStyle {
    /// The palette style.
    public init() {}
}
/// The options as rows, the selected one checked.
public struct InlinePickerStyle: PickerStyle {
    /// The inline style.
    public init() {}
}
/// A wheel of the options, the selected one in the middle.
public struct WheelPickerStyle: PickerStyle {
    /// The wheel style.
    public init() {}
}
/// A row that pushes a list of the options (inside a navigation stack).
public struct NavigationLinkPickerStyle: PickerStyle {
    /// The navigation-link style.
    public init() {}
}

extension PickerStyle where Self == DefaultPickerStyle {
    /// The default style: a menu.
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}
extension PickerStyle where Self == MenuPickerStyle {
    /// A menu of the options.
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}
extension PickerStyle where Self == SegmentedPickerStyle {
    /// A row of segments.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
extension PickerStyle where Self == PalettePickerStyle {
    /// A palette (segments).
    public static var palette: PalettePickerStyle { PalettePickerStyle() }
}
extension PickerStyle where Self == InlinePickerStyle {
    /// Rows, the selected one checked.
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}
extension PickerStyle where Self == WheelPickerStyle {
    /// A wheel.
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}
extension PickerStyle where Self == NavigationLinkPickerStyle {
    /// A row that pushes the options.
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

// MARK: - The styles' views

/// The segmented control (metrics: ../shared/docs/controls-and-appearance.md
/// §2, iOS 17): 32 tall, tertiary fill at radius 9, padded 2 and 3; the
/// selected segment on a white (dark 99,99,102) thumb of radius 7 that slides
/// over 0.2 s; titles 13 pt medium, the selected one semibold; 1-point dividers
/// between unselected segments. The segments share the width equally. Each
/// segment reads as a button, the selected one "Selected".
struct SegmentedPicker: View {
    let model: PickerModel
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let count = max(1, model.options.count)
        let selected = model.selectedIndex
        HStack(spacing: 0) {
            ForEach(model.options.indices, id: \.self) { i in
                model.options[i].view
                    .font(.system(size: 13, weight: model.isSelected(i) ? .semibold : .medium))
                    .lineLimit(1)
                    .frame(maxWidth: .infinity, minHeight: 28)
                    .contentShape(Rectangle())
                    .onTapGesture {
                        guard isEnabled else { return }
                        withAnimation(.easeInOut(duration: 0.2)) { model.select(i) }
                    }
                    .keyboardPressable(isEnabled: isEnabled) { withAnimation(.easeInOut(duration: 0.2)) { model.select(i) } }
                    .accessibilityElement(children: .combine)
                    .accessibilityAddTraits(model.isSelected(i) ? [.isButton, .isSelected] : .isButton)
            }
        }
        .padding(.horizontal, 3)
        .padding(.vertical, 2)
        .frame(minHeight: 32)
        .background {
            GeometryReader { proxy in
                let width = (proxy.size.width - 6) / CGFloat(count)
                ZStack(alignment: .topLeading) {
                    RoundedRectangle(cornerRadius: 9).fill(Color.tertiarySystemFill)
                    ForEach(1..<count, id: \.self) { i in
                        Rectangle().fill(Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255).opacity(0.3))
                            .frame(width: 1, height: max(0, proxy.size.height - 10))
                            .offset(x: 3 + width * CGFloat(i) - 0.5, y: 5)
                            .opacity(selected == i || selected == i - 1 ? 0 : 1)
                    }
                    if let selected {
                        RoundedRectangle(cornerRadius: 7)
                            .fill(Color.segmentThumb)
                            .overlay(RoundedRectangle(cornerRadius: 7).strokeBorder(Color.black.opacity(0.04), lineWidth: 0.5))
                            .shadow(color: .black.opacity(0.12), radius: 4, x: 0, y: 3)
                            .frame(width: width, height: max(0, proxy.size.height - 4))
                            .offset(x: 3 + width * CGFloat(selected), y: 2)
                    }
                }
            }
        }
        .opacity(isEnabled ? 1 : 0.5)
    }
}

/// Whether the view is a row of a list or form (a picker there shows its label
/// leading and its value trailing).
private struct ListRowKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    var isInListRow: Bool {
        get { self[ListRowKey.self] }
        set { self[ListRowKey.self] = newValue }
    }
}

/// The menu picker: the selected option and ⌃⌄ chevrons, in the tint on their
/// own, in the secondary colour after the label in a list row. A tap opens a
/// menu of the options, the selected one checked. A screen reader hears
/// "<label>, <selected option>, Button".
struct MenuPicker: View {
    let model: PickerModel
    @State private var isOpen = false
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.isInListRow) private var inRow

    var body: some View {
        let value = HStack(spacing: 4) {
            model.selectedView
            Image(systemName: "chevron.up.chevron.down").font(.system(size: 13, weight: .medium))
        }
        let picker = self.model
        return HStack(spacing: 8) {
            if inRow {
                picker.label
                Spacer(minLength: 8)
                value.foregroundColor(.secondary)
            } else {
                value.foregroundColor(isEnabled ? (tint ?? .blue) : Color.tertiaryLabel)
            }
        }
        .frame(minHeight: 32)
        .contentShape(Rectangle())
        .onTapGesture { if isEnabled { isOpen = true } }
        .keyboardPressable(isEnabled: isEnabled) { isOpen = true }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(readingOf: picker.label)
        .accessibilityValue(readingOf: picker.selectedView)
        .accessibilityAddTraits(.isButton)
        .presentation(isPresented: $isOpen, anchored: true) { dismiss in
            AnyView(MenuPanel(rows: picker.menuRows, dismiss: dismiss))
        }
    }
}

/// The inline picker: a row per option (44 tall, 17-point text, hairlines
/// between), the selected one with a checkmark in the tint. A tap selects.
struct InlinePicker: View {
    let model: PickerModel
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        VStack(spacing: 0) {
            ForEach(model.options.indices, id: \.self) { i in
                if i > 0 { Rectangle().fill(Color.separator).frame(height: 0.5) }
                HStack {
                    model.options[i].view
                    Spacer(minLength: 8)
                    Image(systemName: "checkmark").font(.system(size: 15, weight: .semibold))
                        .foregroundColor(tint ?? .blue)
                        .opacity(model.isSelected(i) ? 1 : 0)
                        .accessibilityHidden(true)
                }
                .frame(minHeight: 44)
                .contentShape(Rectangle())
                .onTapGesture { if isEnabled { model.select(i) } }
                .accessibilityElement(children: .combine)
                .accessibilityAddTraits(model.isSelected(i) ? [.isButton, .isSelected] : .isButton)
            }
        }
        .opacity(isEnabled ? 1 : 0.5)
    }
}

/// The wheel: 216 tall, rows 32 apart in 21-point text (the wheel's font size,
/// ../shared/docs/controls-and-appearance.md §3), fading and flattening away
/// from the middle, where the selected row sits on a rounded band. A vertical
/// drag turns it (it settles on the nearest row); a tap on a row turns it
/// there. A screen reader hears "<label>, <selected option>, Adjustable".
struct WheelPicker: View {
    let model: PickerModel
    @State private var drag: CGFloat = 0
    @Environment(\.isEnabled) private var isEnabled
    static let rowHeight: CGFloat = 32

    var body: some View {
        let selected = CGFloat(model.selectedIndex ?? 0)
        let count = model.options.count
        let model = self.model
        return ZStack {
            RoundedRectangle(cornerRadius: 8).fill(Color.tertiarySystemFill).frame(height: Self.rowHeight + 2)
            ForEach(model.options.indices, id: \.self) { i in
                let y = (CGFloat(i) - selected) * Self.rowHeight + drag
                // Rows lie on a cylinder: further from the middle, smaller and fainter.
                let angle = min(Double.pi / 2, Double(abs(y)) / 108 * Double.pi / 2)
                model.options[i].view
                    .font(.system(size: 21))
                    .lineLimit(1)
                    .frame(maxWidth: .infinity, minHeight: Self.rowHeight)
                    .scaleEffect(x: 1, y: CGFloat(cos(angle)))
                    .opacity(max(0, cos(angle)) * (abs(y) < Self.rowHeight / 2 ? 1 : 0.6))
                    .contentShape(Rectangle())
                    .onTapGesture { if isEnabled { withAnimation(.easeOut(duration: 0.25)) { model.select(i) } } }
                    .offset(y: y)
                    .accessibilityHidden(true)
            }
        }
        .frame(height: 216)
        .clipped()
        .contentShape(Rectangle())
        .gesture(DragGesture(minimumDistance: 4)
            .onChanged { value in if isEnabled { drag = value.translation.height } }
            .onEnded { value in
                guard isEnabled, count > 0 else { return }
                let steps = (-value.translation.height / Self.rowHeight).rounded()
                let target = Int(max(0, min(CGFloat(count - 1), selected + (steps.isFinite ? steps : 0))))
                drag = 0
                withAnimation(.easeOut(duration: 0.25)) { model.select(target) }
            })
        .opacity(isEnabled ? 1 : 0.5)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(readingOf: model.label)
        .accessibilityValue(readingOf: model.selectedView)
        .accessibilityAddTraits(.adjustable)
    }
}

/// The navigation-link picker: a row (label leading, the selected option and a
/// chevron trailing) that pushes a list of the options in a navigation stack;
/// outside one, the menu picker.
struct NavigationLinkPicker: View {
    let model: PickerModel
    @Environment(\.navigationPush) private var push

    var body: some View {
        if let push {
            let model = self.model
            HStack(spacing: 8) {
                model.label
                Spacer(minLength: 8)
                model.selectedView.foregroundColor(.secondary)
                Image(systemName: "chevron.right").font(.system(size: 14, weight: .semibold))
                    .foregroundColor(Color.tertiaryLabel)
            }
            .frame(minHeight: 44)
            .contentShape(Rectangle())
            .onTapGesture {
                push(AnyView(PickerOptionsPage(model: model)))
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isButton)
        } else {
            MenuPicker(model: model)
        }
    }
}

/// The page a navigation-link picker pushes: the options, inline; a tap
/// selects and goes back.
private struct PickerOptionsPage: View {
    let model: PickerModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        InlinePicker(model: PickerModel(label: model.label, options: model.options, selectedIndex: model.selectedIndex,
                                        select: { i in
                                            model.select(i)
                                            dismiss()
                                        }))
            .padding(.horizontal, 16)
            .frame(maxHeight: .infinity, alignment: .top)
    }
}
