import SwiftUI

/// A sparkline that fills the width it is given (GeometryReader) with its points.
public struct Sparkline: View {
    let values: [Double]
    public init(values: [Double]) { self.values = values }

    public var body: some View {
        GeometryReader { proxy in
            let lo = values.min() ?? 0, hi = values.max() ?? 1
            Path { path in
                for (i, v) in values.enumerated() {
                    let x = proxy.size.width * CGFloat(i) / CGFloat(max(values.count - 1, 1))
                    let y = proxy.size.height * (1 - CGFloat((v - lo) / max(hi - lo, 1e-9)))
                    if i == 0 { path.move(to: CGPoint(x: x, y: y)) } else { path.addLine(to: CGPoint(x: x, y: y)) }
                }
            }
            .stroke(Color.green, style: StrokeStyle(lineWidth: 2, lineJoin: .round))
        }
        .frame(width: 150, height: 40)
        .padding(4)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    Sparkline(values: [3, 4, 2, 6, 5, 8, 7, 9, 6, 10])
}
