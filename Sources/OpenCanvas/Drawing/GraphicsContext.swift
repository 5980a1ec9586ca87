import Foundation
import CanvasGeometry
import CanvasRaster
import CanvasRender

/// An immediate-mode drawing destination, and its current state.
///
/// A value type: copying a context copies its state (transform, opacity, clips),
/// while every copy draws onto the same surface. State changes affect only what is
/// drawn after them. Every drawing call records one item in a plain-data display
/// list (`DisplayList`), which the renderer turns into pixels.
///
/// Bad input is ignored, never trapped on: a non-finite transform, opacity or
/// coordinate leaves the state or the drawing unchanged (and counts a diagnostic in
/// `OpenCanvasDiagnostics`); the rest of the frame is drawn.
public struct GraphicsContext {
    /// The recording that every copy of a context appends to.
    final class Recorder {
        var list = DisplayList()
        init() {}
    }

    let recorder: Recorder
    /// Maps the canvas's own space (origin at its top-left) into the recording's
    /// root space. Not part of the user-visible `transform`.
    let base: CGAffineTransform
    let canvasSize: CGSize
    public private(set) var environment: EnvironmentValues

    private var userTransform = CGAffineTransform.identity
    private var userOpacity = 1.0
    private var clipNode: Int32
    /// Intersection of the clip shapes' bounding boxes, in the canvas's space.
    private var clipRect: CGRect

    init(recorder: Recorder, base: CGAffineTransform, size: CGSize, environment: EnvironmentValues,
         clip: Int32 = -1) {
        self.recorder = recorder
        self.base = base
        self.canvasSize = size
        self.environment = environment
        self.clipNode = clip
        self.clipRect = CGRect(origin: .zero, size: size)
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

    /// How later drawing combines with what is already drawn.
    public var blendMode: BlendMode = .normal

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

    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        guard x.isFinite, y.isFinite else { return Diagnostics.report(.nonFiniteTransform) }
        transform = userTransform.translatedBy(x: x, y: y)
    }

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
        let node = ClipNode(parent: clipNode, geometry: path.geometry,
                            transform: userTransform.concatenating(base).engine,
                            rule: style.isEOFilled ? .evenOdd : .nonZero, antialiased: style.isAntialiased,
                            inverse: inverse)
        clipNode = recorder.list.addClip(node)
        if !inverse {
            let bounds = path.isEmpty ? CGRect.zero : path.boundingRect.applying(userTransform)
            clipRect = clipRect.intersection(bounds)
            if clipRect.isNull { clipRect = .zero }
        }
    }

    // MARK: Drawing paths

    /// Fills the region enclosed by `path` (every subpath closed) with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        guard !path.isEmpty, let paint = paint(for: shading) else { return }
        record(path.geometry, .fill(style.isEOFilled ? .evenOdd : .nonZero, antialiased: style.isAntialiased), paint)
    }

    /// Strokes `path` with `style`. A NaN, infinite or negative width or miter limit
    /// is ignored (the default is kept, and the case counted); a dash pattern with a
    /// bad entry draws solid.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard !path.isEmpty, let paint = paint(for: shading),
              let p = GraphicsContext.strokeParameters(style) else { return }
        record(path.geometry, .stroke(p, antialiased: true), paint)
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

    private func record(_ geometry: Geometry, _ operation: DrawItem.Operation, _ paint: Paint) {
        recorder.list.items.append(DrawItem(geometry: geometry, transform: userTransform.concatenating(base).engine,
                                            operation: operation, paint: paint, clip: clipNode))
    }

    // MARK: Shading

    /// A shading fixed against this context's environment.
    public func resolve(_ shading: Shading) -> Shading {
        switch shading.kind {
        case .foreground: return .color(foregroundColor)
        case .color: return shading
        }
    }

    var foregroundColor: Color { environment.foregroundColor ?? .primary }

    /// The paint for a shading under the current opacity, or `nil` if nothing would
    /// show.
    private func paint(for shading: Shading) -> Paint? {
        let color: Color
        switch shading.kind {
        case .color(let c): color = c
        case .foreground: color = foregroundColor
        }
        let alpha = color.opacity * userOpacity
        guard alpha > 0, color.red.isFinite, color.green.isFinite, color.blue.isFinite else { return nil }
        return .solid(RGBA(r: color.red, g: color.green, b: color.blue, a: min(alpha, 1)))
    }

    /// Records a fill of an engine path already in user space (text outlines).
    func fill(data: PathData, color: Color) {
        guard !data.isEmpty else { return }
        let alpha = color.opacity * userOpacity
        guard alpha > 0 else { return }
        record(.path(data), .fill(.nonZero, antialiased: true),
               .solid(RGBA(r: color.red, g: color.green, b: color.blue, a: min(alpha, 1))))
    }

    func color(of shading: Shading) -> Color {
        switch shading.kind {
        case .color(let c): return c
        case .foreground: return foregroundColor
        }
    }
}

extension GraphicsContext {
    /// A colour or pattern to fill or stroke with.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
            case foreground
        }
        let kind: Kind

        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double,
                                 blue: Double, opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }

        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double,
                                 opacity: Double = 1) -> Shading {
            .color(Color(colorSpace, white: white, opacity: opacity))
        }

        /// The environment's foreground style (`.primary` unless set).
        public static var foreground: Shading { Shading(kind: .foreground) }
    }

    /// How drawing combines with what is below it.
    @frozen
    public struct BlendMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// Source over destination: the default.
        public static let normal = BlendMode(rawValue: 0)
    }
}
