import Foundation
import OpenCanvasDrawing

extension SymbolTable {
    /// Renders the tagged views found in a canvas's symbol tree: each view of the
    /// symbols builder's list — through tuples, `Group`, `ForEach`, conditionals,
    /// composed views' bodies and environment modifiers, as SwiftUI's view lists
    /// pass a view's tag through them — is a symbol when it carries a tag. Tags
    /// match as `AnyHashable` values; when two views carry one tag, the first is
    /// the symbol.
    @MainActor
    static func render(_ root: ViewNode, environment: EnvironmentValues) -> SymbolTable {
        let table = SymbolTable()
        func visit(_ node: ViewNode, _ environment: EnvironmentValues) {
            switch node {
            case let tagged as TagNode:
                guard table.symbols[tagged.tag] == nil else { return }
                let ideal = tagged.sizeThatFits(.unspecified)
                let size = CGSize(width: ideal.width.isFinite ? max(0, ideal.width) : 0,
                                  height: ideal.height.isFinite ? max(0, ideal.height) : 0)
                tagged.place(in: CGRect(origin: .zero, size: size))
                let recorder = GraphicsContext.Recorder()
                tagged.render(in: RenderContext(recorder: recorder, environment: environment))
                table.symbols[tagged.tag] = GraphicsContext.ResolvedSymbol(size: size, list: recorder.list)
            case let env as EnvironmentNode:
                // An environment modifier around several tagged views: each keeps it.
                var inner = environment
                env.write(&inner)
                visit(env.child, inner)
            case let transition as TransitionNode:
                visit(transition.child, environment)        // an inserted view's default fade
            case let identified as IdentifiedNode:
                visit(identified.child, environment)        // a ForEach element
            case let body as BodyNode:
                visit(body.child, environment)
            default:
                // Tuples, groups and ForEach: their views; a single view: itself.
                for child in node.flattened where child !== node { visit(child, environment) }
            }
        }
        visit(root, environment)
        return table
    }
}
