import SwiftUI
import Combine

/// Sales by month: an observable store feeding a chart drawn in a canvas.
public final class SalesStore: ObservableObject {
    @Published public var values: [Double]
    public init(values: [Double]) { self.values = values }
}

public struct BarChart: View {
    @ObservedObject var store: SalesStore
    @Environment(\.colorScheme) private var scheme

    public init(store: SalesStore) { self.store = store }

    public var body: some View {
        Canvas { context, size in
            let top = store.values.max() ?? 1
            let width = size.width / CGFloat(max(store.values.count, 1))
            for (i, v) in store.values.enumerated() {
                let h = size.height * CGFloat(v / top)
                let bar = CGRect(x: CGFloat(i) * width + 2, y: size.height - h, width: width - 4, height: h)
                context.fill(Path(roundedRect: bar, cornerRadius: 3),
                             with: .linearGradient(Gradient(colors: [.orange, .red]),
                                                   startPoint: CGPoint(x: 0, y: bar.minY),
                                                   endPoint: CGPoint(x: 0, y: bar.maxY)))
            }
        }
        .frame(width: 160, height: 100)
        .padding(8)
        .background(scheme == .dark ? Color.black : Color.white)
        .shadow(radius: 2)
        .preferredColorScheme(.dark)
    }
}

#Preview("Monthly sales", traits: .sizeThatFitsLayout) {
    BarChart(store: SalesStore(values: [3, 5, 2, 8, 6, 4]))
}
