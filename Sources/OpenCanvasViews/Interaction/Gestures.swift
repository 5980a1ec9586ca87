import Foundation
import OpenCanvasDrawing

/// A gesture: taps, drags, long presses, and their `onChanged`/`onEnded` actions.
@MainActor @preconcurrency
public protocol Gesture {
    /// The type of value the gesture reports to its actions.
    associatedtype Value
    /// The type of gesture this one is made of (`Never` for a primitive gesture).
    associatedtype Body: Gesture
    /// The gesture this one is made of.
    var body: Body { get }
}

extension Never: Gesture {
    /// `Never` reports no value.
    public typealias Value = Never
}

extension Gesture where Body == Never {
    /// Primitive gestures have no body; asking for it is a programming error.
    public var body: Never { fatalError("\(Self.self) is a primitive gesture and has no body") }
}

/// What OpenCanvas runs for a gesture: called with pointer events in root
/// coordinates by the host's event dispatch (see `GestureNode`).
@MainActor
final class Recognizer {
    enum Kind {
        /// `spatial`: the value is the location (`SpatialTapGesture`), else `()`.
        case tap(count: Int, spatial: Bool)
        case drag(minimumDistance: CGFloat)
        case longPress(minimumDuration: TimeInterval, maximumDistance: CGFloat)
    }
    let kind: Kind
    let coordinateSpace: CoordinateSpace
    /// For a drag: the axis it must start along (`nil`: any direction).
    var axis: Axis?
    var onChanged: [(Any) -> Void] = []
    var onEnded: [(Any) -> Void] = []
    /// Run when the pointer session that involved the gesture is over, whether it
    /// succeeded or not (`GestureState` resets).
    var onFinished: [() -> Void] = []

    init(kind: Kind, coordinateSpace: CoordinateSpace) {
        self.kind = kind
        self.coordinateSpace = coordinateSpace
    }
}

/// Gestures OpenCanvas recognizes itself.
@MainActor
protocol PrimitiveGesture {
    func makeRecognizer() -> Recognizer
}

extension PrimitiveGesture {
    /// The recognizer of `gesture`, a value of this type (`G` is `Self`), reached
    /// without boxing the value in an existential (see `PrimitiveView.makeNode(of:environment:)`).
    static func makeRecognizer<G>(of gesture: G) -> Recognizer {
        withUnsafePointer(to: gesture) { pointer in
            UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self).pointee.makeRecognizer()
        }
    }
}

@MainActor
func recognizer<G: Gesture>(for gesture: G) -> Recognizer? {
    if let primitive = G.self as? any PrimitiveGesture.Type { return primitive.makeRecognizer(of: gesture) }
    if G.Body.self == Never.self { return nil }
    return recognizer(for: gesture.body)
}

/// A tap, or several in a sequence.
public struct TapGesture: Gesture, PrimitiveGesture {
    /// How many taps the gesture needs (at least 1).
    public var count: Int
    /// A gesture of `count` taps (values below 1 become 1).
    public init(count: Int = 1) { self.count = max(1, count) }
    /// A tap reports no value, only that it happened.
    public typealias Value = Void
    /// A primitive gesture: OpenCanvas recognizes it itself.
    public typealias Body = Never
    func makeRecognizer() -> Recognizer { Recognizer(kind: .tap(count: count, spatial: false), coordinateSpace: .local) }
}

/// A tap that reports where it landed.
public struct SpatialTapGesture: Gesture, PrimitiveGesture {
    /// Where a spatial tap landed.
    public struct Value: Equatable, Sendable {
        /// The tap's location, in the gesture's coordinate space.
        public var location: CGPoint
    }
    /// How many taps the gesture needs (at least 1).
    public var count: Int
    /// The coordinate space the tap's location is given in.
    public var coordinateSpace: CoordinateSpace
    /// A gesture of `count` taps (values below 1 become 1) reporting its location in `coordinateSpace`.
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = max(1, count)
        self.coordinateSpace = coordinateSpace
    }
    /// A primitive gesture: OpenCanvas recognizes it itself.
    public typealias Body = Never
    func makeRecognizer() -> Recognizer {
        Recognizer(kind: .tap(count: count, spatial: true), coordinateSpace: coordinateSpace)
    }
}

