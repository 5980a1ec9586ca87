import Foundation
import OpenCanvasDrawing

/// The spacing SwiftUI puts between adjacent views of a stack when none is given
/// (its platform default between most views; Apple adapts it per pair of views,
/// OpenCanvas uses 8 points for every pair).
let defaultStackSpacing: CGFloat = 8

/// Children side by side, left to right.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A row of the views `content` builds, aligned vertically by `alignment`,
    /// `spacing` points apart (8 points when `nil` or not finite).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A stack is primitive: it has no body.
    public typealias Body = Never
}

/// Children one above another, top to bottom.
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A column of the views `content` builds, aligned horizontally by
    /// `alignment`, `spacing` points apart (8 points when `nil` or not finite).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// A stack is primitive: it has no body.
    public typealias Body = Never
}

/// Children on top of one another, the first at the back.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content

    /// The views `content` builds on top of one another, aligned by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// A stack is primitive: it has no body.
    public typealias Body = Never
}

extension HStack: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        StackNode(axis: .horizontal, horizontal: .center, vertical: alignment, spacing: spacing,
                  children: OpenCanvasViews.makeNode(content, environment: environment).flattened)
    }
}

extension VStack: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        StackNode(axis: .vertical, horizontal: alignment, vertical: .center, spacing: spacing,
                  children: OpenCanvasViews.makeNode(content, environment: environment).flattened)
    }
}

extension ZStack: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        ZStackNode(alignment: alignment, children: OpenCanvasViews.makeNode(content, environment: environment).flattened)
    }
}

/// A horizontal or vertical stack, laid out as SwiftUI's stacks are:
///
/// 1. the spacing between children is taken from the proposed length;
/// 2. children are offered what is left in order of their flexibility (how much
///    their length can vary: the least flexible first, spacers last), each an equal
///    share of what remains, and take what they choose;
/// 3. children line up on the stack's alignment guide across the axis (for
///    baselines, the stack's guide is the lowest child baseline from the top);
///    along the axis they follow each other in order.
final class StackNode: ViewNode {
    enum Axis { case horizontal, vertical }

    let axis: Axis
    let horizontal: HorizontalAlignment
    let vertical: VerticalAlignment
    let spacing: CGFloat
    let children: [ViewNode]
    override var subnodes: [ViewNode] { children }

    init(axis: Axis, horizontal: HorizontalAlignment, vertical: VerticalAlignment, spacing: CGFloat?,
         children: [ViewNode]) {
        self.axis = axis
        self.horizontal = horizontal
        self.vertical = vertical
        let s = spacing ?? defaultStackSpacing
        self.spacing = s.isFinite ? s : defaultStackSpacing
        self.children = children
        super.init()
        for c in children {
            if let spacer = c.unwrapped as? SpacerNode { spacer.axis = axis }
            if let divider = c.unwrapped as? DividerNode { divider.isVertical = axis == .horizontal }
        }
    }

    private func main(_ s: CGSize) -> CGFloat { axis == .horizontal ? s.width : s.height }
    private func proposal(main: CGFloat?, cross: CGFloat?) -> ProposedViewSize {
        axis == .horizontal ? ProposedViewSize(width: main, height: cross) : ProposedViewSize(width: cross, height: main)
    }

