import Foundation
import CanvasGeometry
import CanvasRender
import OpenCanvasDrawing

/// An edge of a rectangle.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    /// The top, leading (left), bottom and trailing (right) edges.
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set of one edge.
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }

        /// The top edge.
        public static let top = Set(.top)
        /// The leading edge.
        public static let leading = Set(.leading)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// The trailing edge.
        public static let trailing = Set(.trailing)
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
        /// All four edges.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// The padding SwiftUI adds when none is given (its platform default).
let defaultPadding: CGFloat = 16

// MARK: - Padding

@frozen
public struct _PaddingLayout: _PrimitiveViewModifier, Sendable {
    let insets: EdgeInsets
}

extension _PaddingLayout {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        PaddingNode(child: OpenCanvasViews.makeNode(content, environment: environment), insets: insets)
    }
}

/// A child inset by edge distances: proposed its container's proposal minus the
/// insets, sized as its size plus them.
final class PaddingNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let insets: EdgeInsets

    init(child: ViewNode, insets: EdgeInsets) {
        self.child = child
        self.insets = insets
    }

    private var dx: CGFloat { insets.leading + insets.trailing }
    private var dy: CGFloat { insets.top + insets.bottom }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let inner = ProposedViewSize(width: p.width.map { max(0, $0 - dx) }, height: p.height.map { max(0, $0 - dy) })
        let s = child.measure(inner)
        return CGSize(width: s.width + dx, height: s.height + dy)
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        child.place(in: CGRect(x: frame.minX + insets.leading, y: frame.minY + insets.top,
                               width: max(0, frame.width - dx), height: max(0, frame.height - dy)))
    }

    override func baseline(first: Bool, size: CGSize) -> CGFloat? {
        child.baseline(first: first, size: CGSize(width: max(0, size.width - dx), height: max(0, size.height - dy)))
            .map { $0 + insets.top }
    }

    override func render(in context: RenderContext) { child.render(in: context) }
}

extension View {
    /// Adds the default padding (16 points) to every edge.
    public func padding() -> ModifiedContent<Self, _PaddingLayout> { padding(.all, nil) }

    /// Adds `length` points (the default when `nil`) to the given edges.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingLayout> {
        var v = length ?? defaultPadding
        if !v.isFinite { Diagnostics.report(.nonFiniteValue); v = 0 }
        return padding(EdgeInsets(top: edges.contains(.top) ? v : 0, leading: edges.contains(.leading) ? v : 0,
                                  bottom: edges.contains(.bottom) ? v : 0, trailing: edges.contains(.trailing) ? v : 0))
    }

    /// Adds `length` points to every edge.
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, _PaddingLayout> { padding(.all, length) }

    /// Adds the given distances to each edge (non-finite ones count as 0).
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingLayout> {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return ModifiedContent(content: self, modifier: _PaddingLayout(insets: EdgeInsets(
            top: clean(insets.top), leading: clean(insets.leading), bottom: clean(insets.bottom),
            trailing: clean(insets.trailing))))
    }
}

// MARK: - Flexible frame

@frozen
public struct _FlexFrameLayout: _PrimitiveViewModifier, Sendable {
    let minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    let minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    let alignment: Alignment
}

extension _FlexFrameLayout {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        FlexFrameNode(child: OpenCanvasViews.makeNode(content, environment: environment), layout: self)
    }
}

/// `.frame(minWidth:idealWidth:maxWidth:…)`: the child is proposed the container's
/// proposal clamped to the bounds (the ideal, or the child's own, when none is
/// proposed); the frame then takes `max(min, min(child, proposed))` with a minimum
/// and `min(max, max(child, proposed))` with a maximum — so `maxWidth: .infinity`
/// fills what is offered and `minWidth` keeps at least that much, as SwiftUI's do.
final class FlexFrameNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let layout: _FlexFrameLayout

    init(child: ViewNode, layout: _FlexFrameLayout) {
        self.child = child
        self.layout = layout
    }

    private static func clamp(_ v: CGFloat, _ lo: CGFloat?, _ hi: CGFloat?) -> CGFloat {
        var r = v
        if let hi { r = min(r, hi) }
        if let lo { r = max(r, lo) }
        return r
    }

    private func resolve(_ proposed: CGFloat?, ideal: CGFloat?, child c: CGFloat, lo: CGFloat?, hi: CGFloat?) -> CGFloat {
        let offered = proposed ?? ideal ?? c
        var r = c
        if let lo { r = max(lo, min(r, offered)) }
        if let hi { r = min(hi, max(r, offered)) }
        return r
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let l = layout
        let w = p.width.map { FlexFrameNode.clamp($0, l.minWidth, l.maxWidth) } ?? l.idealWidth
        let h = p.height.map { FlexFrameNode.clamp($0, l.minHeight, l.maxHeight) } ?? l.idealHeight
        let c = child.measure(ProposedViewSize(width: w, height: h))
        return CGSize(width: resolve(p.width, ideal: l.idealWidth, child: c.width, lo: l.minWidth, hi: l.maxWidth),
                      height: resolve(p.height, ideal: l.idealHeight, child: c.height, lo: l.minHeight, hi: l.maxHeight))
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        let l = layout
        let proposal = ProposedViewSize(width: FlexFrameNode.clamp(frame.width, l.minWidth, l.maxWidth),
                                        height: FlexFrameNode.clamp(frame.height, l.minHeight, l.maxHeight))
        let s = child.measure(proposal)
        child.place(in: l.alignment.place(s, in: frame, child: child))
    }

    override func baseline(first: Bool, size: CGSize) -> CGFloat? {
        let s = child.measure(ProposedViewSize(size))
        guard let b = child.baseline(first: first, size: s) else { return nil }
        return layout.alignment.place(s, in: CGRect(origin: .zero, size: size), child: child).minY + b
    }

    override func render(in context: RenderContext) { child.render(in: context) }
}

