import Foundation
import OpenCanvasDrawing

/// A view that shows a value within a range, as iOS 16+ draws gauges:
///
///     Gauge(value: battery, in: 0...100) { Text("Battery") } currentValueLabel: { Text("\(Int(battery))%") }
///         .gaugeStyle(.accessoryCircularCapacity)
///
/// The default (`.linearCapacity` on iOS) is a bar with the label above it, the
/// current value label below, and the minimum and maximum labels at its ends;
/// `.accessoryLinearCapacity` is a thinner bar, `.accessoryLinear` a track with a
/// marker, `.accessoryCircularCapacity` a ring filled clockwise from the top with
/// the current value inside, `.accessoryCircular` an open arc with a marker.
/// A value outside the range is clamped; one that is not finite shows the minimum.
/// A screen reader hears "<label>, <current value label>" (the percentage when
/// there is no current value label).
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?

    @Environment(\.gaugeStyle) private var style

    init<V: BinaryFloatingPoint>(value: V, bounds: ClosedRange<V>, label: Label, current: CurrentValueLabel?,
                                 minimum: BoundsLabel?, maximum: BoundsLabel?) {
        let low = Double(bounds.lowerBound), high = Double(bounds.upperBound), v = Double(value)
        if low.isFinite, high.isFinite, high > low, v.isFinite {
            fraction = min(1, max(0, (v - low) / (high - low)))
        } else {
            fraction = 0
        }
        self.label = label
        currentValueLabel = current
        minimumValueLabel = minimum
        maximumValueLabel = maximum
    }

    /// The gauge as its style draws it.
    public var body: some View {
        (style ?? AnyStyle(DefaultGaugeStyle())).makeBody(GaugeStyleConfiguration(
            value: fraction, label: _ConfigurationLabel(label),
            currentValueLabel: currentValueLabel.map(_ConfigurationLabel.init),
            minimumValueLabel: minimumValueLabel.map(_ConfigurationLabel.init),
            maximumValueLabel: maximumValueLabel.map(_ConfigurationLabel.init)))
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge for `value` in `bounds` with a label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, bounds: bounds, label: label(), current: nil, minimum: nil, maximum: nil)
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge with a label and a label for the current value.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: value, bounds: bounds, label: label(), current: currentValueLabel(), minimum: nil, maximum: nil)
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    /// A gauge with a label, a current value label and labels for the two ends.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
                                        @ViewBuilder maximumValueLabel: () -> BoundsLabel) {
        self.init(value: value, bounds: bounds, label: label(), current: currentValueLabel(),
                  minimum: minimumValueLabel(), maximum: maximumValueLabel())
    }
}

/// What a gauge style is given.
@MainActor
public struct GaugeStyleConfiguration {
    /// One of a gauge's labels, as a view.
    public typealias Label = _ConfigurationLabel
    /// A gauge's current value label (the same view type as its other labels).
    public typealias CurrentValueLabel = Label
    /// A gauge's minimum or maximum label.
    public typealias MinimumValueLabel = Label
    /// A gauge's minimum or maximum label.
    public typealias MaximumValueLabel = Label

    /// The value as a fraction of the range, 0…1.
    public var value: Double
    /// What the gauge measures.
    public var label: Label
    /// The value as text, if given.
    public var currentValueLabel: CurrentValueLabel?
    /// The label at the low end, if given.
    public var minimumValueLabel: MinimumValueLabel?
    /// The label at the high end, if given.
    public var maximumValueLabel: MaximumValueLabel?
}

/// How gauges look; `gaugeStyle(_:)` sets it for the gauges inside a view.
@MainActor @preconcurrency
public protocol GaugeStyle {
    /// The view a configuration becomes.
    associatedtype Body: View
    /// The properties of a gauge.
    typealias Configuration = GaugeStyleConfiguration
    /// The gauge drawn from its configuration.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

extension AnyStyle where Configuration == GaugeStyleConfiguration {
    init<S: GaugeStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

extension EnvironmentValues {
    /// The style of gauges (`nil`: the default, a linear capacity bar on iOS).
    var gaugeStyle: AnyStyle<GaugeStyleConfiguration>? {
        get { self[StyleKey<GaugeStyleConfiguration>.self] }
        set { self[StyleKey<GaugeStyleConfiguration>.self] = newValue }
    }
}

extension View {
    /// The style of the gauges inside this view.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        environment(\.gaugeStyle, AnyStyle(style))
    }
}

/// The default gauge style: a linear capacity bar on iOS.
public struct DefaultGaugeStyle: GaugeStyle {
    /// The default style.
    public init() {}
    /// The gauge as a linear capacity bar.
    public func makeBody(configuration: Configuration) -> some View {
        LinearCapacityGaugeStyle().makeBody(configuration: configuration)
    }
}

/// A bar filled to the value (8 points tall, rounded), the label above it, the
/// current value label below, the end labels at its ends.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    /// The linear capacity style.
    public init() {}
    /// The labelled bar.
    public func makeBody(configuration: Configuration) -> some View {
        LinearGauge(configuration: configuration, height: 8, showsLabel: true, marker: false)
    }
}

