import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasEffects
#if canImport(Glibc)
import Glibc
#endif

/// A recording of drawing: what `GraphicsContext` produces and the renderer
/// consumes. Plain data (values only, no closures), so it can be inspected by tests,
/// replayed, split into tiles or exported later.
///
/// Drawing goes into layers: layer 0 is the surface itself; `drawLayer`,
/// `clipToLayer` and colour-mode canvases record into further layers, which an
/// item of the parent layer composites (or a clip node uses as a mask). Each layer
/// keeps its items in drawing order. Clips and filters are trees of nodes shared by
/// the items that use them (an item names its innermost node).
///
/// Geometry is in user space with the transform that was current when it was drawn;
/// the device transform (points to pixels) is applied by the renderer.
public struct DisplayList: Sendable {
    public var layers: [Layer] = [Layer()]
    public var clips: [ClipNode] = []
    public internal(set) var filters: [FilterNode] = []
    /// Whether a filter of the list can raise faint alpha until it shows (an alpha
    /// threshold, or a colour matrix whose alpha row reads colour, gains above 1 or
    /// adds an offset: `ColorMatrix.raisesFaintAlpha`). Blurs and shadows then keep
    /// results too faint to show by themselves instead of leaving them out, and
    /// wide ones draw their input in full rather than at reduced resolution: such a
    /// filter may be applied to them, here or around a layer holding them.
    public internal(set) var hasAlphaRaisingFilter = false
    /// Links drawn (text with a `link` attribute): where they are and where they
    /// lead. Pixels ignore them; vector output writes them as link annotations.
    public var links: [Link] = []

    /// A rectangle of the root space that opens `url`.
    public struct Link: Sendable, Hashable {
        public var rect: Rect
        public var url: String
        public init(rect: Rect, url: String) { self.rect = rect; self.url = url }
    }

    public init() {}

    /// The items of the root layer.
    public var items: [DrawItem] {
        get { layers[0].items }
        set { layers[0].items = newValue }
    }

    public var isEmpty: Bool { layers.allSatisfy { $0.items.isEmpty } }

    /// Empties the list, keeping the root layer's storage (a list reused frame after
    /// frame then allocates nothing: growing a large item array afresh each frame
    /// costs page faults that dominate small shapes).
    public mutating func removeAll() {
        if layers.count > 1 { layers.removeSubrange(1...) }
        layers[0].items.removeAll(keepingCapacity: true)
        layers[0].colorMode = nil
        clips.removeAll(keepingCapacity: true)
        filters.removeAll(keepingCapacity: true)
        hasAlphaRaisingFilter = false
        links.removeAll(keepingCapacity: true)
    }

    /// Adds a clip node and returns its index.
    public mutating func addClip(_ node: ClipNode) -> Int32 {
        clips.append(node)
        return Int32(clips.count - 1)
    }

    /// Adds a filter node and returns its index.
    public mutating func addFilter(_ node: FilterNode) -> Int32 {
        filters.append(node)
        if node.effect.raisesFaintAlpha { hasAlphaRaisingFilter = true }
        return Int32(filters.count - 1)
    }

    /// Adds an empty layer and returns its index.
    public mutating func addLayer(colorMode: ColorMode? = nil) -> Int32 {
        layers.append(Layer(colorMode: colorMode))
        return Int32(layers.count - 1)
    }

    /// Appends an item to a layer.
    @inlinable
    public mutating func append(_ item: consuming DrawItem, to layer: Int32 = 0) {
        layers[Int(layer)].items.append(item)
    }

    public struct Layer: Sendable {
        public var items: [DrawItem] = []
        /// The layer's own working space, or `nil` to use its parent's.
        public var colorMode: ColorMode?
        public init(items: [DrawItem] = [], colorMode: ColorMode? = nil) {
            self.items = items; self.colorMode = colorMode
        }
    }
}