    /// The children's sizes for a proposal.
    func sizes(for p: ProposedViewSize) -> [CGSize] {
        let n = children.count
        guard n > 0 else { return [] }
        let proposedMain = axis == .horizontal ? p.width : p.height
        let cross = axis == .horizontal ? p.height : p.width
        guard let total = proposedMain else {
            return children.map { $0.measure(proposal(main: nil, cross: cross)) }
        }
        var remaining = max(0, total - spacing * CGFloat(n - 1))
        let least = children.map { main($0.measure(proposal(main: 0, cross: cross))) }
        // Least flexible first (stable: equal flexibility keeps the order).
        let flexibility = children.indices.map { i -> CGFloat in
            let most = main(children[i].measure(proposal(main: .infinity, cross: cross)))
            return most.isFinite ? max(0, most - least[i]) : .infinity
        }
        // Higher layout priorities are offered space first; what the lower ones
        // need at least is kept back for them.
        let priorities = children.map(LayoutPriorityNode.priority(of:))
        let isSpacer = children.map { $0.unwrapped is SpacerNode }
        var sizes = [CGSize](repeating: .zero, count: n)
        for priority in Set(priorities).sorted(by: >) {
            let members = children.indices.filter { priorities[$0] == priority }
                .sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
            let keptBack = children.indices.reduce(CGFloat(0)) { $0 + (priorities[$1] < priority ? least[$1] : 0) }
            var available = max(0, remaining - keptBack)
            // Spacers are offered what the other views leave (as SwiftUI's
            // stacks do: a text beside a spacer takes the width it needs);
            // their minimum lengths are kept back for them meanwhile.
            let views = members.filter { !isSpacer[$0] }, spacers = members.filter { isSpacer[$0] }
            var spacerMinimum = spacers.reduce(CGFloat(0)) { $0 + least[$1] }
            var left = views.count
            for i in views + spacers {
                if isSpacer[i] {
                    if left == 0 { left = spacers.count }
                    spacerMinimum = 0
                }
                let share = max(0, available - spacerMinimum) / CGFloat(max(1, left))
                let size = children[i].measure(proposal(main: share, cross: cross))
                sizes[i] = size
                available = max(0, available - main(size))
                remaining = max(0, remaining - main(size))
                left -= 1
            }
        }
        return sizes
    }

    /// The children's offsets across the axis and the stack's cross length.
    private func crossOffsets(_ sizes: [CGSize]) -> (offsets: [CGFloat], length: CGFloat) {
        var guides: [CGFloat] = []
        for (i, s) in sizes.enumerated() {
            guides.append(axis == .horizontal ? vertical.guide(s, node: children[i]) : horizontal.guide(s))
        }
        let line = guides.max() ?? 0
        let offsets = guides.map { line - $0 }
        var length: CGFloat = 0
        for (i, s) in sizes.enumerated() { length = max(length, offsets[i] + (axis == .horizontal ? s.height : s.width)) }
        return (offsets, length)
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let sizes = self.sizes(for: p)
        guard !sizes.isEmpty else { return .zero }
        let along = sizes.reduce(0) { $0 + main($1) } + spacing * CGFloat(sizes.count - 1)
        let across = crossOffsets(sizes).length
        return axis == .horizontal ? CGSize(width: along, height: across) : CGSize(width: across, height: along)
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        let sizes = self.sizes(for: ProposedViewSize(frame.size))
        let (offsets, length) = crossOffsets(sizes)
        var position: CGFloat = 0
        for (i, child) in children.enumerated() {
            let s = sizes[i]
            if axis == .horizontal {
                // Centred across when the frame is taller than the stack needs.
                let slack = (frame.height - length) * verticalSlackFraction
                child.place(in: CGRect(x: frame.minX + position, y: frame.minY + slack + offsets[i], width: s.width,
                                       height: s.height))
            } else {
                let slack = (frame.width - length) * horizontal.fraction
                child.place(in: CGRect(x: frame.minX + slack + offsets[i], y: frame.minY + position, width: s.width,
                                       height: s.height))
            }
            position += main(s) + spacing
        }
    }

    private var verticalSlackFraction: CGFloat {
        if case .fraction(let f) = vertical.kind { return f }
        return 1
    }

    override func baseline(first: Bool, size: CGSize) -> CGFloat? {
        let sizes = self.sizes(for: ProposedViewSize(size))
        if axis == .vertical {
            var y: CGFloat = 0
            var found: CGFloat? = nil
            for (i, c) in children.enumerated() {
                if let b = c.baseline(first: first, size: sizes[i]) {
                    if first { return y + b }
                    found = y + b
                }
                y += sizes[i].height + spacing
            }
            return found
        }
        let offsets = crossOffsets(sizes).offsets
        for (i, c) in children.enumerated() {
            if let b = c.baseline(first: first, size: sizes[i]) { return offsets[i] + b }
        }
        return nil
    }

