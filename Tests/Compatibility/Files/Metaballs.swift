import SwiftUI

/// Metaballs: blurred circles thresholded into one blob, drawn with symbols.
public struct Metaballs: View {
    let positions: [CGPoint]
    public init(positions: [CGPoint]) { self.positions = positions }

    public var body: some View {
        Canvas { context, size in
            context.addFilter(.alphaThreshold(min: 0.5, color: .purple))
            context.addFilter(.blur(radius: 8))
            context.drawLayer { layer in
                for (i, p) in positions.enumerated() {
                    if let ball = layer.resolveSymbol(id: i % 2) { layer.draw(ball, at: p) }
                }
            }
        } symbols: {
            Circle().frame(width: 40, height: 40).tag(0)
            Circle().frame(width: 30, height: 30).tag(1)
        }
        .frame(width: 160, height: 100)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    Metaballs(positions: [CGPoint(x: 50, y: 60), CGPoint(x: 85, y: 70), CGPoint(x: 120, y: 50)])
}
