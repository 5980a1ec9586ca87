import Foundation
import OpenCanvasDrawing

/// A value that a gesture updates while it is in progress (`updating`), and that
/// returns to its initial value when the gesture ends: a drag's offset while the
/// finger is down, a long press being detected.
@MainActor @propertyWrapper
public struct GestureState<Value>: GraphProperty {
    let state: State<Value>
    let initial: Value
    let reset: (Value, inout Transaction) -> Void

    /// A gesture state that starts at, and goes back to, `wrappedValue`.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, reset: { _, _ in })
    }

    /// A gesture state that starts at, and goes back to, `initialValue`.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// A gesture state that goes back to its initial value with `resetTransaction`
    /// (an animation, say).
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: wrappedValue, reset: { _, t in t = resetTransaction })
    }

    /// A gesture state that goes back to `initialValue` with `resetTransaction`.
    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }

    /// A gesture state whose reset can set its transaction.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        state = State(wrappedValue: wrappedValue)
        initial = wrappedValue
        self.reset = reset
    }

    /// A gesture state that goes back to `initialValue`, with a reset that can set its transaction.
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    /// The value: read-only for views; gestures change it through `updating`.
    public var wrappedValue: Value { state.wrappedValue }

    /// The gesture state itself, for passing to a gesture's `updating(_:body:)` as `$name`.
    public var projectedValue: GestureState<Value> { self }

    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues) {
        state.install(in: graph, key: key, environment: environment)
    }

    func update(_ value: Value, transaction: Transaction) {
        withTransaction(transaction) { state.wrappedValue = value }
    }

    func resetToInitial() {
        var transaction = Transaction()
        reset(state.wrappedValue, &transaction)
        withTransaction(transaction) { state.wrappedValue = initial }
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    /// An optional gesture state that starts at, and goes back to, `nil` with `resetTransaction`.
    public init(resetTransaction: Transaction = Transaction()) {
        self.init(wrappedValue: nil, resetTransaction: resetTransaction)
    }
}

/// A gesture that updates a `GestureState` as its value changes.
public struct GestureStateGesture<Base: Gesture, State>: Gesture, PrimitiveGesture {
    /// The value of the gesture it wraps.
    public typealias Value = Base.Value
    /// A primitive gesture: OpenCanvas recognizes it itself.
    public typealias Body = Never
    let base: Base
    let state: GestureState<State>
    let body: (Value, inout State, inout Transaction) -> Void

    func makeRecognizer() -> Recognizer {
        let r = recognizer(for: base) ?? Recognizer(kind: .tap(count: 1, spatial: false), coordinateSpace: .local)
        let state = self.state, body = self.body
        r.onChanged.append { value in
            guard let v = value as? Value else { return }
            var s = state.wrappedValue
            var transaction = Transaction()
            body(v, &s, &transaction)
            state.update(s, transaction: transaction)
        }
        // When the pointer lifts, whether or not the gesture succeeded.
        r.onFinished.append { state.resetToInitial() }
        return r
    }
}

extension Gesture {
    /// Updates `state` each time the gesture's value changes; `state` goes back to
    /// its initial value when the gesture ends.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void)
        -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
}
