import Foundation
import OpenCanvas

/// A canvas tuned by controls beside it: a ring of shapes whose size comes
/// from a slider, whose turn from another, whose grid a toggle shows, and
/// whose shape a segmented picker chooses.
struct ControlPanel: View {
    enum Shape: String, CaseIterable, Identifiable {
        case circle = "Circle", square = "Square", star = "Star"
        var id: Self { self }
    }

    @State private var size = 0.4
    @State private var turn = 0.0
    @State private var showsGrid = false
    @State private var shape = Shape.circle

    var body: some View {
        VStack(spacing: 14) {
            Canvas { context, canvasSize in
                let center = CGPoint(x: canvasSize.width / 2, y: canvasSize.height / 2)
                if showsGrid {
                    var grid = Path()
                    for x in stride(from: 0, through: canvasSize.width, by: 20) {
                        grid.move(to: CGPoint(x: x, y: 0))
                        grid.addLine(to: CGPoint(x: x, y: canvasSize.height))
                    }
                    for y in stride(from: 0, through: canvasSize.height, by: 20) {
                        grid.move(to: CGPoint(x: 0, y: y))
                        grid.addLine(to: CGPoint(x: canvasSize.width, y: y))
                    }
                    context.stroke(grid, with: .color(.gray.opacity(0.3)), lineWidth: 0.5)
                }
                let radius = min(canvasSize.width, canvasSize.height) * 0.35
                let item = 8 + 30 * size
                for i in 0..<12 {
                    let angle = (Double(i) / 12 + turn) * 2 * .pi
                    let p = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                    let rect = CGRect(x: p.x - item / 2, y: p.y - item / 2, width: item, height: item)
                    let color = Color(hue: Double(i) / 12, saturation: 0.7, brightness: 0.95)
                    context.fill(path(for: rect), with: .color(color))
                }
            }
            .frame(height: 220)
            .background(Color.gray.opacity(0.08), in: RoundedRectangle(cornerRadius: 12))
            .accessibilityLabel("Ring of \(shape.rawValue.lowercased())s")
            Picker("Shape", selection: $shape) {
                ForEach(Shape.allCases) { Text($0.rawValue) }
            }
            .pickerStyle(.segmented)
            Slider(value: $size) { Text("Size") }
            Slider(value: $turn, in: 0...1) { Text("Turn") }
            Toggle("Grid", isOn: $showsGrid)
        }
        .padding(16)
    }

    private func path(for rect: CGRect) -> Path {
        switch shape {
        case .circle: return Path(ellipseIn: rect)
        case .square: return Path(roundedRect: rect, cornerRadius: rect.width * 0.15)
        case .star:
            var p = Path()
            let c = CGPoint(x: rect.midX, y: rect.midY)
            for k in 0..<10 {
                let r = k % 2 == 0 ? rect.width / 2 : rect.width / 5
                let a = Double(k) / 10 * 2 * .pi - .pi / 2
                let point = CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
                if k == 0 { p.move(to: point) } else { p.addLine(to: point) }
            }
            p.closeSubpath()
            return p
        }
    }
}

extension Scenes {
    /// A control panel tuning a canvas, driven by taps and drags: the start, a
    /// segment chosen, the size slider dragged, the grid toggled; light, then dark.
    public static let controlPanel = InteractiveScene(
        name: "control-panel",
        summary: "A canvas tuned by a segmented picker, two sliders and a toggle, driven by taps and drags",
        size: CGSize(width: 360, height: 480), view: { AnyView(ControlPanel().background(Color.systemBackground)) }
    ) { scale, frame in
        for scheme in [ColorScheme.light, .dark] {
            let suffix = scheme == .light ? "light" : "dark"
            let host = HeadlessHost(size: CGSize(width: 360, height: 480), scale: scale) {
                ControlPanel().background(Color.systemBackground)
            }
            host.colorScheme = scheme
            host.date = Date(timeIntervalSince1970: 1_795_963_040)
            frame("0-start-\(suffix)", host.render(), host.accessibilityReading)
            if let star = host.accessibilityElements.first(where: { $0.label == "Star" }) {
                host.tap(at: CGPoint(x: star.frame.midX, y: star.frame.midY))
            }
            host.advance(by: 0.3)
            frame("1-star-\(suffix)", host.render(), host.accessibilityReading)
            if let slider = host.accessibilityElements.first(where: { $0.label == "Size" }) {
                // The thumb sits at 40 % of the track (28 points narrower than the slider).
                let x = slider.frame.minX + 14 + (slider.frame.width - 28) * 0.4
                host.drag(from: CGPoint(x: x, y: slider.frame.midY), to: CGPoint(x: x + 80, y: slider.frame.midY))
            }
            frame("2-size-\(suffix)", host.render(), host.accessibilityReading)
            if let grid = host.accessibilityElements.first(where: { $0.label == "Grid" }) {
                host.tap(at: CGPoint(x: grid.frame.maxX - 25, y: grid.frame.midY))
            }
            host.advance(by: 0.3)
            frame("3-grid-\(suffix)", host.render(), host.accessibilityReading)
        }
    }
}
