import Foundation

extension GraphicsContext {
    /// Runs Core Graphics drawing code in this context: `content` gets a `CGContext`
    /// in the canvas's coordinate system (origin top-left, y down, this context's
    /// current transform), whose drawing is clipped, filtered, faded and blended
    /// as this context's own, in order with the surrounding calls. State the
    /// closure sets is discarded afterwards; the `CGContext` draws nothing once the
    /// closure has returned.
    public func withCGContext(content: (CGContext) throws -> Void) rethrows {
        let cg = CGContext(target: self, base: transform)
        defer { cg.isValid = false }
        try content(cg)
    }
}

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
        let root = makeNode(content, environment: environment)
        let size = root.measure(proposedSize)
        root.place(in: CGRect(origin: .zero, size: size))
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
