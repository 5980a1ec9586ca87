import SwiftUI

/// A flower of translucent petals, each rotated about the centre and coloured by hue.
public struct Flower: View {
    let petals: Int
    public init(petals: Int = 12) { self.petals = petals }

    public var body: some View {
        Canvas { context, size in
            context.translateBy(x: size.width / 2, y: size.height / 2)
            for i in 0..<petals {
                var petal = context
                petal.rotate(by: .degrees(Double(i) / Double(petals) * 360))
                petal.opacity = 0.6
                petal.fill(Path(ellipseIn: CGRect(x: -10, y: -50, width: 20, height: 50)),
                           with: .color(Color(hue: Double(i) / Double(petals), saturation: 0.8, brightness: 1)))
            }
        }
        .frame(width: 120, height: 120)
    }
}

#Preview("Twelve petals", traits: .sizeThatFitsLayout) {
    Flower()
}

#Preview("Five petals", traits: .sizeThatFitsLayout) {
    Flower(petals: 5)
}
