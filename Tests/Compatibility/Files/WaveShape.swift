import SwiftUI

/// A sine wave as an animatable shape: its phase animates with `withAnimation`.
public struct Wave: Shape {
    public var phase: Double
    public var amplitude: Double

    public init(phase: Double, amplitude: Double = 10) {
        self.phase = phase
        self.amplitude = amplitude
    }

    public var animatableData: Double {
        get { phase }
        set { phase = newValue }
    }

    public func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.midY))
        for x in stride(from: rect.minX, through: rect.maxX, by: 2) {
            let relative = (x - rect.minX) / rect.width
            path.addLine(to: CGPoint(x: x, y: rect.midY + sin(relative * 2 * .pi + phase) * amplitude))
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}

public struct WaveView: View {
    @State private var phase = 0.0
    public init() {}

    public var body: some View {
        Wave(phase: phase)
            .fill(Color.blue.gradient)
            .frame(width: 200, height: 60)
            .onTapGesture {
                withAnimation(.linear(duration: 1)) { phase += .pi }
            }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    WaveView()
}
