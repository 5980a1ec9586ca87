import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender

extension GraphicsContext {
    /// An image resolved against a context's environment: its size is known, and it
    /// can be drawn any number of times.
    public struct ResolvedImage {
        /// The image's size in points.
        public var size: CGSize
        /// The distance from the top to the baseline (the height, for images).
        public let baseline: CGFloat
        /// The fill of a template image (`.foreground` unless set); `nil` draws the
        /// image's own colours. Setting it on any image draws that image as a mask.
        public var shading: Shading?

        let image: Image
        let levels: ImageLevels?
        let pixelsPerPoint: Double
        var symbol: SymbolDrawing? = nil
    }

    /// Resolves `image` against this context's environment (its display scale picks
    /// the pixels of drawings and `@2x` files).
    public func resolve(_ image: Image) -> ResolvedImage {
        if let name = image.systemSymbolName {
            guard let symbol = SymbolDrawing(name: name, font: environment.font ?? .body) else {
                return ResolvedImage(size: .zero, baseline: 0, shading: .foreground, image: image, levels: nil,
                                     pixelsPerPoint: 1)
            }
            return ResolvedImage(size: symbol.size, baseline: symbol.baseline, shading: .foreground, image: image,
                                 levels: nil, pixelsPerPoint: 1, symbol: symbol)
        }
        guard let (levels, scale) = image.pixels(displayScale: environment.displayScale) else {
            return ResolvedImage(size: .zero, baseline: 0, shading: nil, image: image, levels: nil, pixelsPerPoint: 1)
        }
        let size = CGSize(width: Double(levels.base.width) / scale, height: Double(levels.base.height) / scale)
        return ResolvedImage(size: size, baseline: size.height,
                             shading: image.renderingMode == .template ? .foreground : nil,
                             image: image, levels: levels, pixelsPerPoint: scale)
    }

