import Foundation
import OpenCanvasDrawing

/// A view that pointer events reach (a gesture, hover): it notes the named
/// coordinate spaces around it when placed, and, when hit, how root points map
/// into its own space, so that it can give event locations in any space.
class PointerTargetNode: WrapperNode {
    /// Named spaces around the node when it was placed.
    private(set) var spaces: [(AnyHashable, CGRect)] = []

    /// How root points map into the node's own space through the transform
    /// effects above it (the product of their inverses), noted when it was last
    /// hit. A value, not the nodes: they hold this node.
    var rootToLocal: CGAffineTransform = .identity

    override func place(in frame: CGRect) {
        self.frame = frame
        spaces = CoordinateSpaces.stack
        child.place(in: frame)
    }

    /// A root point in a coordinate space: `.local` through the transform effects
    /// above the view; `.global` and named spaces (placed outside them, in the
    /// usual case) in root coordinates.
    func convert(_ rootPoint: CGPoint, to space: CoordinateSpace) -> CGPoint {
        switch space {
        case .global: return rootPoint
        case .local:
            let point = rootPoint.applying(rootToLocal)
            return CGPoint(x: point.x - frame.minX, y: point.y - frame.minY)
        case .named(let name):
            let origin = spaces.last(where: { $0.0 == name })?.1.origin ?? .zero
            return CGPoint(x: rootPoint.x - origin.x, y: rootPoint.y - origin.y)
        }
    }
}

/// A view with a gesture attached.
class GestureNode: PointerTargetNode {
    private let fixedRecognizer: Recognizer?
    fileprivate(set) var priority: GesturePriority

    /// A node whose recognizer is `recognizer` (`nil`: none, as for a disabled view).
    init(child: ViewNode, recognizer: Recognizer?, priority: GesturePriority) {
        fixedRecognizer = recognizer
        self.priority = priority
        super.init(child: child)
    }

    /// What recognizes the gesture and holds its actions.
    var recognizer: Recognizer? { fixedRecognizer }
}

/// The node of a gesture attached with `gesture(_:)` and its kin: it keeps the
/// gesture value and makes its recognizer only when a press reaches it (or when a
/// screen reader asks what it does), so a view made again in every frame under a
/// `TimelineView` makes no recognizer, and takes the new frame's view back into
/// the same node (`ViewGraph.reusableNode`).
final class AttachedGestureNode<G: Gesture>: GestureNode {
    private var gesture: G
    private var enabled: Bool
    private var made: Recognizer??

    init(child: ViewNode, gesture: G, enabled: Bool, priority: GesturePriority) {
        self.gesture = gesture
        self.enabled = enabled
        super.init(child: child, recognizer: nil, priority: priority)
    }

    /// Takes the values of the same view made again. A press under way goes on with
    /// the new gesture's actions, as SwiftUI's do.
    func update(child: ViewNode, gesture: G, enabled: Bool, priority: GesturePriority) {
        self.child = child
        self.gesture = gesture
        self.enabled = enabled
        self.priority = priority
        made = nil
    }

    override var recognizer: Recognizer? {
        if let made { return made }
        let recognizer = enabled ? OpenCanvasViews.recognizer(for: gesture) : nil
        made = .some(recognizer)
        return recognizer
    }
}

/// The gesture nodes under a point, innermost first, from the frontmost view hit
/// (views drawn in front hide those behind); `nil` when nothing is hit.
@MainActor
func gestureChain(_ node: ViewNode, _ point: CGPoint) -> [GestureNode]? {
    hitChain(node, point) { node, rootToHere in
        guard let g = node as? GestureNode, g.recognizer != nil else { return nil }
        g.rootToLocal = rootToHere
        return g
    }
}

