import Foundation
import OpenCanvasDrawing

/// A control that chooses one of several tagged options, drawn by the picker
/// style of its environment (`pickerStyle(_:)`).
///
///     Picker("Shape", selection: $shape) {
///         Text("Circle").tag(Shape.circle)
///         Text("Square").tag(Shape.square)
///     }
///     .pickerStyle(.segmented)
///
/// The options are the views `content` builds, each matched to the selection
/// by its `.tag` (a `ForEach`'s views are tagged with their elements' ids, as
/// in SwiftUI; a tag of `T` also matches a selection of `T?`). The styles:
/// `.automatic` and `.menu` show the selected option and open a menu of them,
/// `.segmented` (and `.palette`) a row of segments, `.inline` a list of rows
/// with the selected one checked, `.wheel` a turning wheel; `.navigationLink`
/// pushes a list of the options inside a navigation stack (a menu outside one).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content
    @Environment(\.pickerStyleKind) private var style

    /// A picker bound to `selection`, its options built by `content`, described by `label`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    /// The picker as its style draws it.
    public var body: some View {
        let model = PickerModel(label: AnyView(label), options: viewListItems(content), selection: selection)
        switch style {
        case .segmented: SegmentedPicker(model: model)
        case .inline: InlinePicker(model: model)
        case .wheel: WheelPicker(model: model)
        case .navigationLink: NavigationLinkPicker(model: model)
        case .automatic, .menu: MenuPicker(model: model)
        }
    }
}

extension Picker where Label == Text {
    /// A picker with a localized title.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    /// A picker with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

extension Picker where Label == OpenCanvasViews.Label<Text, Image> {
    /// A picker with a localized title and a system image.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, selection: Binding<SelectionValue>,
                @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { OpenCanvasViews.Label(titleKey, systemImage: systemImage) }
    }
}

/// A picker as its styles see it: the label, the options, which one is
/// selected and how to select another.
@MainActor
struct PickerModel {
    let label: AnyView
    let options: [(tag: AnyHashable?, view: AnyView)]
    let selectedIndex: Int?
    let select: @MainActor (Int) -> Void

    init<S: Hashable>(label: AnyView, options items: [ViewListItem], selection: Binding<S>) {
        self.label = label
        let options = items.map { (tag: $0.tag, view: AnyView($0.view)) }
        self.options = options
        let current = selection.wrappedValue
        selectedIndex = options.firstIndex { tag($0.tag, matches: current) }
        select = { i in
            guard options.indices.contains(i), let value = selectionValue(options[i].tag, as: S.self) else { return }
            selection.wrappedValue = value
        }
    }

    init(label: AnyView, options: [(tag: AnyHashable?, view: AnyView)], selectedIndex: Int?,
         select: @escaping @MainActor (Int) -> Void) {
        self.label = label
        self.options = options
        self.selectedIndex = selectedIndex
        self.select = select
    }

    /// The options as a menu's rows, the selected one checked.
    var menuRows: [MenuRow] {
        options.indices.map { i in
            MenuRow(kind: .action(title: options[i].view, icon: nil, role: nil, checked: isSelected(i),
                                  action: { select(i) }))
        }
    }

    /// The selected option's view (nothing when no option matches the selection).
    var selectedView: AnyView { selectedIndex.map { options[$0].view } ?? AnyView(EmptyView()) }

    func isSelected(_ i: Int) -> Bool { i == selectedIndex }
}

extension Picker: MenuRowProducing {
    var menuRows: [MenuRow] {
        [MenuRow(kind: .divider)]
            + PickerModel(label: AnyView(label), options: viewListItems(content), selection: selection).menuRows
    }
}
