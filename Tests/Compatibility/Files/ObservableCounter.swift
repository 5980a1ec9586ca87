import SwiftUI
import Observation

/// A model with the Observation framework (`@Observable`), held in `@State`.
@Observable
public final class TapModel {
    public var taps = 0
    public init() {}
}

public struct ObservableCounter: View {
    @State private var model = TapModel()
    public init() {}

    public var body: some View {
        VStack(spacing: 8) {
            Text("Taps: \(model.taps)")
            Circle()
                .fill(model.taps.isMultiple(of: 2) ? Color.blue : Color.orange)
                .frame(width: 40, height: 40)
                .onTapGesture { model.taps += 1 }
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    ObservableCounter()
}
