import Foundation
import OpenCanvasDrawing

// Sheets, full-screen covers and popovers (shown as sheets, as on an iPhone).
// Metrics: ../shared/docs/controls-and-appearance.md §2 "Bars, sheets, alerts"
// (Flutter's sheet.dart, iOS 18 simulator): top corners of radius 12, the
// sheet's top 8 % of the height below the top, 10 % black over the page behind
// (OpenCanvas does not shrink the page behind to 0.9165). A sheet slides up
// over 0.35 s as it appears; a downward drag of more than a quarter of its
// height dismisses it (unless `interactiveDismissDisabled`); a sheet whose
// detents are all below `.large` dismisses on a tap above it.

extension View {
    /// Presents a sheet while `isPresented` is true; `onDismiss` runs once it
    /// is gone.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        presentation(isPresented: isPresented, onDismiss: onDismiss) { dismiss in
            AnyView(SheetContainer(content: content(), isFullScreen: false, dismiss: dismiss))
        }
    }

    /// Presents a sheet for `item` while it is non-nil (dismissing sets it to nil).
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        presentation(isPresented: presence(of: item), onDismiss: onDismiss) { dismiss in
            AnyView(Group {
                if let value = item.wrappedValue {
                    SheetContainer(content: content(value), isFullScreen: false, dismiss: dismiss).id(value.id)
                }
            })
        }
    }

    /// Presents a view over the whole screen while `isPresented` is true.
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View {
        presentation(isPresented: isPresented, onDismiss: onDismiss) { dismiss in
            AnyView(SheetContainer(content: content(), isFullScreen: true, dismiss: dismiss))
        }
    }

    /// Presents a view over the whole screen for `item` while it is non-nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content)
        -> some View {
        presentation(isPresented: presence(of: item), onDismiss: onDismiss) { dismiss in
            AnyView(Group {
                if let value = item.wrappedValue {
                    SheetContainer(content: content(value), isFullScreen: true, dismiss: dismiss).id(value.id)
                }
            })
        }
    }

    /// Presents a popover while `isPresented` is true: on an iPhone (compact
    /// width) a popover is shown as a sheet, and so it is here.
    public func popover<Content: View>(isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                       arrowEdge: Edge = .top, @ViewBuilder content: @escaping () -> Content) -> some View {
        sheet(isPresented: isPresented, content: content)
    }

    /// Presents a popover for `item` while it is non-nil (as a sheet, as on an iPhone).
    public func popover<Item: Identifiable, Content: View>(item: Binding<Item?>,
                                                           attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                                           arrowEdge: Edge = .top,
                                                           @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        sheet(item: item, content: content)
    }

    /// The heights a sheet may take (the smallest is the one it opens at).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        preference(key: SheetDetentsKey.self, value: detents.map(\.kind).min(by: { $0.order < $1.order }))
    }

    /// The heights a sheet may take, and the one it shows (`selection`).
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
        preference(key: SheetDetentsKey.self, value: selection.wrappedValue.kind)
    }

    /// Whether a drag down may dismiss the sheet the view is in.
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        preference(key: InteractiveDismissDisabledKey.self, value: isDisabled)
    }

    /// Whether the sheet shows a grabber at its top (drawn when `.visible`).
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        preference(key: DragIndicatorKey.self, value: visibility)
    }
}

/// Where a popover points (kept for source compatibility: on an iPhone a
/// popover is a sheet).
public enum PopoverAttachmentAnchor {
    /// A rectangle of the view.
    case rect(Anchor<CGRect>.Source)
    /// A point of the view.
    case point(UnitPoint)
}

