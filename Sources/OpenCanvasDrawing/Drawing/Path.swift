import Foundation
import CanvasGeometry
import CanvasRender

/// The outline of a 2D shape.
///
/// Like SwiftUI's, a path made from a rectangle, an ellipse or a rounded rectangle
/// keeps that shape as such (no element storage is built until the path is changed
/// or read element by element), so the shapes drawn most cost least. So does a
/// path of one straight line built with `move(to:)` and `addLine(to:)`.
///
/// Bad input: a builder call with a NaN or infinite argument is ignored (the path is
/// unchanged and a diagnostic is counted), as HTML canvas does.
public struct Path: Equatable, Sendable {
    enum Storage: Equatable, Sendable {
        case empty
        case rect(CGRect)
        case ellipse(CGRect)
        case roundedRect(CGRect, CornerRadii, RoundedCornerStyle)
        /// Only a move to a point (the start of a line being built).
        case moved(CGPoint)
        /// One straight line: a move to the first point and a line to the second,
        /// the commonest path canvas code builds element by element (a tick, a
        /// clock hand, an axis), kept without element storage.
        case line(CGPoint, CGPoint)
        /// The path is `elements`.
        case path
    }

    var storage: Storage
    /// The path's elements when `storage` is `.path` (never empty then); when
    /// `storage` is `.empty`, nil or the empty storage left from elements since
    /// removed; nil for the special shapes. Kept beside the kind rather than in the
    /// enum's payload, so that adding an element edits the arrays in place: taking a
    /// payload out of an enum and putting it back costs more than the element
    /// itself. Optional, so that the commonest paths (a rectangle, an ellipse) carry
    /// no arrays to retain and release.
    var elements: PathData?

    /// An empty path.
    public init() { storage = .empty }

    /// A rectangle: a closed subpath through the rectangle's corners starting at
    /// (minX, minY). Negative sizes are normalised.
    public init(_ rect: CGRect) {
        // (A finite rectangle is never `.null`, whose origin is infinite.)
        guard rect.isFiniteRect else {
            Diagnostics.report(.nonFiniteGeometry)
            storage = .empty
            return
        }
        storage = .rect(rect.standardizedFinite)
    }

