import Foundation
import OpenCanvasDrawing

/// A view that shows progress: a bar filled to a fraction of its width (linear),
/// or iOS's spinner of eight spokes while the amount is not known (circular).
///
///     ProgressView(value: downloaded, total: size) { Text("Downloading") }
///     ProgressView()                          // a spinner, turning once a second
///
/// The bar is 4 points tall, rounded, the tint over the system fill, its label
/// above it and its current value label below; the spinner is 20 × 20 (spokes
/// 2 wide from a third of the radius out, fading by age: metrics from
/// ../shared/docs/controls-and-appearance.md §2) and turns with the host's clock.
/// A value that is not finite, or a total that is not positive, shows an empty
/// bar. On iOS `.circular` ignores the value: it always spins.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double?
    let label: Label?
    let currentValueLabel: CurrentValueLabel?

    @Environment(\.progressViewStyle) private var style

    init(fraction: Double?, label: Label?, currentValueLabel: CurrentValueLabel?) {
        self.fraction = fraction
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    /// The progress as its style draws it.
    public var body: some View {
        (style ?? AnyStyle(DefaultProgressViewStyle())).makeBody(ProgressViewStyleConfiguration(
            fractionCompleted: fraction, label: label.map(_ConfigurationLabel.init),
            currentValueLabel: currentValueLabel.map(_ConfigurationLabel.init)))
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner: progress of an unknown amount.
    public init() { self.init(fraction: nil, label: nil, currentValueLabel: nil) }

    /// A bar filled to `value` of `total` (a spinner when `value` is nil).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: ProgressFraction.of(value, total), label: nil, currentValueLabel: nil)
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A spinner with a label.
    public init(@ViewBuilder label: () -> Label) {
        self.init(fraction: nil, label: label(), currentValueLabel: nil)
    }

    /// A bar with a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: ProgressFraction.of(value, total), label: label(), currentValueLabel: nil)
    }
}

extension ProgressView {
    /// A bar with a label and a label for the current value.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(fraction: ProgressFraction.of(value, total), label: label(), currentValueLabel: currentValueLabel())
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// A spinner with a localized title.
    public init(_ titleKey: LocalizedStringKey) {
        self.init(fraction: nil, label: Text(titleKey), currentValueLabel: nil)
    }

    /// A bar with a localized title.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(fraction: ProgressFraction.of(value, total), label: Text(titleKey), currentValueLabel: nil)
    }

    /// A bar with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: ProgressFraction.of(value, total), label: Text(title), currentValueLabel: nil)
    }
}

enum ProgressFraction {
    /// `value / total` in 0…1; `nil` without a value; 0 for values that are not
    /// finite or a total that is not positive.
    static func of<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double? {
        guard let value else { return nil }
        let v = Double(value), t = Double(total)
        guard v.isFinite, t.isFinite, t > 0 else { return 0 }
        return min(1, max(0, v / t))
    }
}

/// What a progress view style is given.
@MainActor
public struct ProgressViewStyleConfiguration {
    /// A progress view's label, as a view.
    public typealias Label = _ConfigurationLabel
    /// A progress view's current-value label, as a view.
    public typealias CurrentValueLabel = _ConfigurationLabel

    /// The part done, 0…1, or `nil` when it is not known.
    public let fractionCompleted: Double?
    /// The progress view's label, if it has one.
    public var label: Label?
    /// The label of the current value, if it has one.
    public var currentValueLabel: CurrentValueLabel?
}