/// The colour space and precision that drawing is composited in.
public enum ColorMode: Sendable, Hashable {
    /// 8-bit sRGB-encoded values, blended as encoded (Core Graphics' default).
    case nonLinear
    /// Floating point in linear light, clamped to 0…1 after each operation.
    case linear
    /// Floating point in linear light, values outside 0…1 kept.
    case extendedLinear
}

/// The shape of something drawn. The special cases avoid building path storage for
/// the shapes drawn most (and let the renderer take faster routes for them).
public enum Geometry: Sendable, Hashable {
    case rect(Rect)
    case ellipse(Rect)
    case roundedRect(Rect, CornerRadii, CornerStyle)
    /// One straight line (an open subpath of two points): a path's commonest
    /// shape, kept without element storage.
    case line(Point, Point)
    case path(PathData)
    /// Glyphs of text (drawn from the renderer's glyph cache where it can).
    case glyphs(GlyphRunGeometry)

    /// The geometry as path storage.
    public var pathData: PathData {
        switch self {
        case .rect(let r):
            var p = PathData(); p.addRect(r); return p
        case .ellipse(let r):
            var p = PathData(); p.addEllipse(in: r); return p
        case .roundedRect(let r, let radii, let style):
            var p = PathData(); p.addRoundedRect(r, radii: radii, style: style); return p
        case .line(let a, let b):
            var p = PathData(); p.move(to: a); p.line(to: b); return p
        case .path(let p):
            return p
        case .glyphs(let g):
            return g.pathData
        }
    }

    /// A conservative bounding box (control points included).
    public var controlBounds: Rect {
        switch self {
        case .rect(let r), .ellipse(let r), .roundedRect(let r, _, _): return r
        case .line(let a, let b):
            return Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
        case .path(let p): return p.controlBounds
        case .glyphs(let g): return g.bounds
        }
    }

    public var isEmptyPath: Bool {
        if case .path(let p) = self { return p.isEmpty }
        if case .glyphs(let g) = self { return g.isEmpty }
        return false
    }

    /// Sends the outline to a sink, mapped through `t`.
    @inlinable
    public func replay<S: PathSink>(into sink: inout S, transform t: Transform) {
        switch self {
        case .rect(let r): ShapeOutline.rect(r, transform: t, into: &sink)
        case .ellipse(let r): ShapeOutline.ellipse(in: r, transform: t, into: &sink)
        case .roundedRect(let r, let radii, let style):
            ShapeOutline.roundedRect(r, radii: radii, style: style, transform: t, into: &sink)
        case .line(let a, let b):
            sink.move(to: t.apply(a))
            sink.line(to: t.apply(b))
        case .path(let p): p.replay(into: &sink, transform: t)
        case .glyphs(let g): g.replay(into: &sink, transform: t)
        }
    }
}

/// What fills the covered pixels.
public enum Paint: Sendable {
    case solid(RGBA)
    case gradient(GradientPaint)
    case image(ImagePaint)
}

/// A gradient: colours, geometry in its own space, and the map from that space to
/// user space (identity for `GraphicsContext`'s gradients; the unit square onto the
/// drawn shape's bounds for `ShapeStyle` gradients). Immutable, and a class so that
/// a `Paint` (and every `DrawItem`) stays small and cheap to copy.
public final class GradientPaint: Sendable {
    public let colors: GradientColors
    public let geometry: GradientGeometry
    public let extend: GradientExtend
    public let transform: Transform

    public init(colors: GradientColors, geometry: GradientGeometry, extend: GradientExtend = .pad,
                transform: Transform = .identity) {
        self.colors = colors; self.geometry = geometry; self.extend = extend; self.transform = transform
    }
}

