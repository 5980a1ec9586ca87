import SwiftUI

/// A weather card: a system symbol, a temperature and a place on a gradient,
/// in a rounded card.
public struct WeatherCard: View {
    let temperature: Int
    let place: String
    public init(temperature: Int, place: String) { self.temperature = temperature; self.place = place }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Image(systemName: "cloud.sun.fill")
                .symbolRenderingMode(.multicolor)
                .font(.largeTitle)
            Text("\(temperature)°")
                .font(.system(size: 34, weight: .semibold))
                .foregroundStyle(.white)
            Text(place)
                .font(.subheadline)
                .foregroundStyle(.white.opacity(0.8))
        }
        .padding()
        .frame(width: 160, height: 150, alignment: .leading)
        .background(LinearGradient(colors: [.blue, .cyan], startPoint: .topLeading, endPoint: .bottomTrailing))
        .clipShape(RoundedRectangle(cornerRadius: 20, style: .continuous))
        .accessibilityElement(children: .combine)
    }
}

#Preview("Lisbon", traits: .sizeThatFitsLayout) {
    WeatherCard(temperature: 21, place: "Lisbon")
}
