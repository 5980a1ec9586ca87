import Foundation
import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasRender

/// An immediate-mode drawing destination, and its current state.
///
/// A value type: copying a context copies its state (transform, opacity, blend
/// mode, clips, filters), while every copy draws into the same layer. State changes
/// affect only what is drawn after them. Every drawing call records one item in a
/// plain-data display list (`DisplayList`), which the renderer turns into pixels.
///
/// Bad input is ignored, never trapped on: a non-finite transform, opacity or
/// coordinate leaves the state or the drawing unchanged (and counts a diagnostic in
/// `OpenCanvasDiagnostics`); the rest of the frame is drawn.
public struct GraphicsContext {
    /// The recording that every copy of a context appends to.
    package final class Recorder {
        // Unchecked: one recorder belongs to one drawing at a time, and the dynamic
        // exclusivity check on this class property cost a tenth of recording a
        // small shape.
        @exclusivity(unchecked) package var list = DisplayList()
        /// Set by a canvas with `rendersAsynchronously`: the window host may
        /// rasterize this recording off the main thread.
        package var allowsAsynchronousRasterizing = false
        /// The plain labels of this recorder's last recording, in the order they
        /// were drawn, with their layouts. A recording that draws the same labels
        /// again (a canvas's next frame) finds each one's layout here by its place
        /// in that order, comparing its span and options, without searching the
        /// shared layout cache or taking its lock.
        @exclusivity(unchecked) var labels: [LabelMemo] = []
        /// How many plain labels this recording has drawn so far.
        @exclusivity(unchecked) var labelCount = 0
        /// The last label laid out past `labelLimit`, held while it is drawn.
        var missed: LaidOutText?
        /// The most labels remembered (a recorder never restarted stops adding).
        static let labelLimit = 1 << 14
        package init() {}

        /// Empties the list for a new recording of the same drawing.
        package func restart() {
            list.removeAll()
            restartLabels()
        }

        /// Starts the count of labels again, forgetting the labels past the last
        /// recording's (so a drawing that shrinks does not hold its old layouts).
        package func restartLabels() {
            if labelCount < labels.count { labels.removeSubrange(labelCount...) }
            labelCount = 0
        }
    }

    package let recorder: Recorder
    /// Maps the canvas's own space (origin at its top-left) into the recording's
    /// root space. Not part of the user-visible `transform`.
    let base: CGAffineTransform
    let canvasSize: CGSize
    /// The environment values the canvas is drawn with (colour scheme, display
    /// scale, fonts, …).
    public private(set) var environment: EnvironmentValues

    /// The layer this context draws into (0: the canvas's surface).
    package let layer: Int32
    /// How many `drawLayer`/`clipToLayer` closures this context is inside.
    let layerDepth: Int

    private var userTransform = CGAffineTransform.identity
    private var userOpacity = 1.0
    private var blend = BlendMode.normal
    package var clipNode: Int32
    /// Intersection of the clip shapes' bounding boxes, in the canvas's space.
    var clipRect: CGRect
    var filterNode: Int32 = -1
    var filterCount = 0
    /// The canvas's symbols, rendered for this render (`resolveSymbol(id:)`).
    package var symbols: SymbolTable? = nil

    package init(recorder: Recorder, base: CGAffineTransform, size: CGSize, environment: EnvironmentValues,
         clip: Int32 = -1, layer: Int32 = 0, layerDepth: Int = 0) {
        self.recorder = recorder
        self.base = base
        self.canvasSize = size
        self.environment = environment
        self.clipNode = clip
        self.clipRect = CGRect(origin: .zero, size: size)
        self.layer = layer
        self.layerDepth = layerDepth
    }

    // MARK: State

    /// Multiplies the opacity of everything drawn later. Values are clamped to 0…1;
    /// NaN is ignored.
    public var opacity: Double {
        get { userOpacity }
        set {
            guard !newValue.isNaN else { return Diagnostics.report(.nonFiniteValue) }
            userOpacity = min(max(newValue, 0), 1)
        }
    }

    /// How later drawing combines with what is already drawn. A value that is not
    /// one of the defined modes (a raw value from elsewhere) is ignored.
    public var blendMode: BlendMode {
        get { blend }
        set {
            guard newValue.engine != nil else { return Diagnostics.report(.invalidValue) }
            blend = newValue
        }
    }

    /// The current transform: user space to the canvas's space. A non-finite value
    /// is ignored.
    public var transform: CGAffineTransform {
        get { userTransform }
        set {
            guard newValue.isFiniteTransform else { return Diagnostics.report(.nonFiniteTransform) }
            userTransform = newValue
        }
    }

    /// The bounding box of the intersection of all clip shapes, in user space.
    public var clipBoundingRect: CGRect {
        let det = userTransform.a * userTransform.d - userTransform.b * userTransform.c
        guard det != 0, det.isFinite else { return .null }
        return clipRect.applying(userTransform.inverted())
    }