    override func render(in context: RenderContext) {
        for c in children { c.render(in: context) }
    }
}

/// Children on top of one another, aligned.
final class ZStackNode: ViewNode {
    let alignment: Alignment
    let children: [ViewNode]
    override var subnodes: [ViewNode] { children }

    init(alignment: Alignment, children: [ViewNode]) {
        self.alignment = alignment
        // Drawn (and hit-tested) in z-index order, stable among equals.
        self.children = children.enumerated()
            .sorted { (ZIndexNode.index(of: $0.element), $0.offset) < (ZIndexNode.index(of: $1.element), $1.offset) }
            .map(\.element)
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        var size = CGSize.zero
        for c in children {
            let s = c.measure(p)
            size.width = max(size.width, s.width)
            size.height = max(size.height, s.height)
        }
        return size
    }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        for c in children {
            c.place(in: alignment.place(c.measure(ProposedViewSize(frame.size)), in: frame, child: c))
        }
    }

    override func baseline(first: Bool, size: CGSize) -> CGFloat? {
        for c in children {
            let s = c.measure(ProposedViewSize(size))
            if let b = c.baseline(first: first, size: s) {
                return alignment.place(s, in: CGRect(origin: .zero, size: size), child: c).minY + b
            }
        }
        return nil
    }

    override func render(in context: RenderContext) {
        for c in children { c.render(in: context) }
    }
}

/// A flexible space that expands along the axis of the stack it is in (in both
/// axes elsewhere), never shorter than its minimum length.
public struct Spacer: View {
    /// The least length of the spacer in points; `nil` means 8 points (as does a
    /// value that is not finite), and a negative one is 0.
    public var minLength: CGFloat?

    /// A spacer at least `minLength` points long.
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    /// A spacer is primitive: it has no body.
    public typealias Body = Never
}

extension Spacer: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        let m = minLength ?? defaultStackSpacing
        return SpacerNode(minLength: m.isFinite ? max(0, m) : defaultStackSpacing)
    }
}

final class SpacerNode: ViewNode {
    let minLength: CGFloat
    var axis: StackNode.Axis?

    init(minLength: CGFloat) { self.minLength = minLength }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        switch axis {
        case .horizontal?: return CGSize(width: max(minLength, p.width ?? minLength), height: 0)
        case .vertical?: return CGSize(width: 0, height: max(minLength, p.height ?? minLength))
        case nil: return CGSize(width: max(minLength, p.width ?? minLength), height: max(minLength, p.height ?? minLength))
        }
    }
}

/// A thin line that separates content: across a stack's axis (a vertical line in
/// an `HStack`, a horizontal one elsewhere), one pixel thick, in the separator
/// colour.
public struct Divider: View {
    /// A divider.
    public init() {}
    /// A divider is primitive: it has no body.
    public typealias Body = Never
}

extension Divider: PrimitiveView {
    func makeNode(environment: EnvironmentValues) -> ViewNode {
        DividerNode(thickness: 1 / max(environment.displayScale.isFinite ? environment.displayScale : 1, 1))
    }
}

final class DividerNode: ViewNode {
    override var coversItself: Bool { true }
    let thickness: CGFloat
    /// The separator colour of Apple's light appearance.
    static let color = Color(.sRGB, red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, opacity: 0.29)

    init(thickness: CGFloat) { self.thickness = thickness }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        if isVertical { return CGSize(width: thickness, height: p.height ?? 0) }
        return CGSize(width: p.width ?? 0, height: thickness)
    }

    var isVertical = false

    override func render(in context: RenderContext) {
        guard frame.isFiniteRect, frame.width > 0, frame.height > 0 else { return }
        context.graphicsContext(in: frame).fill(Path(CGRect(origin: .zero, size: frame.size)), with: .color(DividerNode.color))
    }
}
