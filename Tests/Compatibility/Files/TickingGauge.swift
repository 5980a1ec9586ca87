import SwiftUI
import Combine

/// A gauge that a timer advances: an observable model with a published value, a
/// timer publisher received by the view, and a canvas that draws the value.
final class GaugeModel: ObservableObject {
    @Published var value: Double = 0
    private var bag = Set<AnyCancellable>()

    init() {
        // A derived stream, as models often keep: the value clamped to 0…1.
        $value.map { min(max($0, 0), 1) }.removeDuplicates().sink { _ in }.store(in: &bag)
    }
}

public struct TickingGauge: View {
    @StateObject private var model = GaugeModel()
    private let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()

    public init() {}

    public var body: some View {
        Canvas { context, size in
            let rect = CGRect(origin: .zero, size: size).insetBy(dx: 4, dy: 4)
            context.stroke(Path(roundedRect: rect, cornerRadius: 6), with: .color(.gray), lineWidth: 2)
            var filled = rect
            filled.size.width *= model.value
            context.fill(Path(roundedRect: filled, cornerRadius: 6), with: .color(.green))
        }
        .frame(width: 120, height: 30)
        .onReceive(timer) { _ in model.value = min(1, model.value + 0.25) }
        .accessibilityLabel("Gauge")
        .accessibilityValue("\(Int(model.value * 100)) percent")
    }
}

#Preview("Gauge", traits: .sizeThatFitsLayout) {
    TickingGauge()
}
