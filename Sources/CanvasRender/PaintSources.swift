import CanvasGeometry
import CanvasPaint

/// Turns a display-list paint into a compositor source for a target format:
/// gradients get a colour table sized for their on-screen length, images a shader
/// with the device mapping; the item's opacity is folded into the source.
enum PaintSources {
    /// A solid colour times an item's opacity (NaN as 0, clamped to 0…1), premultiplied
    /// and quantized for the 8-bit surface.
    @inline(__always)
    static func premultiplied(_ c: RGBA, opacity: Double) -> PremultipliedColor {
        PremultipliedColor(red: c.r, green: c.g, blue: c.b, alpha: c.a * clampedOpacity(opacity))
    }

    /// An item's opacity as a factor: NaN as 0, clamped to 0…1.
    @inline(__always)
    static func clampedOpacity(_ opacity: Double) -> Double { min(max(opacity.isNaN ? 0 : opacity, 0), 1) }

    /// `area` bounds the pixels that will be painted (it sizes conic gradients'
    /// tables by the circumference they sweep there).
    ///
    /// A gradient's table is written into `table` (the renderer's, reused from shape
    /// to shape: the source holds it only while it composites).
    static func rgba8(_ paint: Paint, userToDevice t: Transform, opacity: Double, area: PixelRect? = nil,
                      table: inout [UInt32]) -> PaintSource? {
        let alpha = clampedOpacity(opacity)
        switch paint {
        case .solid(let c):
            let color = PremultipliedColor(red: c.r, green: c.g, blue: c.b, alpha: c.a * alpha)
            return color.packed == 0 ? nil : .solid(color)
        case .gradient(let g):
            guard let (shader, count) = shader(g, t, area: area) else { return nil }
            GradientTable.rgba8(g.colors, count: count, opacity: alpha, into: &table)
            return .gradient(shader, table: table)
        case .image(let image):
            return imageShader(image, t, alpha).map { .image($0) }
        }
    }

    static func imageShader(_ image: ImagePaint, _ t: Transform, _ alpha: Double) -> ImageShader? {
        let (pixmap, source, map, filter) = image.sampling(t)
        let tint = image.tint.map { PremultipliedColor(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        return ImageShader(pixmap, source: source, imageToDevice: map, wrap: image.wrap, opacity: alpha, filter: filter,
                           tint: tint)
    }

    static func float(_ paint: Paint, userToDevice t: Transform, opacity: Double, extended: Bool,
                      area: PixelRect? = nil) -> FloatPaintSource? {
        let alpha = clampedOpacity(opacity)
        switch paint {
        case .solid(let c):
            let l = c.linearized
            var v = SIMD4<Float>(Float(l.r), Float(l.g), Float(l.b), 1)
            if !extended { v = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) }
            let a = Float(min(max(c.a, 0), 1) * alpha)
            v *= a
            v.w = a
            return a == 0 ? nil : .solid(v)
        case .gradient(let g):
            guard let (shader, count) = shader(g, t, area: area) else { return nil }
            return .gradient(shader, table: GradientTable.linearFloat(g.colors, count: count, opacity: alpha,
                                                                      extended: extended))
        case .image(let image):
            return imageShader(image, t, alpha).map { .image($0) }
        }
    }

    /// The shader of a gradient and the length of its table, or `nil` when it paints
    /// nothing.
    static func shader(_ g: GradientPaint, _ t: Transform, area: PixelRect? = nil) -> (GradientShader, Int)? {
        guard !g.colors.isEmpty, !g.colors.isInvisible else { return nil }
        let map = g.transform.concatenating(t)
        let scale = map.maxScale
        var length: Double
        switch g.geometry {
        case .linear(let s, let e): length = ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot() * scale
        case .radial(_, let r0, let r1): length = abs(r1 - r0) * scale
        case .conic(let center, _, _):
            // The circumference at the painted area's farthest corner (a full turn's
            // worth of the finest table when the area is unknown).
            length = Double(GradientTable.maximumCount)
            if let a = area, !a.isEmpty {
                let c = map.apply(center)
                var far = 0.0
                for (x, y) in [(a.x0, a.y0), (a.x1, a.y0), (a.x0, a.y1), (a.x1, a.y1)] {
                    far = max(far, ((Double(x) - c.x) * (Double(x) - c.x) + (Double(y) - c.y) * (Double(y) - c.y)).squareRoot())
                }
                if far.isFinite { length = 2 * .pi * far }
            }
        }
        let count = GradientTable.count(forLength: length)
        guard let shader = GradientShader(g.geometry, extend: g.extend, gradientToDevice: map, tableCount: count) else {
            return nil
        }
        return (shader, count)
    }
}
