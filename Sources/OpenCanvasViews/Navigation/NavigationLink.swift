import Foundation
import OpenCanvasDrawing

/// A control that pushes a page onto the navigation stack it is in: a view
/// (`destination`), or a value shown by the stack's `navigationDestination(for:)`.
/// Outside a list it is drawn as a button (its label in the tint); as a list
/// row, its label in the primary colour with a chevron trailing. A tap pushes
/// (the page slides in); a screen reader hears "<label>, Button". Outside a
/// navigation stack a tap does nothing, as in SwiftUI.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let destination: Destination?
    let value: AnyHashable?
    @Environment(\.navigationContext) private var context
    @Environment(\.isInListRow) private var inRow
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    /// A link that pushes the view `destination` builds.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination()
        value = nil
    }

    /// A link that pushes `destination` (the older form).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
        value = nil
    }

    /// The label, pushing its page when tapped.
    public var body: some View {
        // The link's identity: a page it pushed shows its latest destination.
        let source = ViewGraph.current?.currentReader
        if let source, let destination, let model = context?.model, model.activeSources.contains(source) {
            model.liveDestinations[source] = AnyView(destination)
        }
        return HStack(spacing: 8) {
            if inRow {
                // The label takes the row but for the chevron (a cell's accessory),
                // as a list row lays out its content and disclosure indicator.
                label.frame(maxWidth: .infinity, alignment: .leading)
                Image(systemName: "chevron.right").font(.system(size: 14, weight: .semibold))
                    .foregroundColor(Color.tertiaryLabel)
                    .accessibilityHidden(true)
            } else {
                label.foregroundColor(isEnabled ? (tint ?? .blue) : Color.tertiaryLabel)
            }
        }
        .contentShape(Rectangle())
        .onTapGesture { push(source: source) }
        .keyboardPressable(isEnabled: isEnabled) { push(source: source) }
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isButton)
    }

    private func push(source: String?) {
        guard isEnabled, let context else { return }
        if let destination {
            if let source { context.model.liveDestinations[source] = AnyView(destination) }
            _ = context.pushView(AnyView(destination), source)
        } else if let value {
            context.pushValue(value)
        }
    }
}

extension NavigationLink where Label == Text {
    /// A link with a localized title that pushes the view `destination` builds.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link with a title shown as it is that pushes the view `destination` builds.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link with a localized title that pushes `destination` (the older form).
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value` (shown by the stack's `navigationDestination(for:)`);
    /// a `nil` value makes a link that does nothing.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        destination = nil
        self.value = value.map { AnyHashable($0) }
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    /// A link with a localized title that pushes `value`.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }

    /// A link with a title shown as it is that pushes `value`.
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}
