/// Where the colour of each covered pixel comes from, ready for an 8-bit target:
/// premultiplied sRGB-encoded values with the drawing's opacity already applied.
public enum PaintSource {
    case solid(PremultipliedColor)
    /// A gradient: the shader maps pixels to indices into `table`.
    case gradient(GradientShader, table: [UInt32])
    case image(ImageShader)
    /// The pixels of another pixmap (a layer): target pixel `(x, y)` reads
    /// `pixmap(x − originX, y − originY)`, transparent outside it; `opacity` (0…255)
    /// multiplies every pixel.
    case pixmap(Pixmap, originX: Int, originY: Int, opacity: UInt8)

    /// True when the source is transparent everywhere.
    public var isInvisible: Bool {
        switch self {
        case .solid(let c): return c.packed == 0
        case .gradient(_, let table): return table.allSatisfy { $0 == 0 }
        case .image(let s): return s.opacity == 0
        case .pixmap(_, _, _, let opacity): return opacity == 0
        }
    }
}

/// The same for a floating-point (linear-light) target.
public enum FloatPaintSource {
    case solid(SIMD4<Float>)
    case gradient(GradientShader, table: [SIMD4<Float>])
    /// An 8-bit image, decoded to linear light as it is sampled.
    case image(ImageShader)
    case pixmap(FloatPixmap, originX: Int, originY: Int, opacity: Float)

    public var isInvisible: Bool {
        switch self {
        case .solid(let c): return c == .zero
        case .gradient(_, let table): return table.allSatisfy { $0 == .zero }
        case .image(let s): return s.opacity == 0
        case .pixmap(_, _, _, let opacity): return opacity == 0
        }
    }
}
