import OpenCanvas

/// A week of moons; tapping a day selects it and shows its phase's name.
public struct MoonCalendar: View {
    /// The phase of the first day; each day adds a 29.5th of a cycle.
    public var firstPhase: Double
    @State private var selected = 0

    public init(firstPhase: Double) { self.firstPhase = firstPhase }

    func phase(_ day: Int) -> Double { firstPhase + Double(day) / 29.53 }

    public var body: some View {
        VStack(spacing: 12) {
            HStack(spacing: 8) {
                ForEach(0..<7, id: \.self) { day in
                    VStack(spacing: 4) {
                        MoonView(phase: phase(day))
                            .frame(width: 36, height: 36)
                        Text("\(day + 1)")
                            .font(.caption)
                            .foregroundStyle(day == selected ? Color.orange : Color.secondary)
                    }
                    .contentShape(Rectangle())
                    .onTapGesture { selected = day }
                }
            }
            Text(MoonView.name(of: phase(selected)))
                .font(.headline)
        }
        .padding()
    }
}