/// A drag: recognized once the pointer has moved `minimumDistance` points.
public struct DragGesture: Gesture, PrimitiveGesture {
    /// The state of a drag: where it started and where the pointer is now.
    public struct Value: Equatable, Sendable {
        /// When the latest pointer event of the drag happened.
        public var time: Date
        /// The pointer's current location, in the gesture's coordinate space.
        public var location: CGPoint
        /// Where the drag started, in the gesture's coordinate space.
        public var startLocation: CGPoint
        /// How far the pointer has moved since the start: `location` minus `startLocation`.
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        /// Points per second, from the last two pointer positions.
        public var velocity: CGSize
        /// Where the drag would stop if released now: the location carried on by the
        /// velocity for a quarter of a second (OpenCanvas's choice; Apple does not
        /// document its prediction).
        public var predictedEndLocation: CGPoint
        /// The translation at `predictedEndLocation`.
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }
    /// How far, in points, the pointer must move before the drag is recognized.
    public var minimumDistance: CGFloat
    /// The coordinate space the drag's locations are given in.
    public var coordinateSpace: CoordinateSpace
    /// A drag recognized after `minimumDistance` points (negative values become 0,
    /// non-finite ones 10), reporting locations in `coordinateSpace`.
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance.isFinite ? max(0, minimumDistance) : 10
        self.coordinateSpace = coordinateSpace
    }
    /// A primitive gesture: OpenCanvas recognizes it itself.
    public typealias Body = Never
    func makeRecognizer() -> Recognizer {
        Recognizer(kind: .drag(minimumDistance: minimumDistance), coordinateSpace: coordinateSpace)
    }
}

/// A press held for `minimumDuration` without moving more than `maximumDistance`.
public struct LongPressGesture: Gesture, PrimitiveGesture {
    /// How long, in seconds, the press must be held.
    public var minimumDuration: Double
    /// How far, in points, the pointer may move before the press fails.
    public var maximumDistance: CGFloat
    /// A long press held `minimumDuration` seconds within `maximumDistance` points (negative
    /// values become 0; non-finite ones the defaults). It succeeds when the pointer
    /// lifts after that time, not while the press is still held.
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration.isFinite ? max(0, minimumDuration) : 0.5
        self.maximumDistance = maximumDistance.isFinite ? max(0, maximumDistance) : 10
    }
    /// `true` while the press is being detected and when it succeeds.
    public typealias Value = Bool
    /// A primitive gesture: OpenCanvas recognizes it itself.
    public typealias Body = Never
    func makeRecognizer() -> Recognizer {
        Recognizer(kind: .longPress(minimumDuration: minimumDuration, maximumDistance: maximumDistance),
                   coordinateSpace: .local)
    }
}

/// A gesture with an action when its value changes.
public struct _ChangedGesture<Content: Gesture>: Gesture, PrimitiveGesture {
    let content: Content
    let action: (Content.Value) -> Void
    public typealias Value = Content.Value
    public typealias Body = Never
    func makeRecognizer() -> Recognizer {
        let r = recognizer(for: content) ?? Recognizer(kind: .tap(count: 1, spatial: false), coordinateSpace: .local)
        let action = self.action
        r.onChanged.append { if let v = $0 as? Content.Value { action(v) } }
        return r
    }
}

/// A gesture with an action when it ends.
public struct _EndedGesture<Content: Gesture>: Gesture, PrimitiveGesture {
    let content: Content
    let action: (Content.Value) -> Void
    public typealias Value = Content.Value
    public typealias Body = Never
    func makeRecognizer() -> Recognizer {
        let r = recognizer(for: content) ?? Recognizer(kind: .tap(count: 1, spatial: false), coordinateSpace: .local)
        let action = self.action
        r.onEnded.append { if let v = $0 as? Content.Value { action(v) } }
        return r
    }
}

extension Gesture {
    /// Runs `action` each time the gesture's value changes (a drag's position).
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
        _ChangedGesture(content: self, action: action)
    }

    /// Runs `action` when the gesture succeeds.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
}

/// How a view's gesture competes with its descendants'.
enum GesturePriority { case normal, high, simultaneous }

/// The modifier `gesture(_:)` and its kin attach: the gesture value itself (no
/// closure is made for it), recognized by the node it makes.
public struct _GestureModifier<G: Gesture>: _PrimitiveViewModifier {
    let gesture: G
    let priority: GesturePriority
}

extension _GestureModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        // A disabled view (`.disabled(true)` here or above) recognizes no gesture.
        ViewGraph.node(AttachedGestureNode<G>.self) {
            OpenCanvasViews.makeNode(content, environment: environment)
        } update: { kept, child in
            kept.update(child: child, gesture: gesture, enabled: environment.isEnabled, priority: priority)
        } make: { child in
            AttachedGestureNode(child: child, gesture: gesture, enabled: environment.isEnabled, priority: priority)
        }
    }
}

extension View {
    /// Attaches a gesture; a descendant's gesture at the same point takes precedence.
    public func gesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier<G>> {
        ModifiedContent(content: self, modifier: _GestureModifier(gesture: gesture, priority: .normal))
    }

    /// Attaches a gesture that takes precedence over its descendants'.
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier<G>> {
        ModifiedContent(content: self, modifier: _GestureModifier(gesture: gesture, priority: .high))
    }

    /// Attaches a gesture recognized together with the others at the same point.
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier<G>> {
        ModifiedContent(content: self, modifier: _GestureModifier(gesture: gesture, priority: .simultaneous))
    }
}
