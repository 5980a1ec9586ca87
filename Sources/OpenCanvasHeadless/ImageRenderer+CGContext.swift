import Foundation
import OpenCanvasDrawing
import OpenCanvasViews

extension ImageRenderer {
    /// Renders the view, then hands `renderer` its size and a function that draws
    /// the rendering into a `CGContext`, as SwiftUI does; the context has Core
    /// Graphics' bottom-left origin, y up, `rasterizationScale` pixels per point.
    /// The function draws into the context it is given (a bitmap context, or one
    /// passed in by the caller).
    public func render(rasterizationScale: CGFloat = 1, renderer: (CGSize, (CGContext) -> Void) -> Void) {
        var environment = EnvironmentValues()
        environment.displayScale = rasterizationScale
        environment.surfaceColorMode = colorMode
        environment.colorScheme = colorScheme
        let (root, size) = ViewTree.layOutOnce(content, proposal: proposedSize, environment: environment)
        renderer(size) { cg in
            // The view is drawn in its y-down coordinates: flip the context's y-up space.
            cg.saveGState()
            cg.translateBy(x: 0, y: size.height)
            cg.scaleBy(x: 1, y: -1)
            cg.drawNodes(root, environment: environment)
            cg.restoreGState()
        }
    }
}

extension CGContext {
    /// Draws laid-out views (root coordinates, y down) under the current state.
    @MainActor
    func drawNodes(_ root: ViewNode, environment: EnvironmentValues) {
        guard let g = paintTarget() else { return }
        var rc = RenderContext(recorder: g.recorder, environment: environment)
        rc.layer = g.layer
        rc.clip = g.clipNode
        rc.transform = CGAffineTransform(g.rootTransform)
        root.render(in: rc)
    }
}