/// What `pick` finds on the path from the frontmost view hit at a point to the
/// root, innermost first (`nil` when nothing is hit). `pick` is given each node
/// on the path with the map from root points into its space (through the
/// transform effects above it).
@MainActor
func hitChain<Found>(_ node: ViewNode, _ point: CGPoint, rootToHere: CGAffineTransform = .identity,
                     _ pick: (ViewNode, CGAffineTransform) -> Found?) -> [Found]? {
    guard node.admitsHits(at: point) else { return nil }
    var chain: [Found]? = nil
    let inner = node.childPoint(point)
    let rootToInner = (node as? TransformEffectNode)?.inverse.map { rootToHere.concatenating($0) } ?? rootToHere
    for child in node.subnodes.reversed() {
        guard let inner else { break }
        if let found = hitChain(child, inner, rootToHere: rootToInner, pick) {
            chain = found
            break
        }
    }
    if chain == nil, node.coversItself, node.covers(point) { chain = [] }
    guard var result = chain else { return nil }
    if let found = pick(node, rootToHere) { result.append(found) }
    return result
}

/// One press of the pointer, from down to up: decides which gestures recognize it
/// and runs their actions. Exclusive gestures compete in order — innermost first,
/// except that a high-priority gesture goes before those inside it — and the first
/// to recognize wins; simultaneous gestures recognize alongside.
@MainActor
package final class PointerSession {
    private let order: [GestureNode]
    private let start: CGPoint
    private let startTime: Date
    private var last: (CGPoint, Date)
    private var previous: (CGPoint, Date)
    private var started: Set<ObjectIdentifier> = []
    private var claimed: GestureNode?
    private var maxDistance: CGFloat = 0

    package init(root: ViewNode, at point: CGPoint, time: Date) {
        var chain = gestureChain(root, point) ?? []
        // High-priority gestures move ahead of everything inside them.
        var i = 0
        while i < chain.count {
            if chain[i].priority == .high {
                let g = chain.remove(at: i)
                chain.insert(g, at: 0)
            }
            i += 1
        }
        order = chain
        start = point
        startTime = time
        last = (point, time)
        previous = (point, time)
        for g in order {
            if case .drag(let minimum) = g.recognizer?.kind, minimum == 0 { begin(g) }
            // A long press reports `true` as the press begins (its `updating`
            // shows that a press is being detected).
            if case .longPress = g.recognizer?.kind, let r = g.recognizer { for action in r.onChanged { action(true) } }
        }
        if !started.isEmpty { changed() }
    }

    private func exclusiveAvailable(_ g: GestureNode) -> Bool {
        g.priority == .simultaneous || claimed == nil
    }

    private func begin(_ g: GestureNode) {
        guard exclusiveAvailable(g) else { return }
        started.insert(ObjectIdentifier(g))
        if g.priority != .simultaneous { claimed = g }
    }

    private func dragValue(_ g: GestureNode, space: CoordinateSpace) -> DragGesture.Value {
        let dt = last.1.timeIntervalSince(previous.1)
        let location = g.convert(last.0, to: space), before = g.convert(previous.0, to: space)
        let v = dt > 0 ? CGSize(width: (location.x - before.x) / dt, height: (location.y - before.y) / dt) : .zero
        return DragGesture.Value(time: last.1, location: location, startLocation: g.convert(start, to: space),
                                 velocity: v,
                                 predictedEndLocation: CGPoint(x: location.x + v.width * 0.25, y: location.y + v.height * 0.25))
    }

    private func changed() {
        for g in order where started.contains(ObjectIdentifier(g)) {
            guard let r = g.recognizer, case .drag = r.kind else { continue }
            let value = dragValue(g, space: r.coordinateSpace)
            for action in r.onChanged { action(value) }
        }
    }

    package func move(to point: CGPoint, time: Date) {
        previous = last
        last = (point, time)
        maxDistance = max(maxDistance, hypot(point.x - start.x, point.y - start.y))
        for g in order where !started.contains(ObjectIdentifier(g)) {
            if case .drag(let minimum) = g.recognizer?.kind, maxDistance >= minimum,
               !failed.contains(ObjectIdentifier(g)) {
                // A drag along one axis (a list row's swipe) fails when the
                // pointer first moves along the other, leaving it to the
                // gestures around (the list's scrolling).
                if let axis = g.recognizer?.axis {
                    let along = axis == .horizontal ? abs(point.x - start.x) : abs(point.y - start.y)
                    let across = axis == .horizontal ? abs(point.y - start.y) : abs(point.x - start.x)
                    if along <= across {
                        failed.insert(ObjectIdentifier(g))
                        continue
                    }
                }
                begin(g)
            }
            // A long press that moved too far has failed: its gesture states reset now.
            if case .longPress(_, let distance) = g.recognizer?.kind, maxDistance > distance,
               failed.insert(ObjectIdentifier(g)).inserted {
                for finish in g.recognizer?.onFinished ?? [] { finish() }
            }
        }
        changed()
    }

    /// Gestures that failed before the pointer lifted.
    private var failed: Set<ObjectIdentifier> = []

    /// The pointer lifts: drags end; without a drag, taps (the `count`-th of a
    /// sequence) and long presses held long enough recognize.
    package func end(at point: CGPoint, time: Date, tapCount: Int) {
        if point != last.0 {
            move(to: point, time: time)
        } else if time > last.1 {
            // Held still before lifting: the velocity falls to zero.
            previous = last
            last = (point, time)
        }
        // Gesture states go back to their initial values once the press is over.
        defer { for g in order { for finish in g.recognizer?.onFinished ?? [] { finish() } } }
        if !started.isEmpty {
            for g in order where started.contains(ObjectIdentifier(g)) {
                guard let r = g.recognizer else { continue }
                let value = dragValue(g, space: r.coordinateSpace)
                for action in r.onEnded { action(value) }
            }
            // A drag that took the press excludes the others; simultaneous drags
            // alone (a button's pressed state) leave taps to be recognized.
            if claimed != nil { return }
        }
        let held = time.timeIntervalSince(startTime)
        var taken = false
        for g in order {
            guard let r = g.recognizer, g.priority == .simultaneous || !taken else { continue }
            var value: Any? = nil
            switch r.kind {
            case .tap(let count, let spatial):
                if maxDistance <= 10, tapCount % count == 0 {
                    value = spatial ? SpatialTapGesture.Value(location: g.convert(point, to: r.coordinateSpace)) as Any : ()
                }
            case .longPress(let minimum, let distance):
                if held >= minimum, maxDistance <= distance { value = true }
            case .drag:
                break
            }
            guard let value else { continue }
            for action in r.onEnded { action(value) }
            if g.priority != .simultaneous { taken = true }
        }
    }
}

/// Whether a tap at `point` (root coordinates) would reach a tap gesture: an
/// accessibility element there offers activation ("click").
@MainActor
package func tapGestureExists(_ root: ViewNode, at point: CGPoint) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    return (gestureChain(root, point) ?? []).contains { g in
        if case .tap? = g.recognizer?.kind { return true }
        return false
    }
}

/// Where tap gestures may be hit, in root coordinates: each tap gesture's frame
/// (an infinite rectangle for one under a transform effect, whose frame may not be
/// where it is drawn). A quick test before `tapGestureExists`'s hit test.
@MainActor
package func tapGestureRegions(_ root: ViewNode) -> [CGRect] {
    var regions: [CGRect] = []
    func visit(_ node: ViewNode, transformed: Bool, depth: Int) {
        guard depth < 4096, node.allowsHits else { return }
        let transformed = transformed || node is TransformEffectNode
        if let g = node as? GestureNode, case .tap? = g.recognizer?.kind {
            regions.append(transformed ? .infinite : node.frame)
        }
        for child in node.subnodes { visit(child, transformed: transformed, depth: depth + 1) }
    }
    visit(root, transformed: false, depth: 0)
    return regions
}