/// An image as a paint: its pixels (with their halved levels), the part of them
/// used, the map from image pixels to user space, how it is sampled, and an
/// optional tint (a template image: the tint's colour with the image's alpha).
/// Immutable (a class, as `GradientPaint`).
public final class ImagePaint: @unchecked Sendable {
    /// How an image is sampled.
    public enum Quality: Sendable, Hashable {
        /// The nearest pixel (`Image.Interpolation.none`).
        case nearest
        /// Bilinear between the four nearest pixels (`.low`).
        case bilinear
        /// Bilinear, from a halved level when drawn at less than half size (`.medium`).
        case smooth
        /// Bicubic (Catmull–Rom), from a halved level when drawn small (`.high`).
        case best
    }

    public let levels: ImageLevels
    public let source: PixelRect
    public let transform: Transform
    public let wrap: ImageShader.Wrap
    public let quality: Quality
    public let tint: RGBA?
    /// Whether a minified image samples the levels averaged in linear light
    /// (`ImageLevels.linearLevel`): set only by `averaged(linearLight:)`.
    let levelsInLinearLight: Bool

    public var pixels: Pixmap { levels.base }

    public init(levels: ImageLevels, source: PixelRect, transform: Transform, wrap: ImageShader.Wrap,
                quality: Quality = .smooth, tint: RGBA? = nil) {
        self.levels = levels; self.source = source; self.transform = transform; self.wrap = wrap
        self.quality = quality; self.tint = tint
        levelsInLinearLight = false
    }

    private init(_ p: ImagePaint, levelsInLinearLight: Bool) {
        levels = p.levels; source = p.source; transform = p.transform; wrap = p.wrap; quality = .smooth; tint = p.tint
        self.levelsInLinearLight = levelsInLinearLight
    }

    public convenience init(pixels: Pixmap, source: PixelRect, transform: Transform, wrap: ImageShader.Wrap) {
        self.init(levels: ImageLevels(pixels), source: source, transform: transform, wrap: wrap)
    }

    /// The paint sampled as `.smooth` (a halved level near the drawn size, bilinear):
    /// how an image is drawn into a wide blur's reduced-resolution input, whose
    /// pixels stand for block averages (`Renderer.evaluateReduced`). A sparse sample
    /// of an image's pixels would not be their average, and bicubic detail is
    /// blurred away. With `linearLight` the levels are averaged in linear light, and
    /// one is used from a halving on (a block of 2 × 2 pixels then reads one pixel of
    /// the first level, their linear average, where bilinear sampling of the image
    /// would average their encoded values).
    func averaged(linearLight: Bool) -> ImagePaint {
        quality == .smooth && levelsInLinearLight == linearLight ? self : ImagePaint(self, levelsInLinearLight: linearLight)
    }

    /// The pixmap, source rectangle and image-to-device map to sample for a drawing
    /// under `t` (user to device), and the filter: a halved level when the image is
    /// drawn at under half its size and the quality allows it.
    func sampling(_ t: Transform) -> (Pixmap, PixelRect, Transform, ImageShader.Filter) {
        let map = transform.concatenating(t)
        let filter: ImageShader.Filter
        switch quality {
        case .nearest: filter = .nearest
        case .bilinear, .smooth: filter = .bilinear
        case .best: filter = .bicubic
        }
        guard quality == .smooth || quality == .best else { return (levels.base, source, map, filter) }
        let scale = abs(map.determinant).squareRoot()      // device pixels per image pixel
        guard scale.isFinite, scale > 0, levelsInLinearLight ? scale <= 0.5 : scale < 0.5 else {
            return (levels.base, source, map, filter)
        }
        let ratio = 1 / scale                               // image pixels per device pixel, ≥ 2
        let wanted = min(ratio.isFinite ? Int(log2(ratio).rounded(.down)) : 16, levels.levelCount - 1, 16)
        guard wanted >= 1 else { return (levels.base, source, map, filter) }
        // The level made may be shallower than the one wanted (a halving without memory).
        let (pixmap, level) = levels.nearestLevel(wanted, linearLight: levelsInLinearLight)
        guard level >= 1 else { return (levels.base, source, map, filter) }
        let f = Double(1 << level)
        let src = PixelRect(x0: source.x0 >> level, y0: source.y0 >> level,
                            x1: max((source.x1 + (1 << level) - 1) >> level, (source.x0 >> level) + 1),
                            y1: max((source.y1 + (1 << level) - 1) >> level, (source.y0 >> level) + 1))
        return (pixmap, src, Transform.scale(f, f).concatenating(map), filter)
    }
}

