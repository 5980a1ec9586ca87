import Foundation
import OpenCanvasDrawing

/// A control that raises and lowers a value by a step: the label leading, the
/// iOS stepper's − and + halves trailing (94 × 32, metrics from
/// ../shared/docs/controls-and-appearance.md §2).
///
///     Stepper("Dots: \(count)", value: $count, in: 1...12)
///
/// A tap on − or + changes the value by `step`, kept in `bounds`; a half that
/// cannot move the value further is drawn dimmed and does nothing. A screen
/// reader hears the label, then "Decrement, Button" and "Increment, Button".
public struct Stepper<Label: View>: View {
    let label: Label
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?
    let onEditingChanged: (Bool) -> Void

    @Environment(\.isEnabled) private var isEnabled

    /// A stepper that runs `onIncrement` and `onDecrement` (a `nil` one's half is
    /// disabled).
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
        self.onEditingChanged = onEditingChanged
    }

    /// A stepper for a value, changed by `step` within `bounds`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        let up = value.wrappedValue < bounds.upperBound
        let down = value.wrappedValue > bounds.lowerBound
        self.init(label: label,
                  onIncrement: up ? {
                      value.wrappedValue = stepped(value.wrappedValue, by: step, up: true).map { min(bounds.upperBound, $0) }
                          ?? bounds.upperBound
                  } : nil,
                  onDecrement: down ? {
                      value.wrappedValue = stepped(value.wrappedValue, by: step, up: false).map { max(bounds.lowerBound, $0) }
                          ?? bounds.lowerBound
                  } : nil,
                  onEditingChanged: onEditingChanged)
    }

    /// A stepper for a value without bounds.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: label,
                  onIncrement: { if let v = stepped(value.wrappedValue, by: step, up: true) { value.wrappedValue = v } },
                  onDecrement: { if let v = stepped(value.wrappedValue, by: step, up: false) { value.wrappedValue = v } },
                  onEditingChanged: onEditingChanged)
    }

    /// The label and the two halves.
    public var body: some View {
        HStack(spacing: 8) {
            label
            Spacer(minLength: 0)
            HStack(spacing: 0) {
                half(isPlus: false, action: onDecrement)
                Rectangle().fill(Color.tertiaryLabel).frame(width: 1, height: 18)
                half(isPlus: true, action: onIncrement)
            }
            .frame(width: 94, height: 32)
            .background(Color.tertiarySystemFill, in: RoundedRectangle(cornerRadius: 8))
        }
        .opacity(isEnabled ? 1 : 0.5)
    }

    private func half(isPlus: Bool, action: (() -> Void)?) -> some View {
        StepperGlyph(isPlus: isPlus)
            .fill(action == nil ? Color.tertiaryLabel : Color.primary)
            .frame(width: 13.33, height: 13.33)
            .frame(width: 46.5, height: 32)
            .contentShape(Rectangle())
            .onTapGesture {
                guard let action else { return }
                onEditingChanged(true)
                action()
                onEditingChanged(false)
            }
            .keyboardPressable(isEnabled: action != nil) {
                guard let action else { return }
                onEditingChanged(true)
                action()
                onEditingChanged(false)
            }
            .accessibilityElement()
            .accessibilityLabel(isPlus ? "Increment" : "Decrement")
            .accessibilityAddTraits(.isButton)
    }
}

extension Stepper where Label == Text {
    /// A stepper with a localized title for a value within `bounds`.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>,
                               step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }

    /// A stepper with a title shown as it is, for a value within `bounds`.
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>,
                                                  step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, label: { Text(title) }, onEditingChanged: onEditingChanged)
    }

    /// A stepper with a localized title for a value without bounds.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }

    /// A stepper with a localized title that runs the two actions.
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement,
                  onEditingChanged: onEditingChanged)
    }
}

/// `value` moved one `step` up or down; `nil` when an integer value would
/// overflow (Swift traps on integer overflow: the stepper then stays put, or
/// stops at its bound).
func stepped<V: Strideable>(_ value: V, by step: V.Stride, up: Bool) -> V? {
    if let v = value as? any FixedWidthInteger, let s = step as? any FixedWidthInteger {
        return checkedStep(v, s, up: up) as? V
    }
    return up ? value.advanced(by: step) : value.advanced(by: -step)
}

private func checkedStep<T: FixedWidthInteger, S: FixedWidthInteger>(_ v: T, _ s: S, up: Bool) -> T? {
    // The step's size as a T (its sign applied below), or no step at all.
    guard let size = T(exactly: s.magnitude) else { return nil }
    let forward = (s >= 0) == up
    let (result, overflow) = forward ? v.addingReportingOverflow(size) : v.subtractingReportingOverflow(size)
    return overflow ? nil : result
}

/// The − bar (13.33 × 2) or the + (two bars crossed), centred in its frame.
private struct StepperGlyph: Shape {
    let isPlus: Bool

    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.addRoundedRect(in: CGRect(x: rect.minX, y: rect.midY - 1, width: rect.width, height: 2),
                         cornerSize: CGSize(width: 1, height: 1))
        if isPlus {
            p.addRoundedRect(in: CGRect(x: rect.midX - 1, y: rect.minY, width: 2, height: rect.height),
                             cornerSize: CGSize(width: 1, height: 1))
        }
        return p
    }
}