    /// Draws the image with `rect` (user space) as its frame: scaled to fill it; a
    /// resizable image with cap insets keeps its edges' size. `style` says whether
    /// the frame's edges are anti-aliased. An empty or non-finite rectangle draws
    /// nothing.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard rect.isFiniteRect else { return Diagnostics.report(.nonFiniteGeometry) }
        let r = rect.standardized
        let antialiased = style.isAntialiased && image.image.isAntialiased
        if let symbol = image.symbol {
            // A symbol is a vector template: its outline fills the frame.
            guard r.width > 0, r.height > 0 else { return }
            record(.path(symbol.outline(in: r)), .fill(.nonZero, antialiased: antialiased),
                   image.shading ?? .foreground, bounds: r)
            return
        }
        guard r.width > 0, r.height > 0, let levels = image.levels, image.size.width > 0, image.size.height > 0 else {
            return
        }
        // A template image with a colour: the colour with the image's alpha. Other
        // fills go through a clip layer made of the image.
        var tint: RGBA? = nil
        var tintOpacity = 1.0
        if let shading = image.shading {
            switch resolvePaint(shading, bounds: r) {
            case nil: return
            case .some(let resolved):
                if case .solid(let c) = resolved.paint, resolved.blendMode == nil {
                    tint = c
                    tintOpacity = resolved.opacity
                } else {
                    var masked = self
                    masked.clip(to: Path(r), style: FillStyle(antialiased: antialiased))
                    var plain = image
                    plain.shading = nil
                    masked.clipToLayer { $0.draw(plain, in: r, style: style) }
                    masked.fill(Path(r), with: shading)
                    return
                }
            }
        }
        for piece in pieces(image, in: r) {
            let paint = CanvasRender.ImagePaint(levels: levels, source: piece.source, transform: piece.map,
                                                wrap: piece.tiled ? .tile : .clamp, quality: image.image.quality,
                                                tint: tint)
            append(.shape(DrawItem.Shape(.rect(piece.frame.rect), .fill(.nonZero, antialiased: antialiased))), paint: .image(paint),
                   blendMode: blendMode.engine ?? .normal, opacity: opacity * tintOpacity)
        }
    }

    /// Draws the image at its own size with `anchor` (a unit point of the image)
    /// placed at `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        guard point.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        let origin = CGPoint(x: point.x - image.size.width * anchor.x, y: point.y - image.size.height * anchor.y)
        draw(image, in: CGRect(origin: origin, size: image.size))
    }

    /// Resolves and draws `image` in `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// Resolves and draws `image` with `anchor` placed at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }

    /// One part of an image drawn into a frame: its source pixels, its frame, and the
    /// map from image pixels to user space.
    private struct Piece {
        var source: PixelRect
        var frame: CGRect
        var map: Transform
        var tiled: Bool
    }

    /// The image scaled into `r`; or, resizable with cap insets, nine parts: corners
    /// at their own size, edges and middle stretched (or tiled) between them.
    private func pieces(_ image: ResolvedImage, in r: CGRect) -> [Piece] {
        guard let levels = image.levels else { return [] }
        let pw = Double(levels.base.width), ph = Double(levels.base.height), k = image.pixelsPerPoint
        guard let insets = image.image.capInsets,
              insets.top > 0 || insets.leading > 0 || insets.bottom > 0 || insets.trailing > 0 else {
            let map = Transform(a: Double(r.width) / pw, b: 0, c: 0, d: Double(r.height) / ph,
                                tx: Double(r.minX), ty: Double(r.minY))
            return [Piece(source: levels.base.bounds, frame: r, map: map, tiled: false)]
        }
        // Cuts in image pixels and in user space (edges shrink together when the
        // frame is smaller than the two insets).
        func cuts(_ a: CGFloat, _ b: CGFloat, pixels: Double, frame: Double) -> ([Double], [Double]) {
            let ia = max(0, min(Double(a) * k, pixels)), ib = max(0, min(Double(b) * k, pixels - ia))
            var fa = ia / k, fb = ib / k
            if fa + fb > frame, fa + fb > 0 { let s = frame / (fa + fb); fa *= s; fb *= s }
            return ([0, ia.rounded(), (pixels - ib).rounded(), pixels], [0, fa, frame - fb, frame])
        }
        let (sx, fx) = cuts(insets.leading, insets.trailing, pixels: pw, frame: Double(r.width))
        let (sy, fy) = cuts(insets.top, insets.bottom, pixels: ph, frame: Double(r.height))
        var out: [Piece] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let src = PixelRect(x0: Int(sx[i]), y0: Int(sy[j]), x1: Int(sx[i + 1]), y1: Int(sy[j + 1]))
                let frame = CGRect(x: Double(r.minX) + fx[i], y: Double(r.minY) + fy[j],
                                   width: fx[i + 1] - fx[i], height: fy[j + 1] - fy[j])
                guard !src.isEmpty, frame.width > 0, frame.height > 0 else { continue }
                let tiled = image.image.resizingMode == .tile && (i == 1 || j == 1)
                // Tiled parts keep the image's own scale; stretched ones fill their frame.
                let ax = tiled && i == 1 ? 1 / k : Double(frame.width) / Double(src.width)
                let ay = tiled && j == 1 ? 1 / k : Double(frame.height) / Double(src.height)
                let map = Transform(a: ax, b: 0, c: 0, d: ay, tx: Double(frame.minX) - Double(src.x0) * ax,
                                    ty: Double(frame.minY) - Double(src.y0) * ay)
                out.append(Piece(source: src, frame: frame, map: map, tiled: tiled))
            }
        }
        return out
    }
}

extension Image {
    /// The engine's sampling quality for the image's interpolation.
    var quality: CanvasRender.ImagePaint.Quality {
        switch interpolationMode {
        case .none: return .nearest
        case .low: return .bilinear
        case .medium: return .smooth
        case .high: return .best
        }
    }
}