/// A thin bar for small places (widgets, complications): 4 points tall, the end
/// labels at its sides.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    /// The accessory linear capacity style.
    public init() {}
    /// The thin bar.
    public func makeBody(configuration: Configuration) -> some View {
        LinearGauge(configuration: configuration, height: 4, showsLabel: true, marker: false)
    }
}

/// A track with a marker at the value.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    /// The accessory linear style.
    public init() {}
    /// The track and its marker.
    public func makeBody(configuration: Configuration) -> some View {
        LinearGauge(configuration: configuration, height: 4, showsLabel: true, marker: true)
    }
}

/// A ring (58 points across) filled clockwise from the top, the current value
/// label (or the label) inside.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    /// The accessory circular capacity style.
    public init() {}
    /// The ring.
    public func makeBody(configuration: Configuration) -> some View {
        CircularGauge(configuration: configuration, capacity: true)
    }
}

/// An open arc (three quarters of a circle, 58 points across) with a marker at
/// the value, the current value label inside and the end labels at the ends.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    /// The accessory circular style.
    public init() {}
    /// The arc and its marker.
    public func makeBody(configuration: Configuration) -> some View {
        CircularGauge(configuration: configuration, capacity: false)
    }
}

extension GaugeStyle where Self == DefaultGaugeStyle {
    /// The default style.
    public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    /// A labelled bar.
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    /// A thin bar.
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { AccessoryLinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    /// A track with a marker.
    public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    /// A ring.
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { AccessoryCircularCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    /// An open arc with a marker.
    public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() }
}

private struct LinearGauge: View {
    let configuration: GaugeStyleConfiguration
    let height: CGFloat
    let showsLabel: Bool
    let marker: Bool
    @Environment(\.tint) private var tint

    var body: some View {
        let c = configuration
        VStack(alignment: .leading, spacing: 4) {
            if showsLabel { c.label.font(.subheadline) }
            HStack(spacing: 6) {
                if let low = c.minimumValueLabel { low.font(.caption).foregroundColor(.secondary) }
                GeometryReader { proxy in
                    let w = proxy.size.width
                    ZStack(alignment: .leading) {
                        Capsule().fill(Color.systemFill).frame(height: height)
                        if marker {
                            Circle().fill(tint ?? .accentColor)
                                .frame(width: height * 2, height: height * 2)
                                .offset(x: max(0, min(w - height * 2, w * c.value - height)))
                        } else {
                            Capsule().fill(tint ?? .accentColor).frame(width: w * c.value, height: height)
                        }
                    }
                    .frame(maxHeight: .infinity)
                }
                .frame(height: marker ? height * 2 : height)
                if let high = c.maximumValueLabel { high.font(.caption).foregroundColor(.secondary) }
            }
            if let current = c.currentValueLabel { current.font(.caption).foregroundColor(.secondary) }
        }
        .accessibilityElement(children: .ignore)
        .modifier(GaugeReading(configuration: c))
    }
}

private struct CircularGauge: View {
    let configuration: GaugeStyleConfiguration
    let capacity: Bool
    @Environment(\.tint) private var tint

    var body: some View {
        let c = configuration
        let color = tint ?? .accentColor
        ZStack {
            if capacity {
                Circle().stroke(Color.systemFill, lineWidth: 6)
                Circle().trim(from: 0, to: c.value)
                    .stroke(color, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                    .rotationEffect(.degrees(-90))
            } else {
                // Three quarters of a circle, open at the bottom: from 135° to 405°.
                Circle().trim(from: 0, to: 0.75)
                    .stroke(Color.systemFill, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                    .rotationEffect(.degrees(135))
                GeometryReader { proxy in
                    let r = min(proxy.size.width, proxy.size.height) / 2 - 3
                    let angle = (135 + 270 * c.value) * .pi / 180
                    Circle().fill(color).frame(width: 8, height: 8)
                        .position(x: proxy.size.width / 2 + cos(angle) * r, y: proxy.size.height / 2 + sin(angle) * r)
                }
            }
            Group {
                if let current = c.currentValueLabel { current } else { c.label }
            }
            .font(.caption)
            .padding(8)
        }
        .frame(width: 58, height: 58)
        .accessibilityElement(children: .ignore)
        .modifier(GaugeReading(configuration: c))
    }
}

/// A gauge's accessibility: its label, and its current value label or percentage.
private struct GaugeReading: ViewModifier {
    let configuration: GaugeStyleConfiguration

    func body(content: Content) -> some View {
        let c = configuration
        if let current = c.currentValueLabel {
            content.accessibilityValue(readingOf: current).accessibilityLabel(readingOf: c.label)
        } else {
            content.accessibilityValue("\(Int((c.value * 100).rounded()))%").accessibilityLabel(readingOf: c.label)
        }
    }
}
