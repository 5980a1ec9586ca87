import SwiftUI

/// A button with an icon, a label and a count badge overlaid in its corner.
public struct BadgeButton: View {
    @State private var count = 3
    public init() {}

    public var body: some View {
        Button {
            count += 1
        } label: {
            Label("Inbox", systemImage: "tray")
                .padding(10)
                .background(Color.blue.opacity(0.15), in: RoundedRectangle(cornerRadius: 8))
        }
        .overlay(alignment: .topTrailing) {
            Text("\(count)")
                .font(.caption2.bold())
                .foregroundStyle(.white)
                .padding(4)
                .background(Circle().fill(.red))
                .offset(x: 6, y: -6)
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    BadgeButton()
}
