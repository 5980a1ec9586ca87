import CanvasGeometry
import CanvasRaster

/// A recording of drawing: what `GraphicsContext` produces and the renderer
/// consumes. Plain data (values only, no closures or references to live objects), so
/// it can be inspected by tests, replayed, split into tiles or exported later.
///
/// Geometry is in user space with the transform that was current when it was drawn;
/// the device transform (points to pixels) is applied by the renderer.
public struct DisplayList: Sendable {
    public var items: [DrawItem] = []
    public var clips: [ClipNode] = []

    public init() {}

    @inlinable public var isEmpty: Bool { items.isEmpty }

    public mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
    }

    /// Adds a clip node and returns its index.
    public mutating func addClip(_ node: ClipNode) -> Int32 {
        clips.append(node)
        return Int32(clips.count - 1)
    }
}

/// The shape of something drawn. The special cases avoid building path storage for
/// the shapes drawn most (and let the renderer take faster routes for them).
public enum Geometry: Sendable, Hashable {
    case rect(Rect)
    case ellipse(Rect)
    case roundedRect(Rect, CornerRadii, CornerStyle)
    case path(PathData)

    /// The geometry as path storage.
    public var pathData: PathData {
        switch self {
        case .rect(let r):
            var p = PathData(); p.addRect(r); return p
        case .ellipse(let r):
            var p = PathData(); p.addEllipse(in: r); return p
        case .roundedRect(let r, let radii, let style):
            var p = PathData(); p.addRoundedRect(r, radii: radii, style: style); return p
        case .path(let p):
            return p
        }
    }

    /// A conservative bounding box (control points included).
    public var controlBounds: Rect {
        switch self {
        case .rect(let r), .ellipse(let r), .roundedRect(let r, _, _): return r
        case .path(let p): return p.controlBounds
        }
    }

    public var isEmptyPath: Bool {
        if case .path(let p) = self { return p.isEmpty }
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
        case .path(let p): p.replay(into: &sink, transform: t)
        }
    }
}

/// A colour as straight (unpremultiplied) sRGB-encoded components in 0…1.
public struct RGBA: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
}

/// What fills the covered pixels.
public enum Paint: Sendable, Hashable {
    case solid(RGBA)
}

/// How the covered pixels combine with what is below.
public enum Compositing: Sendable, Hashable {
    case sourceOver
}

public struct DrawItem: Sendable {
    public enum Operation: Sendable {
        case fill(FillRule, antialiased: Bool)
        case stroke(StrokeParameters, antialiased: Bool)
    }

    public var geometry: Geometry
    public var transform: Transform
    public var operation: Operation
    public var paint: Paint
    public var compositing: Compositing
    /// Index of the innermost clip node in `DisplayList.clips`, or −1.
    public var clip: Int32

    public init(geometry: Geometry, transform: Transform, operation: Operation, paint: Paint,
                 compositing: Compositing = .sourceOver, clip: Int32) {
        self.geometry = geometry; self.transform = transform; self.operation = operation
        self.paint = paint; self.compositing = compositing; self.clip = clip
    }
}

/// One clip shape; the effective clip is the intersection of a node and its parents.
public struct ClipNode: Sendable {
    public var parent: Int32
    public var geometry: Geometry
    public var transform: Transform
    public var rule: FillRule
    public var antialiased: Bool
    /// Clip to the outside of the shape (coverage 1 − c).
    public var inverse: Bool

    public init(parent: Int32, geometry: Geometry, transform: Transform, rule: FillRule, antialiased: Bool,
                 inverse: Bool = false) {
        self.parent = parent; self.geometry = geometry; self.transform = transform
        self.rule = rule; self.antialiased = antialiased; self.inverse = inverse
    }
}