/// How progress views look; `progressViewStyle(_:)` sets it for those inside a view.
@MainActor @preconcurrency
public protocol ProgressViewStyle {
    /// The view a configuration becomes.
    associatedtype Body: View
    /// The properties of a progress view.
    typealias Configuration = ProgressViewStyleConfiguration
    /// The progress view drawn from its configuration.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

extension AnyStyle where Configuration == ProgressViewStyleConfiguration {
    init<S: ProgressViewStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

extension EnvironmentValues {
    /// The style of progress views (`nil`: the default).
    var progressViewStyle: AnyStyle<ProgressViewStyleConfiguration>? {
        get { self[StyleKey<ProgressViewStyleConfiguration>.self] }
        set { self[StyleKey<ProgressViewStyleConfiguration>.self] = newValue }
    }
}

extension View {
    /// The style of the progress views inside this view.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environment(\.progressViewStyle, AnyStyle(style))
    }
}

/// The default: a bar for a known amount, a spinner otherwise.
public struct DefaultProgressViewStyle: ProgressViewStyle {
    /// The default style.
    public init() {}
    /// A bar or a spinner.
    public func makeBody(configuration: Configuration) -> some View {
        if configuration.fractionCompleted != nil {
            LinearProgressViewStyle().makeBody(configuration: configuration)
        } else {
            CircularProgressViewStyle().makeBody(configuration: configuration)
        }
    }
}

/// A bar: the tint over the system fill, 4 points tall, the label above.
public struct LinearProgressViewStyle: ProgressViewStyle {
    /// The linear style.
    public init() {}
    /// The bar and its labels (an empty bar when the amount is not known).
    public func makeBody(configuration: Configuration) -> some View {
        LinearProgress(configuration: configuration)
    }
}

/// A spinner (on iOS whatever the value), its label below.
public struct CircularProgressViewStyle: ProgressViewStyle {
    /// The circular style.
    public init() {}
    /// The spinner and its label.
    public func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 8) {
            Spinner()
            if let label = configuration.label { label.foregroundColor(.secondary) }
        }
        .accessibilityElement(children: .combine)
        .accessibilityValue("In progress")
        .accessibilityAddTraits(.updatesFrequently)
    }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// A bar for a known amount, a spinner otherwise.
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A bar.
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A spinner.
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

private struct LinearProgress: View {
    let configuration: ProgressViewStyleConfiguration
    @Environment(\.tint) private var tint

    var body: some View {
        let fraction = configuration.fractionCompleted ?? 0
        VStack(alignment: .leading, spacing: 4) {
            if let label = configuration.label { label }
            GeometryReader { proxy in
                ZStack(alignment: .leading) {
                    Capsule().fill(Color.systemFill)
                    Capsule().fill(tint ?? .accentColor).frame(width: proxy.size.width * CGFloat(fraction))
                }
            }
            .frame(height: 4)
            if let current = configuration.currentValueLabel { current.font(.caption).foregroundColor(.secondary) }
        }
        .accessibilityElement(children: .combine)
        .accessibilityValue("\(Int((fraction * 100).rounded()))%")
    }
}

/// Eight spokes, the newest darkest, stepping an eighth of a turn each eighth of
/// a second (a turn a second) on the host's clock.
private struct Spinner: View {
    var body: some View {
        TimelineView(.periodic(from: .distantPast, by: 0.125)) { timeline in
            Canvas { context, size in
                let ticks = (timeline.date.timeIntervalSinceReferenceDate * 8).rounded(.down)
                let step = ticks.isFinite ? Int(ticks.truncatingRemainder(dividingBy: 8) + 8) % 8 : 0
                let radius = min(size.width, size.height) / 2
                // Alphas by age, newest first (Flutter's, "extracted from iOS 13.2").
                let alphas: [Double] = [147, 122, 97, 72, 47, 47, 47, 47]
                context.translateBy(x: size.width / 2, y: size.height / 2)
                for k in 0..<8 {
                    let age = (step - k + 8) % 8
                    let angle = Double(k) * .pi / 4 - .pi / 2
                    var spoke = Path()
                    spoke.move(to: CGPoint(x: cos(angle) * radius / 3, y: sin(angle) * radius / 3))
                    spoke.addLine(to: CGPoint(x: cos(angle) * (radius - 1), y: sin(angle) * (radius - 1)))
                    context.stroke(spoke, with: .color(Color.activityIndicator.opacity(alphas[age] / 255)),
                                   style: StrokeStyle(lineWidth: 2, lineCap: .round))
                }
            }
        }
        .frame(width: 20, height: 20)
    }
}
