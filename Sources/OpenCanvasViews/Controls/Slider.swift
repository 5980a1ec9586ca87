import Foundation
import OpenCanvasDrawing

/// A control for a value in a range, as iOS draws it: a track the control's
/// width, filled in the tint up to a white 28-point thumb.
///
///     Slider(value: $speed, in: 0...10, step: 0.5) { Text("Speed") }
///         minimumValueLabel: { Text("0") } maximumValueLabel: { Text("10") }
///
/// A drag that starts on the thumb (within 22 points of its centre) moves the
/// value; a tap on the track does not, as on iOS. `onEditingChanged` hears
/// `true` when a drag starts and `false` when it ends. A screen reader hears
/// "<label>, <percent>%, Adjustable". A range or step that is not finite is
/// replaced by 0…1 and no step.
public struct Slider<Label: View, ValueLabel: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?
    let onEditingChanged: (Bool) -> Void

    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    /// The value, as a fraction of the range, where the current drag on the thumb
    /// began (`nil`: no drag on the thumb).
    @State private var dragStart: Double?

    init<V: BinaryFloatingPoint>(value: Binding<V>, bounds: ClosedRange<V>, step: V?, label: Label,
                                 minimum: ValueLabel?, maximum: ValueLabel?, onEditingChanged: @escaping (Bool) -> Void)
        where V.Stride: BinaryFloatingPoint {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = value.wrappedValue.same(as: $0) })
        let low = Double(bounds.lowerBound), high = Double(bounds.upperBound)
        self.bounds = low.isFinite && high.isFinite ? low...high : 0...1
        var stepSize: Double?
        if let step, Double(step).isFinite, Double(step) > 0 { stepSize = Double(step) }
        self.step = stepSize
        self.label = label
        self.minimumValueLabel = minimum
        self.maximumValueLabel = maximum
        self.onEditingChanged = onEditingChanged
    }

    /// The value as a fraction of the range, 0…1.
    private var fraction: Double {
        let span = bounds.upperBound - bounds.lowerBound
        guard span > 0, value.wrappedValue.isFinite else { return 0 }
        return min(1, max(0, (value.wrappedValue - bounds.lowerBound) / span))
    }

    /// A screen reader's increment (or an arrow key) moves a step, or a tenth of
    /// the range (as UISlider).
    private func adjust(_ direction: AccessibilityAdjustmentDirection) {
        guard isEnabled else { return }
        let span = bounds.upperBound - bounds.lowerBound
        let change = (step ?? span / 10) * (direction == .increment ? 1 : -1)
        value.wrappedValue = valueAt(fraction(of: (value.wrappedValue.isFinite ? value.wrappedValue : bounds.lowerBound) + change))
    }

    /// A value as a fraction of the range (not clamped).
    private func fraction(of v: Double) -> Double {
        let span = bounds.upperBound - bounds.lowerBound
        return span > 0 ? (v - bounds.lowerBound) / span : 0
    }

    /// A fraction of the range as a value: clamped, on a step if there is one.
    private func valueAt(_ f: Double) -> Double {
        let span = bounds.upperBound - bounds.lowerBound
        var v = bounds.lowerBound + min(1, max(0, f)) * span
        if let step {
            v = bounds.lowerBound + ((v - bounds.lowerBound) / step).rounded() * step
            v = min(bounds.upperBound, max(bounds.lowerBound, v))
        }
        return v
    }

    /// The labels around the track.
    public var body: some View {
        HStack(spacing: 8) {
            if let minimumValueLabel { minimumValueLabel.foregroundColor(.secondary).accessibilityHidden(true) }
            GeometryReader { proxy in
                track(width: proxy.size.width)
            }
            .frame(height: 34)
            if let maximumValueLabel { maximumValueLabel.foregroundColor(.secondary).accessibilityHidden(true) }
        }
        .frame(minWidth: 44)
        .opacity(isEnabled ? 1 : 0.5)
        // With keyboard navigation, Tab reaches it and the arrows move it.
        .keyboardControl(isEnabled: isEnabled) { press in
            switch press.key {
            case .rightArrow, .upArrow: adjust(.increment)
            case .leftArrow, .downArrow: adjust(.decrement)
            default: return .ignored
            }
            return .handled
        }
        .accessibilityElement(children: .combine)
        .accessibilityValue("\(Int((fraction * 100).rounded()))%")
        .accessibilityAddTraits(.adjustable)
        .accessibilityEnabled(isEnabled)
        .accessibilityNumericValue(AccessibilityNumericValue(current: value.wrappedValue.isFinite ? value.wrappedValue : bounds.lowerBound,
                                                             range: bounds, step: step ?? 0)) { v in
            guard isEnabled, v.isFinite else { return }
            value.wrappedValue = valueAt(fraction(of: v))
        }
        .accessibilityAdjustableAction { adjust($0) }
        // iOS does not draw a slider's label; a screen reader reads it.
        .accessibilityLabel(readingOf: label)
    }

    /// The track and the thumb; the thumb's centre runs from 14 points in to 14
    /// points from the end.
    private func track(width: CGFloat) -> some View {
        let travel = max(0, width - 28)
        let centre = 14 + CGFloat(fraction) * travel
        return ZStack(alignment: .leading) {
            Capsule().fill(Color.systemFill).frame(height: 4)
            Capsule().fill(tint ?? .accentColor).frame(width: centre, height: 4)
            Circle().fill(Color.white)
                .overlay(Circle().strokeBorder(Color.black.opacity(0.04), lineWidth: 0.5))
                .shadow(color: .black.opacity(0.15), radius: 4, x: 0, y: 3)
                .shadow(color: .black.opacity(0.16), radius: 0.5, x: 0, y: 1)
                .frame(width: 28, height: 28)
                .offset(x: centre - 14)
        }
        .frame(width: width, height: 34)
        .contentShape(Rectangle())
        .gesture(DragGesture(minimumDistance: 0)
            .onChanged { drag in
                if dragStart == nil {
                    guard abs(drag.startLocation.x - centre) <= 22 else { return }
                    dragStart = fraction
                    onEditingChanged(true)
                }
                guard let start = dragStart, travel > 0 else { return }
                let moved = Double(drag.translation.width / travel)
                guard moved.isFinite else { return }
                value.wrappedValue = valueAt(start + moved)
            }
            .onEnded { _ in
                guard dragStart != nil else { return }
                dragStart = nil
                onEditingChanged(false)
            })
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// A slider for `value` in `bounds` (0…1 by default).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, step: nil, label: EmptyView(), minimum: nil, maximum: nil,
                  onEditingChanged: onEditingChanged)
    }

    /// A slider for `value` in `bounds` that moves in steps of `step`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, step: V(step), label: EmptyView(), minimum: nil, maximum: nil,
                  onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    /// A slider with a label (read by a screen reader; iOS does not draw it).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, step: nil, label: label(), minimum: nil, maximum: nil,
                  onEditingChanged: onEditingChanged)
    }

    /// A slider with a label that moves in steps of `step`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, step: V(step), label: label(), minimum: nil, maximum: nil,
                  onEditingChanged: onEditingChanged)
    }
}

extension Slider {
    /// A slider with a label and views at the low and high ends of the track.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, step: nil, label: label(), minimum: minimumValueLabel(),
                  maximum: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }

    /// A stepped slider with a label and views at the ends of the track.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
        where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, step: V(step), label: label(), minimum: minimumValueLabel(),
                  maximum: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }
}

extension BinaryFloatingPoint {
    /// `value` in this value's type (an instance method, so that a closure using
    /// it captures no metatype).
    fileprivate func same(as value: Double) -> Self { Self(value) }
}
