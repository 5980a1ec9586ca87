import Foundation
import OpenCanvasDrawing

/// A control that chooses a colour: the label leading, a colour well trailing
/// (a 28-point circle of the colour inside a ring of hues); a tap opens a sheet
/// with a palette of swatches (twelve hues in five shades, and a row of
/// greys), the chosen one ringed, and an opacity slider when `supportsOpacity`.
/// A tap on a swatch sets the selection (the sheet stays open, as iOS's does);
/// Done closes it. iOS's spectrum and slider tabs are not drawn. A screen
/// reader hears "<label>, <colour as red, green, blue percentages>, Button".
public struct ColorPicker<Label: View>: View {
    let selection: Binding<Color>
    let supportsOpacity: Bool
    let label: Label
    @State private var isOpen = false
    @Environment(\.self) private var environment
    @Environment(\.isEnabled) private var isEnabled

    /// A picker bound to `selection`, described by `label`.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.supportsOpacity = supportsOpacity
        self.label = label()
    }

    /// The label and the colour well, opening the palette.
    public var body: some View {
        let resolved = selection.wrappedValue.resolve(in: environment)
        HStack(spacing: 8) {
            label
            Spacer(minLength: 8)
            ZStack {
                Circle().strokeBorder(AngularGradient(colors: [.red, .yellow, .green, .cyan, .blue, .purple, .red],
                                                      center: .center), lineWidth: 3)
                Circle().fill(selection.wrappedValue).padding(5)
            }
            .frame(width: 28, height: 28)
        }
        .frame(minHeight: 32)
        .opacity(isEnabled ? 1 : 0.5)
        .contentShape(Rectangle())
        .onTapGesture { if isEnabled { isOpen = true } }
        .accessibilityElement(children: .combine)
        .accessibilityValue(colorDescription(resolved))
        .accessibilityAddTraits(.isButton)
        .sheet(isPresented: $isOpen) {
            ColorPalette(selection: selection, supportsOpacity: supportsOpacity)
                .presentationDetents([.medium])
        }
    }
}

extension ColorPicker where Label == Text {
    /// A colour picker with a localized title.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }

    /// A colour picker with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }

    /// A colour picker of a `CGColor`, with a localized title.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<CGColor>, supportsOpacity: Bool = true) {
        let color = Binding<Color>(get: { Color(cgColor: selection.wrappedValue) },
                                   set: { if let cg = $0.cgColor { selection.wrappedValue = cg } })
        self.init(selection: color, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }
}

/// A colour as a screen reader hears it: its components in percent.
func colorDescription(_ c: Color.Resolved) -> String {
    func percent(_ v: Float) -> Int { v.isFinite ? Int((max(0, min(1, v)) * 100).rounded()) : 0 }
    var text = "red \(percent(c.red))%, green \(percent(c.green))%, blue \(percent(c.blue))%"
    if c.opacity < 1 { text += ", opacity \(percent(c.opacity))%" }
    return text
}

/// The palette sheet of a colour picker.
struct ColorPalette: View {
    let selection: Binding<Color>
    let supportsOpacity: Bool
    @Environment(\.dismiss) private var dismiss
    @Environment(\.self) private var environment

    /// The swatches: a row of greys, then five shades of twelve hues.
    static let swatches: [[Color]] = {
        var rows: [[Color]] = [(0..<12).map { Color(white: 1 - Double($0) / 11) }]
        for (s, b) in [(0.3, 1.0), (0.6, 1.0), (1.0, 1.0), (1.0, 0.75), (1.0, 0.5)] {
            rows.append((0..<12).map { Color(hue: Double($0) / 12, saturation: s, brightness: b) })
        }
        return rows
    }()

    var body: some View {
        let current = selection.wrappedValue.resolve(in: environment)
        VStack(spacing: 16) {
            HStack {
                Text("Colors").font(.system(size: 17, weight: .semibold))
                Spacer()
                Button("Done") { dismiss() }.fontWeight(.semibold)
            }
            VStack(spacing: 0) {
                ForEach(Self.swatches.indices, id: \.self) { r in
                    HStack(spacing: 0) {
                        ForEach(Self.swatches[r].indices, id: \.self) { c in
                            swatch(Self.swatches[r][c], current: current)
                        }
                    }
                }
            }
            .clipShape(RoundedRectangle(cornerRadius: 8))
            if supportsOpacity {
                Slider(value: Binding(get: { Double(current.opacity) }, set: { opacity in
                    var c = selection.wrappedValue.resolve(in: environment)
                    c.opacity = Float(opacity.isFinite ? max(0, min(1, opacity)) : 1)
                    selection.wrappedValue = Color(c)
                })) { Text("Opacity") }
            }
            Spacer(minLength: 0)
        }
        .padding(16)
    }

    private func swatch(_ color: Color, current: Color.Resolved) -> some View {
        let resolved = color.resolve(in: environment)
        let chosen = abs(resolved.red - current.red) < 0.01 && abs(resolved.green - current.green) < 0.01
            && abs(resolved.blue - current.blue) < 0.01
        return Rectangle().fill(color)
            .aspectRatio(1, contentMode: .fit)
            .overlay(RoundedRectangle(cornerRadius: 3).strokeBorder(Color.primary, lineWidth: chosen ? 3 : 0))
            .contentShape(Rectangle())
            .onTapGesture {
                var c = resolved
                c.opacity = current.opacity
                selection.wrappedValue = Color(c)
            }
            .accessibilityElement()
            .accessibilityLabel(colorDescription(resolved))
            .accessibilityAddTraits(chosen ? [.isButton, .isSelected] : .isButton)
    }
}
