import SwiftUI

/// A label in a canvas, with a frame measured from its resolved text.
public struct TextMeasure: View {
    public init() {}

    public var body: some View {
        Canvas { context, size in
            let text = context.resolve(Text("Measured").font(.title3))
            let measured = text.measure(in: size)
            let origin = CGPoint(x: (size.width - measured.width) / 2, y: (size.height - measured.height) / 2)
            context.stroke(Path(roundedRect: CGRect(origin: origin, size: measured).insetBy(dx: -6, dy: -4),
                                cornerRadius: 6), with: .color(.orange), lineWidth: 2)
            context.draw(text, in: CGRect(origin: origin, size: measured))
        }
        .frame(width: 160, height: 60)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    TextMeasure()
}