public struct DrawItem: Sendable {
    public enum Operation: Sendable {
        case fill(FillRule, antialiased: Bool)
        case stroke(StrokeParameters, antialiased: Bool)
    }

    /// What a shape item draws: its geometry, filled or stroked. (One struct as
    /// the case's payload, not two values: a payload of two is a tuple, and
    /// copying it went through the runtime's generic tuple metadata, several
    /// hundred instructions a copy, several copies an item each frame.)
    public struct Shape: Sendable {
        /// The outline.
        public var geometry: Geometry
        /// Filled (with a rule) or stroked (with a style).
        public var operation: Operation

        /// `geometry`, filled or stroked as `operation` says.
        @inlinable
        public init(_ geometry: consuming Geometry, _ operation: consuming Operation) {
            self.geometry = geometry
            self.operation = operation
        }
    }

    public enum Content: Sendable {
        /// A filled or stroked shape, painted with `paint`.
        case shape(Shape)
        /// Another layer of the list, composited as one unit.
        case layer(Int32)
    }

    /// What the item draws: its shape, unless `layer` names a layer.
    ///
    /// Stored as two fields rather than as the `Content` enum: the renderer reads
    /// an item's shape in place through a pointer to the item, where matching the
    /// enum's case copied the shape out (retaining what it holds), at every pass
    /// over the list — several passes a frame.
    public var shape: Shape
    /// The layer this item composites as one unit, or −1 for a shape item.
    public var layer: Int32
    public var transform: Transform
    public var paint: Paint
    public var blendMode: BlendMode
    /// Multiplies the source's alpha (group-free: each item on its own).
    public var opacity: Double
    /// Index of the innermost clip node in `DisplayList.clips`, or −1.
    public var clip: Int32
    /// Index of the last filter added (the first applied) in `DisplayList.filters`, or −1.
    public var filter: Int32

    /// The placeholder shape of a layer item (never drawn).
    @usableFromInline static let noShape = Shape(.rect(Rect(x: 0, y: 0, width: 0, height: 0)),
                                                 .fill(.nonZero, antialiased: false))

    /// What the item draws, as one value (a copy of the shape, for a shape item).
    public var content: Content {
        get { layer >= 0 ? .layer(layer) : .shape(shape) }
        set { (shape, layer) = DrawItem.fields(of: newValue) }
    }

    /// `content` as the stored fields. A layer item keeps a placeholder shape, and
    /// a negative layer id (no layer, drawn as nothing) is kept out of the shape
    /// items' −1 as `.max`.
    @inlinable
    static func fields(of content: consuming Content) -> (Shape, Int32) {
        switch consume content {
        case .shape(let s): return (s, -1)
        case .layer(let id): return (DrawItem.noShape, id >= 0 ? id : .max)
        }
    }

    /// Whether the item draws a shape (not a layer).
    @inlinable public var isShape: Bool { layer < 0 }

    /// The rectangle and anti-aliasing of a rectangle fill (any fill rule), read
    /// without copying the item's shape.
    @inline(__always)
    public var filledRect: (Rect, Bool)? {
        guard layer < 0, case .rect(let r) = shape.geometry, case .fill(_, let aa) = shape.operation else { return nil }
        return (r, aa)
    }

