import SwiftUI

public struct PieSlice: Identifiable {
    public let id = UUID()
    public var value: Double
    public var color: Color
    public init(value: Double, color: Color) { self.value = value; self.color = color }
}

/// A pie chart with a legend, as chart tutorials draw it.
public struct PieChart: View {
    let slices: [PieSlice]
    public init(slices: [PieSlice]) { self.slices = slices }

    public var body: some View {
        HStack(spacing: 12) {
            Canvas { context, size in
                let total = slices.reduce(0) { $0 + $1.value }
                let center = CGPoint(x: size.width / 2, y: size.height / 2)
                let radius = min(size.width, size.height) / 2
                var start = Angle.degrees(-90)
                for slice in slices {
                    let end = start + .degrees(360 * slice.value / total)
                    var path = Path()
                    path.move(to: center)
                    path.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: false)
                    path.closeSubpath()
                    context.fill(path, with: .color(slice.color))
                    context.stroke(path, with: .color(.white), lineWidth: 1)
                    start = end
                }
            }
            .aspectRatio(1, contentMode: .fit)
            VStack(alignment: .leading, spacing: 4) {
                ForEach(slices) { slice in
                    HStack {
                        Circle().fill(slice.color).frame(width: 8, height: 8)
                        Text(String(format: "%.0f", slice.value)).font(.caption)
                    }
                }
            }
        }
        .padding()
        .frame(width: 220, height: 120)
    }
}

struct PieChart_Previews: PreviewProvider {
    static var previews: some View {
        PieChart(slices: [PieSlice(value: 3, color: .blue), PieSlice(value: 1, color: .orange)])
            .previewLayout(.sizeThatFits)
    }
}