    /// Moves the origin of user space by (`x`, `y`). Non-finite values are ignored.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        guard x.isFinite, y.isFinite else { return Diagnostics.report(.nonFiniteTransform) }
        transform = userTransform.translatedBy(x: x, y: y)
    }

    /// Scales user space by `x` horizontally and `y` vertically. Non-finite values
    /// are ignored.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        guard x.isFinite, y.isFinite else { return Diagnostics.report(.nonFiniteTransform) }
        transform = userTransform.scaledBy(x: x, y: y)
    }

    /// Rotates user space; a positive angle turns clockwise on screen.
    public mutating func rotate(by angle: Angle) {
        guard angle.radians.isFinite else { return Diagnostics.report(.nonFiniteTransform) }
        transform = userTransform.rotated(by: angle.radians)
    }

    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        guard matrix.isFiniteTransform else { return Diagnostics.report(.nonFiniteTransform) }
        transform = matrix.concatenating(userTransform)
    }

    /// User space to the recording's root space.
    package var rootTransform: Transform { userTransform.concatenating(base).engine }

    // MARK: Clipping

    /// Options for clip shapes.
    @frozen
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Clip to the outside of the shape (1 − coverage) instead of the inside.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Intersects the clip with `path`, rasterized with `style`. Affects only what is
    /// drawn later, and only in this copy of the context.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        let inverse = options.contains(.inverse)
        let node = ClipNode(parent: clipNode, geometry: path.geometry, transform: rootTransform,
                            rule: style.isEOFilled ? .evenOdd : .nonZero, antialiased: style.isAntialiased,
                            inverse: inverse)
        clipNode = recorder.list.addClip(node)
        if !inverse {
            let bounds = path.isEmpty ? CGRect.zero : path.boundingRect.applying(userTransform)
            // A shape whose bounds are not finite under the transform is not drawn by
            // the renderer, so it clips everything away. (Foundation's `intersection`
            // traps on such rectangles.)
            let finite = bounds.origin.x.isFinite && bounds.origin.y.isFinite
                && bounds.size.width.isFinite && bounds.size.height.isFinite
            clipRect = finite ? clipRect.intersection(bounds) : .zero
            if clipRect.isNull { clipRect = .zero }
        }
    }

    // MARK: Drawing paths

    /// Fills the region enclosed by `path` (every subpath closed) with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        guard !path.isEmpty else { return }
        record(path.geometry, .fill(style.isEOFilled ? .evenOdd : .nonZero, antialiased: style.isAntialiased),
               shading, bounds: GraphicsContext.layoutBounds(path, shading))
    }

    /// Strokes `path` with `style`. A NaN, infinite or negative width or miter limit
    /// is ignored (the default is kept, and the case counted); a dash pattern with a
    /// bad entry draws solid.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard !path.isEmpty, let p = GraphicsContext.strokeParameters(style) else { return }
        record(path.geometry, .stroke(p, antialiased: true), shading, bounds: GraphicsContext.layoutBounds(path, shading))
    }

    /// The box a shading is laid out in (a `ShapeStyle` gradient's unit square maps
    /// onto it): the path's bounds, except for a solid colour, which needs none —
    /// a path's tight bounds cost a pass over its points.
    @inline(__always)
    static func layoutBounds(_ path: Path, _ shading: Shading) -> CGRect {
        shading.solid != nil ? .zero : path.boundingRect
    }

    /// The engine's stroke parameters for a style, with bad values replaced by the
    /// defaults (and counted).
    static func strokeParameters(_ style: StrokeStyle) -> StrokeParameters? {
        var p = StrokeParameters()
        if style.lineWidth.isFinite && style.lineWidth >= 0 {
            p.width = Double(style.lineWidth)
        } else {
            Diagnostics.report(.nonFiniteValue)     // keep the default width
        }
        switch style.lineCap {
        case .butt: p.cap = .butt
        case .round: p.cap = .round
        case .square: p.cap = .square
        }
        switch style.lineJoin {
        case .miter: p.join = .miter
        case .round: p.join = .round
        case .bevel: p.join = .bevel
        }
        if style.miterLimit.isFinite && style.miterLimit > 0 {
            p.miterLimit = Double(style.miterLimit)
        } else {
            Diagnostics.report(.nonFiniteValue)
        }
        p.dash = style.dash.map(Double.init)
        p.dashPhase = style.dashPhase.isFinite ? Double(style.dashPhase) : 0
        return p
    }

    /// Strokes `path` with a line `lineWidth` wide and the other `StrokeStyle` defaults.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Records a shape painted with `shading`; `bounds` (user space) is the
    /// rectangle unit-space styles map onto.
    func record(_ geometry: consuming Geometry, _ operation: consuming DrawItem.Operation, _ shading: Shading,
                bounds: CGRect) {
        let paint: Paint, mode: CanvasPaint.BlendMode, opacity: Double
        if let c = shading.solid?.components(environment.colorScheme),
           c.opacity > 0, c.red.isFinite, c.green.isFinite, c.blue.isFinite {
            // The common case, a visible colour, without the general resolution.
            paint = .solid(RGBA(r: c.red, g: c.green, b: c.blue, a: min(c.opacity, 1)))
            mode = blend.engine ?? .normal
            opacity = userOpacity
        } else if let resolved = resolvePaint(shading, bounds: bounds) {
            paint = resolved.paint
            mode = (resolved.blendMode ?? blend).engine ?? .normal
            opacity = userOpacity * resolved.opacity
        } else if let clearing = blend.engine, !clearing.transparentSourceKeepsDestination {
            // Nothing visible to draw; the clearing modes still clear under the shape.
            paint = .solid(.transparent)
            mode = clearing
            opacity = 1
        } else {
            return
        }
        // One use of the shape: it moves into the item rather than being copied.
        append(.shape(DrawItem.Shape(consume geometry, consume operation)), paint: paint, blendMode: mode, opacity: opacity)
    }

    func append(_ content: consuming DrawItem.Content, paint: consuming Paint, blendMode: CanvasPaint.BlendMode,
                opacity: Double) {
        recorder.list.append(DrawItem(content: content, transform: rootTransform, paint: paint, blendMode: blendMode,
                                      opacity: opacity, clip: clipNode, filter: filterNode), to: layer)
    }
}
