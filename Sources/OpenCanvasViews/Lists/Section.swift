import Foundation
import OpenCanvasDrawing

/// A group of rows in a list or form, with an optional header and footer.
/// Outside a list it shows its header, content and footer one above the other.
///
///     Form {
///         Section("Display") {
///             Toggle("Grid", isOn: $grid)
///         }
///         Section { Slider(value: $speed) } footer: { Text("Frames per second") }
///     }
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer

    /// A section with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    /// A section with a header and a footer (the older form).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.footer = footer
        self.content = content()
    }

    /// The header, the content and the footer, stacked (a list lays them out itself).
    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            header
            content
            footer
        }
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// A section with a header (the older form).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }

    /// A section with a footer (the older form).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without a header or a footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section with a localized title as its header.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }

    /// A section with a title shown as it is as its header.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

/// A section as a list reads it.
@MainActor
protocol SectionReading {
    var headerView: AnyView? { get }
    var footerView: AnyView? { get }
    var rows: LazyViewList { get }
}

extension Section: SectionReading {
    var headerView: AnyView? { Parent.self == EmptyView.self ? nil : AnyView(header) }
    var footerView: AnyView? { Footer.self == EmptyView.self ? nil : AnyView(footer) }
    var rows: LazyViewList { lazyViewList(content) }
}
