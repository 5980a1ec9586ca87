import Foundation
import OpenCanvasDrawing

/// Gives its content a proxy that scrolls the scroll views inside it to a
/// view by its id (`.id(_:)`, a `ForEach` element's id, or a lazy row's).
///
///     ScrollViewReader { proxy in
///         ScrollView {
///             LazyVStack { ForEach(0..<1000, id: \.self) { Text("Row \($0)") } }
///         }
///         Button("Bottom") { proxy.scrollTo(999, anchor: .bottom) }
///     }
public struct ScrollViewReader<Content: View>: View {
    let content: (ScrollViewProxy) -> Content
    @State private var targets = ScrollTargets()

    /// A reader whose content is given the proxy.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    /// The content, with the proxy.
    public var body: some View {
        let targets = self.targets
        targets.scrollViews.removeAll { $0.node == nil }
        return content(ScrollViewProxy(targets: targets)).environment(\.scrollTargets, targets)
    }
}

/// Scrolls the scroll views of a `ScrollViewReader`.
@MainActor
public struct ScrollViewProxy {
    let targets: ScrollTargets

    /// Scrolls the first scroll view that holds the view identified by `id`
    /// so that it shows it, placed at `anchor` (`nil`: the least scrolling that
    /// shows it). Takes effect at the next frame; an id no scroll view holds
    /// changes nothing.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        let key = AnyHashable(id)
        for weak in targets.scrollViews {
            guard let scroll = weak.node, let frame = scroll.targetFrame(of: key) else { continue }
            scroll.reveal(frame, id: key, anchor: anchor)
            return
        }
    }
}

/// The scroll views made inside a `ScrollViewReader` (the newest frame's).
@MainActor
final class ScrollTargets {
    var scrollViews: [WeakScrollNode] = []
}

struct WeakScrollNode {
    weak var node: ScrollNode?
}

private struct ScrollTargetsKey: EnvironmentKey {
    static var defaultValue: ScrollTargets? { nil }
}

extension EnvironmentValues {
    var scrollTargets: ScrollTargets? {
        get { self[ScrollTargetsKey.self] }
        set { self[ScrollTargetsKey.self] = newValue }
    }
}

/// A view known by an id (`.id(_:)`, a `ForEach` element): lays out and draws
/// as its child; `scrollTo` finds it.
final class IdentifiedNode: WrapperNode {
    let id: AnyHashable

    init(child: ViewNode, id: AnyHashable) {
        self.id = id
        super.init(child: child)
    }

    override var unwrapped: ViewNode { child.unwrapped }
}