extension View {
    /// Positions this view within an invisible frame with the given size bounds.
    /// Bounds that are negative, NaN, or out of order (a minimum above a maximum)
    /// are invalid, as SwiftUI logs: they are counted and ignored.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> ModifiedContent<Self, _FlexFrameLayout> {
        func valid(_ v: CGFloat?) -> CGFloat? {
            guard let v else { return nil }
            guard !v.isNaN, v >= 0 else { Diagnostics.report(.invalidSize, "OpenCanvas: invalid frame dimension \(v)"); return nil }
            return v
        }
        var (minW, idW, maxW) = (valid(minWidth), valid(idealWidth), valid(maxWidth))
        var (minH, idH, maxH) = (valid(minHeight), valid(idealHeight), valid(maxHeight))
        if let a = minW, let b = maxW, a > b { Diagnostics.report(.invalidSize); (minW, maxW) = (nil, nil) }
        if let a = minH, let b = maxH, a > b { Diagnostics.report(.invalidSize); (minH, maxH) = (nil, nil) }
        if idW == .infinity { idW = nil }
        if idH == .infinity { idH = nil }
        if minW == .infinity { minW = nil }
        if minH == .infinity { minH = nil }
        return ModifiedContent(content: self, modifier: _FlexFrameLayout(
            minWidth: minW, idealWidth: idW, maxWidth: maxW, minHeight: minH, idealHeight: idH, maxHeight: maxH,
            alignment: alignment))
    }
}

// MARK: - Offset and position

@frozen
public struct _OffsetEffect: _PrimitiveViewModifier, Sendable {
    let offset: CGSize
}

extension _OffsetEffect {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var shown = offset
        if let graph = ViewGraph.current {
            shown.animatableData = graph.animatedValue(graph.key("offset"), offset.animatableData,
                                                       owner: graph.currentBody)
        }
        return OffsetNode(child: OpenCanvasViews.makeNode(content, environment: environment), offset: shown)
    }
}

/// Draws (and hit-tests) the child moved, without changing its layout.
final class OffsetNode: WrapperNode {
    let offset: CGSize

    init(child: ViewNode, offset: CGSize) {
        self.offset = offset
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame.offsetBy(dx: offset.width, dy: offset.height))
    }
}

extension View {
    /// Moves the view by `offset` when drawn; its layout is unchanged.
    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _OffsetEffect> {
        self.offset(x: offset.width, y: offset.height)
    }

    /// Moves the view by (`x`, `y`) when drawn; its layout is unchanged. Non-finite
    /// offsets are ignored.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _OffsetEffect> {
        guard x.isFinite, y.isFinite else {
            Diagnostics.report(.nonFiniteValue)
            return ModifiedContent(content: self, modifier: _OffsetEffect(offset: .zero))
        }
        return ModifiedContent(content: self, modifier: _OffsetEffect(offset: CGSize(width: x, height: y)))
    }
}

@frozen
public struct _PositionLayout: _PrimitiveViewModifier, Sendable {
    let position: CGPoint
}

extension _PositionLayout {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        PositionNode(child: OpenCanvasViews.makeNode(content, environment: environment), position: position)
    }
}

/// Takes all the room offered and puts the child's centre at a point of it.
final class PositionNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let position: CGPoint

    init(child: ViewNode, position: CGPoint) {
        self.child = child
        self.position = position
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() }
    override func place(in frame: CGRect) {
        super.place(in: frame)
        let s = child.measure(ProposedViewSize(frame.size))
        child.place(in: CGRect(x: frame.minX + position.x - s.width / 2, y: frame.minY + position.y - s.height / 2,
                               width: s.width, height: s.height))
    }
    override func render(in context: RenderContext) { child.render(in: context) }
}

extension View {
    /// Centres the view at `position` in its parent's space; the result takes all
    /// the room offered. Non-finite positions are ignored (the origin is used).
    public func position(_ position: CGPoint) -> ModifiedContent<Self, _PositionLayout> {
        guard position.x.isFinite, position.y.isFinite else {
            Diagnostics.report(.nonFiniteValue)
            return ModifiedContent(content: self, modifier: _PositionLayout(position: .zero))
        }
        return ModifiedContent(content: self, modifier: _PositionLayout(position: position))
    }

