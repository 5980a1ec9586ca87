import CanvasGeometry
import CanvasPaint
import CanvasEffects

/// One filter of a drawing, converted to a pass's pixels. The filter pipeline
/// (`Renderer.drawFiltered`) knows nothing of particular filters: it asks each stage
/// where its output can be non-transparent, and for its output over a region,
/// handing it the previous stage's output over whatever region it needs. A new
/// filter is a `FilterEffect` case (the display list's data), a stage file here,
/// and one line in `FilterEffect.stage`.
protocol FilterStage {
    /// Where the output can be non-transparent when the input is transparent
    /// outside `input` (`nil`: anywhere, e.g. a colour matrix that adds alpha).
    func support(ofInput input: PixelRect) -> PixelRect?

    /// The output over `area`. `input(region)` is the previous stage's output over
    /// `region` (`nil` when memory ran out; then so is this). Pixels outside the
    /// returned plane are transparent.
    func apply(over area: PixelRect, input: FilterInput, _ context: FilterContext) -> Plane?

    /// Whether the result, when this is the last stage, is dithered on its way to
    /// 8-bit pixels.
    var dithersResult: Bool { get }
}

extension FilterStage {
    var dithersResult: Bool { false }
}

/// The previous stage's output (or the unfiltered drawing), computed on demand.
struct FilterInput {
    /// Where it can be non-transparent (`nil`: anywhere).
    let support: PixelRect?
    let evaluate: (PixelRect) -> Plane?
    let evaluateReduced: (PixelRect, Int, Bool) -> Plane?

    /// The input over `region` (`nil` when memory ran out).
    func callAsFunction(_ region: PixelRect) -> Plane? { evaluate(region) }

    /// The input's averages over `factor` × `factor` blocks of pixels
    /// (`GaussianBlur.blocks(covering:factor:)`) over `blocks`, a region of blocks;
    /// `nil` when memory ran out. What a blur wider than `GaussianBlur.downsampleAbove`
    /// reads. An unfiltered shape is drawn at the reduced resolution, k² times less
    /// work than drawing it whole and averaging; anything else is computed in full
    /// and averaged (`Renderer.evaluateReduced`). With `linear`, in an 8-bit pass, the
    /// averages are of the pixels converted to linear light.
    func reduced(blocks: PixelRect, factor: Int, linear: Bool) -> Plane? { evaluateReduced(blocks, factor, linear) }

    /// The part of `region` where the input can be non-transparent.
    func extent(of region: PixelRect) -> PixelRect { support.map { region.intersection($0) } ?? region }
}

/// What a stage may ask of the pass it runs in.
struct FilterContext {
    /// Whether the pass keeps values outside 0…1 (extended linear).
    let extended: Bool
    /// The pass's surface, in its pixels.
    let targetBounds: PixelRect
    /// The larger side of the render's root surface (a layer's pass may be small).
    let surfaceSide: Int
}

/// How a filter's lengths and colours reach the pass: its transform to device
/// pixels, and the pass's colour space.
struct FilterConversion {
    /// The filter's user space to the pass's pixels (finite).
    let toDevice: Transform
    /// The square root of `toDevice`'s determinant: how lengths scale.
    let scale: Double
    /// Whether the filter runs in linear light in an 8-bit pass.
    let linear: Bool
    /// Whether the pass is floating point (linear light already), and extended.
    let floatPass: Bool
    let extended: Bool
    /// Whether a blur or shadow whose result is too faint to show
    /// (`GaussianBlur.invisibleAlpha`) may be left out without rendering its input:
    /// not when a filter of the list can raise faint alpha
    /// (`DisplayList.hasAlphaRaisingFilter`).
    let leavesOutFaint: Bool

    /// Whether a wide blur or shadow may read its input's block averages drawn at
    /// reduced resolution (`FilterInput.reduced`: a shape is; a layer is drawn in
    /// full and averaged). Those are stored as any drawing is, coverage and colour
    /// rounded to 8 bits at the reduced pixel, so values far below a level are
    /// lost; that is invisible unless faint values can show: not when a filter of
    /// the list can raise faint alpha, nor in an extended pass, where colour is not
    /// bounded by alpha. There the input is drawn in full and averaged.
    var reducesWideInput: Bool { leavesOutFaint && !extended }

    /// A colour as premultiplied values in the pass's working space (linear light
    /// with `linear` or in a float pass; clamped to 0…1 unless extended).
    func workingColor(_ c: RGBA, linear: Bool) -> SIMD4<Float> {
        let a = Float(min(max(c.a, 0), 1))
        let v = floatPass || linear ? c.linearized : c
        var rgb = SIMD4<Float>(Float(v.r), Float(v.g), Float(v.b), 1)
        if !extended { rgb = rgb.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) }
        var out = rgb * a
        out.w = a
        return out
    }
}

extension FilterEffect {
    /// The stage that runs this filter in a pass, or `nil` when it cannot (a
    /// singular or non-finite transform).
    func stage(_ c: FilterConversion) -> (any FilterStage)? {
        switch self {
        case .colorMatrix(let m): return ColorMatrixStage(matrix: m, linear: c.linear)
        case .alphaThreshold(let lo, let hi, let color): return AlphaThresholdStage(lo, hi, color, c)
        case .blur(let radius, let opaque, let dithers): return BlurStage(radius, opaque: opaque, dithers: dithers, c)
        case .shadow(let s): return ShadowStage(s, c)
        case .projection(let p): return ProjectionStage(p, c)
        }
    }
}