    /// A rounded rectangle whose corners are quarter ellipses of `cornerSize`
    /// (continuous corners by default, as in SwiftUI).
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init(roundedRect: rect, radii: CornerRadii(uniform: Double(cornerSize.width), Double(cornerSize.height)),
                  style: style)
    }

    /// A rounded rectangle with corners of radius `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(roundedRect: rect, radii: CornerRadii(uniform: Double(cornerRadius), Double(cornerRadius)),
                  style: style)
    }

    /// A rounded rectangle with a radius per corner.
    public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        let r = CornerRadii(topLeft: Point(cornerRadii.topLeading, cornerRadii.topLeading),
                            topRight: Point(cornerRadii.topTrailing, cornerRadii.topTrailing),
                            bottomRight: Point(cornerRadii.bottomTrailing, cornerRadii.bottomTrailing),
                            bottomLeft: Point(cornerRadii.bottomLeading, cornerRadii.bottomLeading))
        self.init(roundedRect: rect, radii: r, style: style)
    }

    init(roundedRect rect: CGRect, radii: CornerRadii, style: RoundedCornerStyle) {
        guard rect.isFiniteRect else {
            Diagnostics.report(.nonFiniteGeometry)
            storage = .empty
            return
        }
        let r = rect.standardizedFinite
        let fitted = radii.fitted(to: r.rect)
        func isSquare(_ corner: Point) -> Bool { corner.x <= 0 || corner.y <= 0 }
        let allSquare = isSquare(fitted.topLeft) && isSquare(fitted.topRight) && isSquare(fitted.bottomRight)
            && isSquare(fitted.bottomLeft)
        storage = allSquare ? .rect(r) : .roundedRect(r, fitted, style)
    }

    /// An ellipse inscribed in `rect`: one closed subpath of four cubic Béziers that
    /// starts at the rightmost point and turns clockwise on screen.
    public init(ellipseIn rect: CGRect) {
        guard rect.isFiniteRect else {
            Diagnostics.report(.nonFiniteGeometry)
            storage = .empty
            return
        }
        storage = .ellipse(rect.standardizedFinite)
    }

    /// A path built by `callback` from an empty path.
    public init(_ callback: (inout Path) -> ()) {
        self.init()
        callback(&self)
    }

    init(data: PathData) {
        storage = data.isEmpty ? .empty : .path
        elements = data
    }

    // MARK: Storage

    /// The path as element storage.
    var data: PathData {
        switch storage {
        case .empty: return PathData()
        case .rect(let r): var p = PathData(); p.addRect(r.rect); return p
        case .ellipse(let r): var p = PathData(); p.addEllipse(in: r.rect); return p
        case .roundedRect(let r, let radii, let style):
            var p = PathData(); p.addRoundedRect(r.rect, radii: radii, style: style.engine); return p
        case .moved(let a): var p = PathData(); p.move(to: a.point); return p
        case .line(let a, let b): var p = PathData(); p.move(to: a.point); p.line(to: b.point); return p
        case .path: return elements ?? PathData()
        }
    }

    /// The geometry to record in a display list.
    package var geometry: Geometry {
        switch storage {
        case .empty: return .path(PathData())
        case .rect(let r): return .rect(r.rect)
        case .ellipse(let r): return .ellipse(r.rect)
        case .roundedRect(let r, let radii, let style): return .roundedRect(r.rect, radii, style.engine)
        case .line(let a, let b): return .line(a.point, b.point)
        case .moved: return .path(data)
        case .path: return .path(elements ?? PathData())
        }
    }

    /// Runs `body` on element storage, converting a special shape first.
    @inline(__always)
    mutating func edit(_ body: (inout PathData) -> Void) {
        if var edited = elements.take() {
            // Already elements (every call after a path's first): moved out, edited
            // and moved back, so the arrays stay uniquely held (an edit through
            // `elements!` retains and releases them per element). Elements imply a
            // `.path` kind, or `.empty` with empty elements (see `elements`), so the
            // kind is read from them: testing `storage` for `.path` compares the
            // whole enum's payload (a dozen words), more than adding the element.
            let wasEmpty = edited.isEmpty
            body(&edited)
            if edited.isEmpty != wasEmpty { storage = edited.isEmpty ? .empty : .path }
            elements = consume edited
            return
        }
        var edited: PathData
        switch storage {
        case .empty, .path, .moved, .line:
            // Room for a typical small path up front, rather than growing element by
            // element.
            edited = PathData()
            edited.reserve(verbs: 16, points: 32)
            if case .moved(let a) = storage {
                edited.move(to: a.point)
            } else if case .line(let a, let b) = storage {
                edited.move(to: a.point)
                edited.line(to: b.point)
            }
        default:
            edited = data
        }
        body(&edited)
        storage = edited.isEmpty ? .empty : .path
        elements = edited
    }

    // MARK: Characteristics

    /// True when the path has no elements.
    public var isEmpty: Bool {
        if case .empty = storage { return true }
        if case .path = storage { return elements?.isEmpty ?? true }
        return false
    }

    /// The smallest rectangle containing every point of the path, not counting
    /// Bézier control points. An empty path gives `.null`, as Core Graphics does.
    public var boundingRect: CGRect {
        switch storage {
        case .empty: return .null
        case .rect(let r), .ellipse(let r), .roundedRect(let r, _, _): return r
        case .line(let a, let b):
            return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        case .moved(let a): return CGRect(origin: a, size: .zero)
        case .path:
            guard let elements, !elements.isEmpty else { return .null }
            return elements.tightBounds.cgRect
        }
    }

    /// The last point of the path, or `nil` if it has none.
    public var currentPoint: CGPoint? {
        switch storage {
        case .empty: return nil
        case .moved(let a), .line(_, let a): return a
        case .path: return elements?.currentPoint?.cgPoint
        default: return data.currentPoint?.cgPoint
        }
    }

    /// Whether `p` is inside the path, by the non-zero rule or, with `eoFill`, the
    /// even-odd rule.
    public func contains(_ p: CGPoint, eoFill: Bool = false) -> Bool {
        guard p.isFinite, !isEmpty else { return false }
        let d = data
        let b = d.controlBounds
        let tolerance = max(1e-6, max(b.width, b.height) * 1e-5)
        let w = d.winding(at: p.point, tolerance: tolerance)
        return eoFill ? w & 1 != 0 : w != 0
    }

    // MARK: Building

    /// Begins a new subpath at `end`.
    public mutating func move(to end: CGPoint) {
        guard end.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        switch storage {
        case .empty where elements == nil, .moved:
            // (A move after a move replaces it, as in element storage.)
            storage = .moved(end)
        default:
            edit { $0.move(to: end.point) }
        }
    }

    /// Appends a straight line from the current point to `end`.
    public mutating func addLine(to end: CGPoint) {
        guard end.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        if case .moved(let start) = storage {
            storage = .line(start, end)
            return
        }
        edit { $0.line(to: end.point) }
    }

    /// Moves to the first point and adds lines to the others.
    public mutating func addLines(_ lines: [CGPoint]) {
        guard let first = lines.first else { return }
        edit { d in
            d.move(to: first.point)
            for p in lines.dropFirst() { d.line(to: p.point) }
        }
    }

    /// Appends a quadratic Bézier curve to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard end.isFinite, control.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        edit { $0.quad(to: end.point, control: control.point) }
    }

    /// Appends a cubic Bézier curve to `end`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard end.isFinite, control1.isFinite, control2.isFinite else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        edit { $0.cubic(to: end.point, control1: control1.point, control2: control2.point) }
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        switch storage {
        case .path, .moved, .line: edit { $0.close() }
        default: break
        }
    }

    /// Adds a closed rectangular subpath.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFiniteRect, !rect.isNull, transform.isFiniteTransform else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        if isEmpty && transform.isIdentity {
            storage = .rect(rect.standardized)
            elements = nil
            return
        }
        edit { $0.addRect(rect.standardized.rect, transform: transform.engine) }
    }

    /// Adds a rectangular subpath for each rectangle.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds a rounded-rectangle subpath with corners of `cornerSize`.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        addRoundedRect(rect, CornerRadii(uniform: Double(cornerSize.width), Double(cornerSize.height)), style, transform)
    }

    /// Adds a rounded-rectangle subpath with a radius per corner.
    public mutating func addRoundedRect(in rect: CGRect, cornerRadii: RectangleCornerRadii,
                                        style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let r = CornerRadii(topLeft: Point(cornerRadii.topLeading, cornerRadii.topLeading),
                            topRight: Point(cornerRadii.topTrailing, cornerRadii.topTrailing),
                            bottomRight: Point(cornerRadii.bottomTrailing, cornerRadii.bottomTrailing),
                            bottomLeft: Point(cornerRadii.bottomLeading, cornerRadii.bottomLeading))
        addRoundedRect(rect, r, style, transform)
    }

    private mutating func addRoundedRect(_ rect: CGRect, _ radii: CornerRadii, _ style: RoundedCornerStyle,
                                         _ transform: CGAffineTransform) {
        guard rect.isFiniteRect, !rect.isNull, transform.isFiniteTransform,
              radii.topLeft.isFinite, radii.topRight.isFinite, radii.bottomRight.isFinite, radii.bottomLeft.isFinite
        else { return Diagnostics.report(.nonFiniteGeometry) }
        edit { $0.addRoundedRect(rect.standardized.rect, radii: radii, style: style.engine, transform: transform.engine) }
    }

    /// Adds an ellipse inscribed in `rect` as a complete closed subpath.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFiniteRect, !rect.isNull, transform.isFiniteTransform else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        if isEmpty && transform.isIdentity {
            storage = .ellipse(rect.standardized)
            elements = nil
            return
        }
        edit { $0.addEllipse(in: rect.standardized.rect, transform: transform.engine) }
    }

    /// Adds a circular arc, approximated by cubic Béziers. Angles are measured from
    /// the +x axis towards +y; because y points down, `clockwise: false` turns
    /// clockwise on screen. A sweep of a full turn or more draws the whole circle.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle,
                                clockwise: Bool, transform: CGAffineTransform = .identity) {
        let start = startAngle.radians, end = endAngle.radians
        guard start.isFinite, end.isFinite else { return Diagnostics.report(.nonFiniteGeometry) }
        var sweep = end - start
        let turn = 2 * Double.pi
        if clockwise {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            if sweep < -turn { sweep = -turn }
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            if sweep > turn { sweep = turn }
        }
        guard center.isFinite, radius.isFinite, transform.isFiniteTransform else {
            return Diagnostics.report(.nonFiniteGeometry)
        }
        edit { $0.addArc(center: center.point, radius: Double(radius), start: start, sweep: sweep,
                         transform: transform.engine) }
    }

    /// Adds an arc given by a start angle and a signed sweep (`delta`), clamped to one
    /// full turn either way.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        let start = startAngle.radians
        guard start.isFinite, delta.radians.isFinite, center.isFinite, radius.isFinite,
              transform.isFiniteTransform else { return Diagnostics.report(.nonFiniteGeometry) }
        let sweep = min(max(delta.radians, -2 * .pi), 2 * .pi)
        edit { $0.addArc(center: center.point, radius: Double(radius), start: start, sweep: sweep,
                         transform: transform.engine) }
    }

    /// Appends the elements of `path`, mapped through `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        guard transform.isFiniteTransform else { return Diagnostics.report(.nonFiniteTransform) }
        if isEmpty && transform.isIdentity {
            self = path
            return
        }
        let other = path.data
        edit { $0.append(other, transform: transform.engine) }
    }

    // MARK: Transforming

    /// A copy with every point mapped through `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        guard transform.isFiniteTransform else {
            Diagnostics.report(.nonFiniteTransform)
            return self
        }
        if transform.isIdentity { return self }
        if transform.b == 0 && transform.c == 0 {
            switch storage {
            case .rect(let r): return Path(r.applying(transform))
            case .ellipse(let r): return Path(ellipseIn: r.applying(transform))
            default: break
            }
        }
        if case .line(let a, let b) = storage {
            var line = Path()
            line.storage = .line(a.applying(transform), b.applying(transform))
            return line
        }
        return Path(data: data.transformed(by: transform.engine))
    }

    /// A copy moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    // MARK: Elements

    /// An element of a path.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line from the current point to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point, with one control point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point, with two control points.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the start of the subpath, closing it.
        case closeSubpath
    }

    /// Calls `body` with each element of the path, in order.
    public func forEach(_ body: (Element) -> Void) {
        data.forEach { e in
            switch e {
            case .move(let p): body(.move(to: p.cgPoint))
            case .line(let p): body(.line(to: p.cgPoint))
            case .quad(let c, let p): body(.quadCurve(to: p.cgPoint, control: c.cgPoint))
            case .cubic(let c1, let c2, let p):
                body(.curve(to: p.cgPoint, control1: c1.cgPoint, control2: c2.cgPoint))
            case .close: body(.closeSubpath)
            }
        }
    }
}