    /// Centres the view at (`x`, `y`) in its parent's space, as `position(_:)` does.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _PositionLayout> {
        position(CGPoint(x: x, y: y))
    }
}

// MARK: - Overlay, background, border

@frozen
public struct _OverlayModifier<Secondary: View>: _PrimitiveViewModifier {
    let secondary: Secondary
    let alignment: Alignment
    let inFront: Bool
}

extension _OverlayModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var secondaryNode = OpenCanvasViews.makeNode(secondary, environment: environment)
        // Several views (a builder's list) are layered, as in SwiftUI: a ZStack
        // with the modifier's alignment.
        if secondaryNode.flattened.count > 1 {
            secondaryNode = ZStackNode(alignment: alignment, children: secondaryNode.flattened)
        }
        return OverlayNode(child: OpenCanvasViews.makeNode(content, environment: environment), secondary: secondaryNode,
                           alignment: alignment, inFront: inFront)
    }
}

/// A view with another in front of or behind it: sized by the first; the other
/// is proposed that size and aligned in it.
final class OverlayNode: WrapperNode {
    let secondary: ViewNode
    let alignment: Alignment
    let inFront: Bool
    override var subnodes: [ViewNode] { inFront ? [child, secondary] : [secondary, child] }
    override func forEachSubnode(_ body: (ViewNode) -> Void) { for n in subnodes { body(n) } }

    init(child: ViewNode, secondary: ViewNode, alignment: Alignment, inFront: Bool) {
        self.secondary = secondary
        self.alignment = alignment
        self.inFront = inFront
        super.init(child: child)
    }

    override func place(in frame: CGRect) {
        self.frame = frame
        child.place(in: frame)
        let s = secondary.measure(ProposedViewSize(frame.size))
        secondary.place(in: alignment.place(s, in: frame, child: secondary))
    }
    override func render(in context: RenderContext) {
        if inFront {
            child.render(in: context)
            secondary.render(in: context)
        } else {
            secondary.render(in: context)
            child.render(in: context)
        }
    }
}

extension View {
    /// Puts `content` in front of this view, aligned in its frame.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, _OverlayModifier<V>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: content(), alignment: alignment, inFront: true))
    }

    /// Puts `content` behind this view, aligned in its frame.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, _OverlayModifier<V>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: content(), alignment: alignment, inFront: false))
    }

    /// Puts `overlay` in front of this view, aligned in its frame (the older form;
    /// a style, such as a colour, fills the frame instead).
    @_disfavoredOverload
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> ModifiedContent<Self, _OverlayModifier<V>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: overlay, alignment: alignment, inFront: true))
    }

    /// Puts `background` behind this view, aligned in its frame (the older form).
    @_disfavoredOverload
    public func background<V: View>(_ background: V, alignment: Alignment = .center)
        -> ModifiedContent<Self, _OverlayModifier<V>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: background, alignment: alignment,
                                                                  inFront: false))
    }

    /// Fills this view's frame in front of it with a style.
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> ModifiedContent<Self, _OverlayModifier<_ShapeView<Rectangle, S>>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: Rectangle().fill(style), alignment: .center,
                                                                  inFront: true))
    }

    /// Fills this view's frame behind it with a style.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> ModifiedContent<Self, _OverlayModifier<_ShapeView<Rectangle, S>>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: Rectangle().fill(style), alignment: .center,
                                                                  inFront: false))
    }

    /// Fills `shape`, in this view's frame, behind it with a style.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> ModifiedContent<Self, _OverlayModifier<_ShapeView<T, S>>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: shape.fill(style, style: fillStyle),
                                                                  alignment: .center, inFront: false))
    }

    /// Draws a border of `width` points inside this view's frame.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1)
        -> ModifiedContent<Self, _OverlayModifier<_ShapeView<Rectangle.InsetShape, S>>> {
        ModifiedContent(content: self, modifier: _OverlayModifier(secondary: Rectangle().strokeBorder(content, lineWidth: width),
                                                                  alignment: .center, inFront: true))
    }
}

// MARK: - Hidden and identity

@frozen
public struct _HiddenModifier: _PrimitiveViewModifier, Sendable {}

extension _HiddenModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        HiddenNode(child: OpenCanvasViews.makeNode(content, environment: environment))
    }
}

/// Keeps the child's layout, draws nothing.
final class HiddenNode: WrapperNode {
    override var allowsHits: Bool { false }
    /// Keeps its place and draws nothing.
    override func render(in context: RenderContext) {}
}

extension View {
    /// Hides the view: it keeps its place in the layout and draws nothing.
    public func hidden() -> ModifiedContent<Self, _HiddenModifier> {
        ModifiedContent(content: self, modifier: _HiddenModifier())
    }
}
