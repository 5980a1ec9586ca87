import Foundation
import CanvasGeometry
import CanvasRender

#if !canImport(Darwin)   // Apple platforms have Core Graphics itself (our `CoreGraphics` module is for Linux)
/// A Core Graphics drawing context on Linux: Core Graphics' names and semantics
/// (a graphics-state stack, a current transformation matrix, a current path
/// built in device space, painting with fill and stroke state), drawing through
/// OpenCanvas's engine — into a canvas (`GraphicsContext.withCGContext`) or an
/// image (`ImageRenderer.render(rasterizationScale:renderer:)`).
///
/// Like Core Graphics: points of the current path are transformed by the CTM when
/// they are added; a stroke's width, dashes and the pen follow the CTM when the
/// path is stroked; clips intersect; shadows, alpha and blend mode apply to each
/// painting operation; `saveGState`/`restoreGState` save and restore all of it
/// except the current path. Unbalanced restores and ends of transparency layers
/// are ignored; non-finite arguments are ignored; a context used after its
/// drawing closure has returned draws nothing.
public final class CGContext {
    struct GState {
        /// The drawing target with the clips so far, at the base transform.
        var target: GraphicsContext
        var ctm: CGAffineTransform = .identity
        var fill: Color = .black
        var stroke: Color = .black
        var lineWidth: CGFloat = 1
        var lineCap: CGLineCap = .butt
        var lineJoin: CGLineJoin = .miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dashes: [CGFloat] = []
        var alpha: Double = 1
        var blendMode: CGBlendMode = .normal
        var antialias = true
        var interpolation: CGInterpolationQuality = .default
        var shadow: (offset: CGSize, blur: CGFloat, color: Color)?
    }

    private var state: GState
    private var stack: [GState] = []
    /// Open transparency layers: the state to return to and the layer drawn into.
    private var layers: [(outer: GState, layer: Int32, stackDepth: Int)] = []
    /// The current path, in the base space (points transformed by the CTM when added).
    private var currentPath = Path()
    /// Cleared when the closure that received the context returns.
    var isValid = true
    /// The transform from this context's base space to the target's user space
    /// (a flip for the bottom-left origin of `ImageRenderer.render`).
    private var baseTransform: CGAffineTransform

    var currentBase: CGAffineTransform { baseTransform }

    /// The pixels of a bitmap context.
    var bitmap: BitmapTarget?
    /// The document of a PDF context.
    var pdf: PDFTarget?

    /// The opacity and blend mode of the context handed over (they apply to all
    /// drawing: the context's own alpha multiplies, its blend mode wins when set).
    private let baseOpacity: Double
    private let baseBlend: GraphicsContext.BlendMode

    init(target: GraphicsContext, base: CGAffineTransform = .identity) {
        self.baseTransform = base
        self.baseOpacity = target.opacity
        self.baseBlend = target.blendMode
        self.state = GState(target: target)
    }

