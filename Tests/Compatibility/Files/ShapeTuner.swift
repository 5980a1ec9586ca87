import SwiftUI

/// A form of controls that tunes a drawing above it: the way the published
/// Canvas samples put sliders, toggles and pickers next to a canvas.
struct ShapeTuner: View {
    enum Kind: String, CaseIterable, Identifiable {
        case petals, spokes
        var id: String { rawValue }
    }

    @State private var count = 6.0
    @State private var filled = true
    @State private var kind = Kind.petals
    @State private var thickness = 2
    @State private var color = Color.purple
    @State private var title = "Flower"

    var body: some View {
        VStack(spacing: 0) {
            Canvas { context, size in
                let center = CGPoint(x: size.width / 2, y: size.height / 2)
                let n = Int(count)
                for i in 0..<n {
                    var p = Path()
                    let angle = Double(i) / Double(n) * 2 * .pi
                    if kind == .petals {
                        p.addEllipse(in: CGRect(x: -12, y: -50, width: 24, height: 50))
                    } else {
                        p.addRect(CGRect(x: -1, y: -50, width: 2, height: 50))
                    }
                    let t = CGAffineTransform(translationX: center.x, y: center.y).rotated(by: angle)
                    let shape = p.applying(t)
                    if filled {
                        context.fill(shape, with: .color(color.opacity(0.6)))
                    }
                    context.stroke(shape, with: .color(color), lineWidth: CGFloat(thickness))
                }
                context.draw(Text(title).font(.caption), at: CGPoint(x: center.x, y: size.height - 10))
            }
            .frame(height: 140)
            Form {
                Section("Shape") {
                    Picker("Kind", selection: $kind) {
                        ForEach(Kind.allCases) { kind in
                            Text(kind.rawValue.capitalized).tag(kind)
                        }
                    }
                    .pickerStyle(.segmented)
                    Slider(value: $count, in: 3...12, step: 1) {
                        Text("Count")
                    }
                    Toggle("Filled", isOn: $filled)
                }
                Section("Style") {
                    Stepper("Line width: \(thickness)", value: $thickness, in: 1...6)
                    ColorPicker("Colour", selection: $color)
                    TextField("Title", text: $title)
                }
            }
        }
    }
}

#Preview {
    ShapeTuner()
}
