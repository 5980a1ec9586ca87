import Foundation
import OpenCanvasDrawing

/// A modifier that makes a new view from a view (`content`): applied with
/// `modifier(_:)`, its `body(content:)` is evaluated like a view's body (it may
/// hold `@State` and read the environment).
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view the modifier makes.
    associatedtype Body: View
    /// The view the modifier is applied to, as `body(content:)` sees it.
    typealias Content = _ViewModifier_Content<Self>
    /// The view the modifier makes from `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier is applied to, as its body sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let make: @MainActor (EnvironmentValues) -> ViewNode
    public typealias Body = Never
}

extension _ViewModifier_Content: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode { make(environment) }
}

extension View {
    /// Applies a modifier to the view.
    public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// This modifier followed by `modifier`.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    /// The content with the first modifier applied, then the second.
    public func body(content: _ViewModifier_Content<Self>) -> some View {
        let first = self.content, second = self.modifier
        return content.modifier(first).modifier(second)
    }
}
