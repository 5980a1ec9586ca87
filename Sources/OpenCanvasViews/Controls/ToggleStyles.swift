import Foundation
import OpenCanvasDrawing

/// The iOS switch: the label leading, a 51 × 31 track trailing with a 28-point
/// white knob (metrics: ../shared/docs/controls-and-appearance.md §2, iOS 17.5).
/// On, the track is the tint (green unless `.tint` says otherwise); off, the
/// secondary system fill.
public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?

    /// The switch in the environment's tint (green by default).
    public init() { tint = nil }

    /// The switch with an on colour of its own.
    public init(tint: Color) { self.tint = tint }

    /// The switch and its label.
    public func makeBody(configuration: Configuration) -> some View {
        SwitchRow(configuration: configuration, styleTint: tint)
    }
}

private struct SwitchRow: View {
    let configuration: ToggleStyleConfiguration
    let styleTint: Color?
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.labelsHidden) private var labelsHidden

    var body: some View {
        HStack(spacing: 8) {
            if !labelsHidden {
                configuration.label
                Spacer(minLength: 0)
            }
            SwitchTrack(isOn: configuration.$isOn, onColor: styleTint ?? tint ?? .green)
        }
        .opacity(isEnabled ? 1 : 0.5)
        .accessibilityElement(children: .combine)
        .accessibilityValue(configuration.isOn ? "on" : "off")
        .accessibilityAddTraits(.isToggle)
        .accessibilityChecked(configuration.isOn)
        .accessibilityEnabled(isEnabled)
        // Activation flips it (a tap at the row's centre may land between label and switch).
        .accessibilityAction { if isEnabled { configuration.isOn.toggle() } }
        // A hidden label is not drawn, but a screen reader still reads it (a drawn
        // one is read through `.combine`).
        .accessibilityLabel(readingOf: labelsHidden ? configuration.label : nil)
    }
}

/// The track and the knob: a tap flips the switch, a horizontal drag sets it by
/// its direction (the knob slides 20 points over 0.2 s, eased, as on iOS).
private struct SwitchTrack: View {
    @Binding var isOn: Bool
    let onColor: Color

    var body: some View {
        ZStack(alignment: .leading) {
            Capsule().fill(isOn ? onColor : Color.secondarySystemFill)
            Circle().fill(Color.white)
                .overlay(Circle().strokeBorder(Color.black.opacity(0.04), lineWidth: 0.5))
                // Shadows (0,0,0,a38) y 3 blur 8 and (0,0,0,a15) y 3 blur 1: a
                // blur's radius here is its standard deviation, half the CSS blur.
                .shadow(color: .black.opacity(0.15), radius: 4, x: 0, y: 3)
                .shadow(color: .black.opacity(0.06), radius: 0.5, x: 0, y: 3)
                .frame(width: 28, height: 28)
                .offset(x: isOn ? 21.5 : 1.5)
        }
        .frame(width: 51, height: 31)
        .contentShape(Capsule())
        .gesture(DragGesture(minimumDistance: 0).onEnded { value in
            withAnimation(.easeInOut(duration: 0.2)) {
                if abs(value.translation.width) < 10 { isOn.toggle() } else { isOn = value.translation.width > 0 }
            }
        })
    }
}

/// A toggle drawn as a button: the tint filled behind a white label when on, a
/// light tint behind a tinted label when off. A tap flips it; a screen reader
/// hears it as a button, selected when on.
public struct ButtonToggleStyle: ToggleStyle {
    /// The button style of toggles.
    public init() {}

    /// The label as a button that shows the state by its fill.
    public func makeBody(configuration: Configuration) -> some View {
        ToggleButton(configuration: configuration)
    }
}

private struct ToggleButton: View {
    let configuration: ToggleStyleConfiguration
    @Environment(\.tint) private var tint
    @Environment(\.colorScheme) private var scheme
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let color = tint ?? .accentColor
        configuration.label
            .foregroundColor(configuration.isOn ? .white : color)
            // The medium button metrics: 10 × 15 padding; tinted fills at 0.12 light, 0.26 dark.
            .padding(.vertical, 7)
            .padding(.horizontal, 12)
            .background(configuration.isOn ? color : color.opacity(scheme == .dark ? 0.26 : 0.12),
                        in: RoundedRectangle(cornerRadius: 8))
            .opacity(isEnabled ? 1 : 0.5)
            .contentShape(Rectangle())
            .onTapGesture { configuration.isOn.toggle() }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(configuration.isOn ? [.isButton, .isSelected] : .isButton)
    }
}

/// A check box before the label (macOS's toggle; on iOS SwiftUI has none, and
/// this draws macOS's look: an 18-point rounded square, the tint with a white
/// check when on). A tap on the box or the label flips it.
public struct CheckboxToggleStyle: ToggleStyle {
    /// The check box style of toggles.
    public init() {}

    /// The box and the label.
    public func makeBody(configuration: Configuration) -> some View {
        CheckboxRow(configuration: configuration)
    }
}

private struct CheckboxRow: View {
    let configuration: ToggleStyleConfiguration
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        HStack(spacing: 8) {
            ZStack {
                if configuration.isOn {
                    RoundedRectangle(cornerRadius: 4).fill(tint ?? .accentColor)
                    CheckMark().stroke(Color.white, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
                        .padding(4)
                } else {
                    RoundedRectangle(cornerRadius: 4).strokeBorder(Color.gray, lineWidth: 1)
                }
            }
            .frame(width: 18, height: 18)
            configuration.label
        }
        .opacity(isEnabled ? 1 : 0.5)
        .contentShape(Rectangle())
        .onTapGesture { configuration.isOn.toggle() }
        .accessibilityElement(children: .combine)
        .accessibilityValue(configuration.isOn ? "checked" : "unchecked")
        .accessibilityAddTraits(.isToggle)
        .accessibilityChecked(configuration.isOn)
        .accessibilityEnabled(isEnabled)
    }
}

/// A check mark in a unit square.
private struct CheckMark: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.minX, y: rect.midY))
        p.addLine(to: CGPoint(x: rect.minX + rect.width * 0.38, y: rect.maxY - rect.height * 0.1))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.minY + rect.height * 0.1))
        return p
    }
}

private struct LabelsHiddenKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Whether controls leave out their labels (`labelsHidden()`).
    var labelsHidden: Bool {
        get { self[LabelsHiddenKey.self] }
        set { self[LabelsHiddenKey.self] = newValue }
    }
}

extension View {
    /// Leaves out the labels of the controls inside this view (a screen reader
    /// still reads them).
    public func labelsHidden() -> some View {
        environment(\.labelsHidden, true)
    }
}