    /// Starts drawing into `target` with a new graphics state and no current path
    /// (a PDF context's new page).
    func restart(target: GraphicsContext, base: CGAffineTransform) {
        baseTransform = base
        state = GState(target: target)
        stack = []
        layers = []
        currentPath = Path()
        initialTarget = target
        isValid = true
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (all of it but the current path) for
    /// `restoreGState()` to return to.
    public func saveGState() {
        guard isValid else { return }
        stack.append(state)
    }

    /// Restores the state saved last; with nothing saved, does nothing.
    public func restoreGState() {
        guard isValid, let saved = stack.popLast() else { return }
        // A layer begun after the save stays the drawing target until it ends.
        if let open = layers.last, open.stackDepth > stack.count { return stack.append(saved) }
        state = saved
    }

    /// The current transformation matrix: from user space to the context's base space.
    public var ctm: CGAffineTransform { state.ctm }

    /// Moves user space by `x` and `y` (a translation applied before the CTM).
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    /// Scales user space by `x` and `y` (a scale applied before the CTM).
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    /// Rotates user space by `angle` radians (a rotation applied before the CTM).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// Applies `transform` before the CTM; a non-finite transform is ignored.
    public func concatenate(_ transform: CGAffineTransform) {
        guard isValid else { return }
        guard transform.isFiniteTransform else { return Diagnostics.report(.nonFiniteTransform) }
        state.ctm = transform.concatenating(state.ctm)
    }

    /// Sets the width of strokes, in user space; a negative or non-finite width is ignored.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return Diagnostics.report(.nonFiniteValue) }
        state.lineWidth = width
    }
    /// Sets how the ends of stroked lines are drawn.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// Sets how the corners of stroked paths are drawn.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Sets how far a mitred corner may reach (as a multiple of the line width) before it
    /// is bevelled; a non-finite limit is ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return Diagnostics.report(.nonFiniteValue) }
        state.miterLimit = limit
    }
    /// Sets the dash pattern of strokes: alternating lengths on and off, starting `phase`
    /// into it; no lengths for a solid line. A non-finite phase, or a length that is
    /// negative or non-finite, leaves the pattern unchanged.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            return Diagnostics.report(.invalidDash)
        }
        state.dashPhase = phase
        state.dashes = lengths
    }
    /// Sets the opacity applied to everything painted, clamped to 0…1; NaN is ignored.
    public func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return Diagnostics.report(.nonFiniteValue) }
        state.alpha = min(max(Double(alpha), 0), 1)
    }
    /// Sets how what is painted is composited with what is there.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }
    /// Turns antialiasing of painting on or off.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.antialias = shouldAntialias }
    /// Turns antialiasing of painting on or off (here the same switch as
    /// `setShouldAntialias(_:)`).
    public func setAllowsAntialiasing(_ allows: Bool) { state.antialias = allows }
    /// How images are sampled when drawn (`.default` samples as `.medium`).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }

    /// Sets the colour that fills paint with.
    public func setFillColor(_ color: CGColor) { state.fill = Color(resolving: color) }
    /// Sets the colour that strokes paint with.
    public func setStrokeColor(_ color: CGColor) { state.stroke = Color(resolving: color) }
    /// Sets the fill colour from device-RGB components (sRGB here) and alpha.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the stroke colour from device-RGB components (sRGB here) and alpha.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// Sets the fill colour from a device-gray level (gamma 2.2 gray here) and alpha.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    /// Sets the stroke colour from a device-gray level (gamma 2.2 gray here) and alpha.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }

    /// A shadow under everything painted after, offset in the base space; `blur`
    /// is the blur's extent (twice its standard deviation, as CSS's blur radius).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite else { return Diagnostics.report(.nonFiniteValue) }
        let c = color.map(Color.init(resolving:)) ?? Color(.sRGB, white: 0, opacity: 1.0 / 3)
        state.shadow = c.opacity > 0 ? (offset, max(0, blur), c) : nil
    }

    /// Sets a shadow as `setShadow(offset:blur:color:)` does, in the default colour:
    /// black at one-third opacity.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    // MARK: Path construction (points go through the CTM as they are added)

    private func device(_ p: CGPoint) -> CGPoint { p.applying(state.ctm) }

    /// Discards the current path, starting an empty one.
    public func beginPath() { currentPath = Path() }
    /// Begins a new subpath at `point`.
    public func move(to point: CGPoint) { currentPath.move(to: device(point)) }
    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: device(point)) }
    /// Moves to the first point and adds lines to the others.
    public func addLines(between points: [CGPoint]) { currentPath.addLines(points.map(device)) }
    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: device(end), control1: device(control1), control2: device(control2))
    }
    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: device(end), control: device(control))
    }
    /// Adds a closed rectangular subpath.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: state.ctm) }
    /// Adds a closed rectangular subpath for each rectangle.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: state.ctm) }
    /// Adds an ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: state.ctm) }
    /// Adds an arc of a circle, joined to the current point by a line. Angles are in
    /// radians from the +x axis towards +y; `clockwise: true` sweeps towards smaller
    /// angles, as in Core Graphics.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: .radians(Double(startAngle)),
                    endAngle: .radians(Double(endAngle)), clockwise: clockwise, transform: state.ctm)
    }
    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from there to `tangent2End`, joined to the current point by a line.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }
    /// Adds the subpaths of `other`.
    public func addPath(_ other: CGPath) { currentPath.addPath(other.path, transform: state.ctm) }
    /// Closes the current subpath with a line back to its start.
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { currentPath.isEmpty }
    /// The current point in user space.
    public var currentPointOfPath: CGPoint {
        guard let p = currentPath.currentPoint else { return .zero }
        return p.applying(state.ctm.inverted())
    }
    /// The current path's bounding box in user space.
    public var boundingBoxOfPath: CGRect {
        guard !currentPath.isEmpty else { return .null }
        return currentPath.applying(state.ctm.inverted()).boundingRect
    }
    /// The current path, in user space.
    public var path: CGPath? {
        currentPath.isEmpty ? nil : CGPath(path: currentPath.applying(state.ctm.inverted()))
    }

    // MARK: Painting

    /// The target set up for one painting operation: the CTM, alpha, blend mode
    /// and shadow of the state.
    package func paintTarget() -> GraphicsContext? {
        guard isValid else { return nil }
        let t = state.ctm
        guard t.a * t.d - t.b * t.c != 0 else { return nil }
        var g = state.target
        if let s = state.shadow {
            // The shadow is not transformed by the CTM (Core Graphics' rule).
            g.transform = baseTransform
            let offset = CGSize(width: s.offset.width, height: s.offset.height).applying(baseTransform)
            g.addFilter(.shadow(color: s.color, radius: s.blur / 2, x: offset.width, y: offset.height))
        }
        g.transform = t.concatenating(baseTransform)
        g.opacity = baseOpacity * state.alpha
        g.blendMode = state.blendMode == .normal ? baseBlend : GraphicsContext.BlendMode(rawValue: state.blendMode.rawValue)
        return g
    }

    private var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: state.lineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
                    miterLimit: state.miterLimit, dash: state.dashes, dashPhase: state.dashPhase)
    }

    /// The current path in user space (the CTM undone), then cleared.
    private func takePath() -> Path? {
        defer { currentPath = Path() }
        guard !currentPath.isEmpty else { return nil }
        let t = state.ctm
        guard t.a * t.d - t.b * t.c != 0 else { return nil }
        return currentPath.applying(t.inverted())
    }

    private func fill(_ p: Path, evenOdd: Bool) {
        guard let g = paintTarget() else { return }
        g.fill(p, with: .color(state.fill), style: FillStyle(eoFill: evenOdd, antialiased: state.antialias))
        _ = g
    }

    private func stroke(_ p: Path) {
        guard let g = paintTarget() else { return }
        g.stroke(p, with: .color(state.stroke), style: strokeStyle)
        _ = g
    }

    /// Fills the current path with the fill colour by `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        guard let p = takePath() else { return }
        fill(p, evenOdd: rule == .evenOdd)
    }

    /// Fills the current path by the even-odd rule, then clears the path.
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the stroke colour and line settings, then clears
    /// the path.
    public func strokePath() {
        guard let p = takePath() else { return }
        stroke(p)
    }

    /// Fills, strokes or both the current path as `mode` says, then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        guard let p = takePath() else { return }
        switch mode {
        case .fill: fill(p, evenOdd: false)
        case .eoFill: fill(p, evenOdd: true)
        case .stroke: stroke(p)
        case .fillStroke: fill(p, evenOdd: false); stroke(p)
        case .eoFillStroke: fill(p, evenOdd: true); stroke(p)
        }
    }

    /// Fills `rect` with the fill colour (the current path is left alone).
    public func fill(_ rect: CGRect) { fill(Path(rect), evenOdd: false) }
    /// Fills the rectangles with the fill colour (the current path is left alone).
    public func fill(_ rects: [CGRect]) {
        var p = Path()
        p.addRects(rects)
        fill(p, evenOdd: false)
    }
    /// Strokes `rect` with the stroke colour (the current path is left alone).
    public func stroke(_ rect: CGRect) { stroke(Path(rect)) }
    /// Strokes `rect` with the stroke colour and a line `width` wide, for this stroke
    /// only.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(Path(rect))
        restoreGState()
    }
    /// Fills the ellipse inscribed in `rect` with the fill colour.
    public func fillEllipse(in rect: CGRect) { fill(Path(ellipseIn: rect), evenOdd: false) }
    /// Strokes the ellipse inscribed in `rect` with the stroke colour.
    public func strokeEllipse(in rect: CGRect) { stroke(Path(ellipseIn: rect)) }

    /// Strokes pairs of points as separate segments.
    public func strokeLineSegments(between points: [CGPoint]) {
        var p = Path()
        var i = 0
        while i + 1 < points.count {
            p.move(to: points[i])
            p.addLine(to: points[i + 1])
            i += 2
        }
        stroke(p)
    }

    /// Makes `rect` transparent (within the clip).
    public func clear(_ rect: CGRect) {
        guard var g = paintTarget() else { return }
        g.opacity = 1
        g.blendMode = .clear
        g.fill(Path(rect), with: .color(.black))
        _ = g
    }

    // MARK: Clipping

    /// Intersects the clip with the current path (which is then cleared).
    public func clip(using rule: CGPathFillRule = .winding) {
        guard isValid, let p = takePath() else { return }
        var target = state.target
        target.transform = state.ctm.concatenating(baseTransform)
        target.clip(to: p, style: FillStyle(eoFill: rule == .evenOdd, antialiased: state.antialias))
        target.transform = .identity
        state.target = target
    }

    /// Intersects the clip with `rect`; the current path is cleared.
    public func clip(to rect: CGRect) {
        guard isValid else { return }
        beginPath()
        addRect(rect)
        clip()
    }

    /// Intersects the clip with the union of the rectangles; the current path is cleared.
    public func clip(to rects: [CGRect]) {
        guard isValid else { return }
        beginPath()
        addRects(rects)
        clip()
    }

    /// Clips to a mask image: its luminance where it is opaque gray (an image
    /// mask), else its alpha, drawn in `rect`.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard isValid, rect.isFiniteRect else { return }
        var target = state.target
        target.transform = state.ctm.concatenating(baseTransform)
        let image = Image(decorative: mask, scale: 1)
        target.clipToLayer { layer in
            // Core Graphics draws images with their first row at the top of `rect`
            // in its y-up space.
            layer.translateBy(x: rect.minX, y: rect.maxY)
            layer.scaleBy(x: 1, y: -1)
            layer.draw(image, in: CGRect(origin: .zero, size: rect.size))
        }
        target.transform = .identity
        state.target = target
    }

    /// Removes every clip added since the context was handed over.
    public func resetClip() {
        guard isValid else { return }
        state.target = initialTarget
    }
    private lazy var initialTarget: GraphicsContext = stack.first?.target ?? state.target

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        var t = state.target
        t.transform = state.ctm.concatenating(baseTransform)
        return t.clipBoundingRect
    }

    // MARK: Images

    /// Draws an image in `rect`, as Core Graphics does: its first row at the top of
    /// `rect` in the context's y-up space (so upside down in a flipped context).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard var g = paintTarget(), rect.isFiniteRect else { return }
        var picture = Image(decorative: image, scale: 1)
        switch state.interpolation {
        case .none: picture = picture.interpolation(.none)
        case .low: picture = picture.interpolation(.low)
        case .high: picture = picture.interpolation(.high)
        case .medium, .default: picture = picture.interpolation(.medium)
        }
        picture = picture.antialiased(state.antialias)
        if byTiling {
            let clip = g.clipBoundingRect
            g.fill(Path(clip), with: .tiledImage(picture, origin: CGPoint(x: rect.minX, y: rect.maxY),
                                                  sourceRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                                  scale: rect.width / CGFloat(max(1, image.width))))
            return
        }
        g.translateBy(x: rect.minX, y: rect.maxY)
        g.scaleBy(x: 1, y: -1)
        g.draw(picture, in: CGRect(origin: .zero, size: rect.size))
    }

    // MARK: Gradients

    /// Paints the clip with a linear gradient from `start` to `end`, beyond them
    /// only with the matching options.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard let g = paintTarget(), start.isFinite, end.isFinite else { return }
        let box = g.clipBoundingRect
        guard !box.isNull, !box.isEmpty else { return }
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        // The band the gradient covers, in a frame along its axis.
        let reach = hypot(box.width, box.height) + hypot(box.midX - start.x, box.midY - start.y) + length
        let before = options.contains(.drawsBeforeStartLocation) ? -reach : 0
        let after = options.contains(.drawsAfterEndLocation) ? length + reach : length
        let axis = CGAffineTransform(a: dx / length, b: dy / length, c: -dy / length, d: dx / length,
                                     tx: start.x, ty: start.y)
        let band = Path(CGRect(x: before, y: -reach, width: after - before, height: 2 * reach)).applying(axis)
        g.fill(band, with: .linearGradient(gradient.gradient, startPoint: start, endPoint: end))
    }

    /// Paints a radial gradient between two circles, as Core Graphics does: the
    /// colours on the circles interpolated from the start circle to the end one
    /// (later circles over earlier ones); beyond them only with the options.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard let g = paintTarget(), startCenter.isFinite, endCenter.isFinite, startRadius.isFinite,
              endRadius.isFinite, startRadius >= 0, endRadius >= 0 else { return }
        let box = g.clipBoundingRect
        guard !box.isNull, !box.isEmpty else { return }
        let stops = gradient.gradient.stops
        guard let first = stops.first?.color, let last = stops.last?.color else { return }
        if options.contains(.drawsAfterEndLocation) {
            g.fill(Path(box), with: .color(last))
        }
        if startCenter == endCenter {
            // Concentric: the engine's radial gradient, cut to the ring.
            var ring = Path(ellipseIn: CGRect(x: endCenter.x - endRadius, y: endCenter.y - endRadius,
                                              width: 2 * endRadius, height: 2 * endRadius))
            if !options.contains(.drawsBeforeStartLocation), startRadius > 0 {
                ring.addEllipse(in: CGRect(x: startCenter.x - startRadius, y: startCenter.y - startRadius,
                                           width: 2 * startRadius, height: 2 * startRadius))
            }
            g.fill(ring, with: .radialGradient(gradient.gradient, center: endCenter, startRadius: startRadius,
                                               endRadius: endRadius), style: FillStyle(eoFill: true))
            if options.contains(.drawsBeforeStartLocation), startRadius > endRadius {
                g.fill(Path(ellipseIn: CGRect(x: startCenter.x - startRadius, y: startCenter.y - startRadius,
                                              width: 2 * startRadius, height: 2 * startRadius)), with: .color(first))
            }
            return
        }
        // Two centres: circles from the start to the end, one per device pixel of
        // travel (at most 512), each later one over the earlier.
        let scale = max(g.transform.a.magnitude, g.transform.d.magnitude, 1)
        let travel = max(hypot(endCenter.x - startCenter.x, endCenter.y - startCenter.y), abs(endRadius - startRadius))
        // Clamped as a double first: centres far apart (or a huge scale) travel
        // farther than an Int counts (found by the CGContext fuzz target).
        let pixels = (travel * scale).rounded(.up)
        let steps = pixels.isFinite ? max(2, Int(min(512, pixels))) : 512
        if options.contains(.drawsBeforeStartLocation) {
            g.fill(Path(ellipseIn: CGRect(x: startCenter.x - startRadius, y: startCenter.y - startRadius,
                                          width: 2 * startRadius, height: 2 * startRadius)), with: .color(first))
        }
        for i in 0...steps {
            let t = CGFloat(i) / CGFloat(steps)
            let c = CGPoint(x: startCenter.x + (endCenter.x - startCenter.x) * t,
                            y: startCenter.y + (endCenter.y - startCenter.y) * t)
            let r = startRadius + (endRadius - startRadius) * t
            g.fill(Path(ellipseIn: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)),
                   with: .color(CGContext.color(of: gradient.gradient, at: Double(t))))
        }
    }

    /// The gradient's colour at a location (stops in order, sRGB interpolation).
    static func color(of gradient: Gradient, at t: Double) -> Color {
        let stops = gradient.stops.sorted { $0.location < $1.location }
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            return Color(srgb: a.color.red + (b.color.red - a.color.red) * f,
                         a.color.green + (b.color.green - a.color.green) * f,
                         a.color.blue + (b.color.blue - a.color.blue) * f,
                         a.color.opacity + (b.color.opacity - a.color.opacity) * f)
        }
        return last.color
    }
    // MARK: Transparency layers

    /// Starts a transparency layer: drawing until `endTransparencyLayer` goes into
    /// it, and it is composited then with the alpha, blend mode, shadow and clip of
    /// this moment. The state inside starts with full alpha, no shadow, normal blend.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        guard isValid else { return }
        let id = state.target.recorder.list.addLayer()
        layers.append((state, id, stack.count))
        var inner = state
        inner.target = state.target.child(layer: id)
        inner.target.transform = .identity
        inner.alpha = 1
        inner.blendMode = .normal
        inner.shadow = nil
        state = inner
    }

    /// Starts a transparency layer, as `beginTransparencyLayer(auxiliaryInfo:)` does;
    /// `rect` is not used (the layer covers the whole context).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    }

    /// Ends the last layer begun (nothing when none is open).
    public func endTransparencyLayer() {
        guard isValid, let open = layers.popLast() else { return }
        stack.removeSubrange(min(open.stackDepth, stack.count)...)
        state = open.outer
        guard let g = paintTarget(), let mode = g.blendMode.engine else { return }
        g.append(.layer(open.layer), paint: .solid(.transparent), blendMode: mode, opacity: g.opacity)
    }
}
#endif