/// A height a sheet can rest at.
public struct PresentationDetent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case medium, large, fraction(CGFloat), height(CGFloat)

        var order: CGFloat {
            switch self {
            case .medium: return 0.5
            case .large: return 1
            case .fraction(let f): return f.isFinite ? f : 1
            case .height(let h): return h.isFinite ? h / 10_000 : 1
            }
        }

        /// The sheet's height in a host area `height` tall (the large detent's
        /// height is `large`).
        func sheetHeight(large: CGFloat, in height: CGFloat) -> CGFloat {
            let value: CGFloat
            switch self {
            case .medium: value = height / 2
            case .large: value = large
            case .fraction(let f): value = height * (f.isFinite ? f : 1)
            case .height(let h): value = h.isFinite ? h : large
            }
            return min(large, max(0, value))
        }
    }
    let kind: Kind

    /// About half the screen.
    public static let medium = PresentationDetent(kind: .medium)
    /// The full sheet height.
    public static let large = PresentationDetent(kind: .large)
    /// A fraction of the screen's height.
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(kind: .fraction(fraction)) }
    /// A height in points.
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(kind: .height(height)) }
}

struct SheetDetentsKey: PreferenceKey {
    static var defaultValue: PresentationDetent.Kind? { nil }
    static func reduce(value: inout PresentationDetent.Kind?, nextValue: () -> PresentationDetent.Kind?) {
        value = value ?? nextValue()
    }
}

struct InteractiveDismissDisabledKey: PreferenceKey {
    static var defaultValue: Bool { false }
    static func reduce(value: inout Bool, nextValue: () -> Bool) { value = value || nextValue() }
}

struct DragIndicatorKey: PreferenceKey {
    static var defaultValue: Visibility { .automatic }
    static func reduce(value: inout Visibility, nextValue: () -> Visibility) {
        if value == .automatic { value = nextValue() }
    }
}

/// A presented sheet: the dimmed page, the sheet sliding up with its content.
struct SheetContainer<Content: View>: View {
    let content: Content
    let isFullScreen: Bool
    let dismiss: DismissAction

    @State private var shown = false
    @State private var drag: CGFloat = 0
    @State private var detent: PresentationDetent.Kind?
    @State private var dismissDisabled = false
    @State private var indicator: Visibility = .automatic

    var body: some View {
        GeometryReader { proxy in
            let height = proxy.size.height
            let large = isFullScreen ? height : height * 0.92
            let sheetHeight = isFullScreen ? height : (detent ?? .large).sheetHeight(large: large, in: height)
            let top = height - sheetHeight
            ZStack(alignment: .top) {
                Color.black.opacity(isFullScreen ? 0 : (shown ? 0.1 : 0))
                    .contentShape(Rectangle())
                    .onTapGesture { if !dismissDisabled, sheetHeight < large { dismiss() } }
                    .accessibilityHidden(true)
                ZStack(alignment: .top) {
                    Color.elevatedBackground
                    content
                        .frame(width: proxy.size.width, height: sheetHeight)
                        .onPreferenceChange(SheetDetentsKey.self) { detent = $0 }
                        .onPreferenceChange(InteractiveDismissDisabledKey.self) { dismissDisabled = $0 }
                        .onPreferenceChange(DragIndicatorKey.self) { indicator = $0 }
                    if indicator == .visible {
                        Capsule().fill(Color.tertiaryLabel).frame(width: 36, height: 5).padding(.top, 5)
                    }
                }
                .frame(width: proxy.size.width, height: sheetHeight)
                .clipShape(UnevenRoundedRectangle(topLeadingRadius: isFullScreen ? 0 : 12,
                                                  topTrailingRadius: isFullScreen ? 0 : 12))
                .offset(y: (shown ? top : height) + max(0, drag))
                .gesture(DragGesture(minimumDistance: 10)
                    .onChanged { value in if !dismissDisabled, !isFullScreen { drag = value.translation.height } }
                    .onEnded { value in
                        guard !dismissDisabled, !isFullScreen else { return }
                        if value.translation.height > sheetHeight / 4 {
                            dismiss()
                        } else {
                            withAnimation(.spring(duration: 0.35)) { drag = 0 }
                        }
                    })
            }
        }
        .onAppear { withAnimation(.spring(duration: 0.35)) { shown = true } }
    }
}
