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
