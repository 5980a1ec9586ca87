import Foundation
import CanvasGeometry
import CanvasRender

/// The symbols of a canvas for one render: each tagged child view of
/// `Canvas(…symbols:)` laid out at its ideal size and recorded once.
package final class SymbolTable {
    package var symbols: [AnyHashable: GraphicsContext.ResolvedSymbol] = [:]
    package init() {}
}

extension GraphicsContext {
    /// A canvas symbol, recorded once per canvas render: drawing it replays that
    /// recording — vectors stay vectors, so a scaled symbol stays sharp. Symbols are
    /// pictures: they take no part in hit testing or accessibility.
    public struct ResolvedSymbol {
        /// The symbol's ideal size, in points.
        public let size: CGSize
        let list: DisplayList

        package init(size: CGSize, list: DisplayList) {
            self.size = size
            self.list = list
        }
    }

    /// The symbol of the canvas's `symbols` tagged `id`, or `nil` when none is.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        symbols?.symbols[AnyHashable(id)]
    }

    /// Draws a symbol at its size with `anchor` (a unit point of it) at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        guard point.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        draw(symbol, in: CGRect(x: point.x - symbol.size.width * anchor.x, y: point.y - symbol.size.height * anchor.y,
                                width: symbol.size.width, height: symbol.size.height))
    }

    /// Draws a symbol scaled to fill `rect`, under this context's transform, clips,
    /// filters, opacity and blend mode (the last three apply to the symbol as one
    /// drawing).
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        guard rect.isFiniteRect else { return Diagnostics.report(.nonFiniteGeometry) }
        let r = rect.standardized
        guard symbol.size.width > 0, symbol.size.height > 0, r.width > 0, r.height > 0, !symbol.list.isEmpty else {
            return
        }
        let local = Transform(a: Double(r.width / symbol.size.width), b: 0, c: 0, d: Double(r.height / symbol.size.height),
                              tx: Double(r.minX), ty: Double(r.minY))
        if opacity == 1, blendMode == .normal, filterNode < 0 {
            recorder.list.merge(symbol.list, transform: local.concatenating(rootTransform), into: layer, clip: clipNode,
                                filter: -1)
        } else {
            // Faded, blended or filtered as one drawing: through a layer.
            drawLayer { inner in
                inner.recorder.list.merge(symbol.list, transform: local.concatenating(inner.rootTransform),
                                          into: inner.layer, clip: inner.clipNode, filter: -1)
            }
        }
    }
}