    @inlinable
    public init(content: consuming Content, transform: Transform, paint: Paint = .solid(.transparent),
                blendMode: BlendMode = .normal, opacity: Double = 1, clip: Int32 = -1, filter: Int32 = -1) {
        (shape, layer) = DrawItem.fields(of: content)
        self.transform = transform; self.paint = paint
        self.blendMode = blendMode; self.opacity = opacity; self.clip = clip; self.filter = filter
    }

    /// A shape item.
    @inlinable
    public init(geometry: Geometry, transform: Transform, operation: Operation, paint: Paint,
                blendMode: BlendMode = .normal, opacity: Double = 1, clip: Int32, filter: Int32 = -1) {
        shape = Shape(geometry, operation); layer = -1
        self.transform = transform; self.paint = paint
        self.blendMode = blendMode; self.opacity = opacity; self.clip = clip; self.filter = filter
    }
}

/// One clip shape; the effective clip is the intersection of a node and its parents.
public struct ClipNode: Sendable {
    public enum Shape: Sendable {
        /// A path rasterized with a fill rule.
        case path(Geometry, FillRule, antialiased: Bool)
        /// The alpha of what a layer draws, times `opacity` (`clipToLayer`).
        case layer(Int32, opacity: Double)
    }

    public var parent: Int32
    public var shape: Shape
    public var transform: Transform
    /// Clip to the outside of the shape (coverage 1 − c).
    public var inverse: Bool

    public init(parent: Int32, shape: Shape, transform: Transform, inverse: Bool = false) {
        self.parent = parent; self.shape = shape; self.transform = transform; self.inverse = inverse
    }

    public init(parent: Int32, geometry: Geometry, transform: Transform, rule: FillRule, antialiased: Bool,
                inverse: Bool = false) {
        self.init(parent: parent, shape: .path(geometry, rule, antialiased: antialiased), transform: transform,
                  inverse: inverse)
    }
}

/// One filter; an item's filters are a chain of nodes from the last added (applied
/// first, closest to the drawing) to the first added (applied last).
public struct FilterNode: Sendable {
    public var parent: Int32
    public var effect: FilterEffect
    /// User space to the recording's root space when the filter was added: lengths
    /// (radii, offsets) and projections are in that space.
    public var transform: Transform
    /// Run the filter's arithmetic in linear light (`FilterOptions.linearColor`).
    public var linearColor: Bool

    public init(parent: Int32, effect: FilterEffect, transform: Transform, linearColor: Bool = false) {
        self.parent = parent; self.effect = effect; self.transform = transform; self.linearColor = linearColor
    }
}

public enum FilterEffect: Sendable {
    case colorMatrix(ColorMatrix)
    case alphaThreshold(min: Double, max: Double, color: RGBA)
    /// `radius` is the Gaussian standard deviation in user units.
    case blur(radius: Double, opaque: Bool, dithers: Bool)
    case shadow(ShadowEffect)
    /// A projective transform of user space applied to the rasterized drawing.
    case projection(Projection)

    /// Whether the filter can make alpha far below an 8-bit level show.
    var raisesFaintAlpha: Bool {
        switch self {
        case .alphaThreshold: return true
        case .colorMatrix(let m): return m.raisesFaintAlpha
        case .blur, .shadow, .projection: return false
        }
    }
}

/// `GraphicsContext.Filter.shadow` in user units.
public struct ShadowEffect: Sendable {
    public var color: RGBA
    public var radius: Double
    public var offset: Point
    public var blendMode: BlendMode
    public var above: Bool
    public var only: Bool
    public var invertsAlpha: Bool
    public var disablesGroup: Bool

    public init(color: RGBA, radius: Double, offset: Point, blendMode: BlendMode = .normal, above: Bool = false,
                only: Bool = false, invertsAlpha: Bool = false, disablesGroup: Bool = false) {
        self.color = color; self.radius = radius; self.offset = offset; self.blendMode = blendMode
        self.above = above; self.only = only; self.invertsAlpha = invertsAlpha; self.disablesGroup = disablesGroup
    }
}
