import SwiftUI

/// A spotlight that follows the pointer over a grid of dots (`onContinuousHover`),
/// a condensed title (`fontWidth`), and tabs whose selection is underlined from
/// an anchor preference, as menu bars in published samples are drawn.
public struct HoverSpotlight: View {
    @State private var pointer: CGPoint?
    @State private var selected = 1
    private let tabs = ["Day", "Week", "Month"]

    public init(pointer: CGPoint? = nil) { _pointer = State(initialValue: pointer) }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("SPOTLIGHT")
                .font(.headline)
                .fontWidth(.condensed)
            HStack(spacing: 12) {
                ForEach(tabs.indices, id: \.self) { i in
                    Text(tabs[i])
                        .font(.subheadline)
                        .foregroundStyle(i == selected ? .primary : .secondary)
                        .anchorPreference(key: SelectedTabKey.self, value: .bounds) { i == selected ? $0 : nil }
                        .onTapGesture { selected = i }
                }
            }
            .overlayPreferenceValue(SelectedTabKey.self) { anchor in
                GeometryReader { proxy in
                    if let anchor {
                        let r = proxy[anchor]
                        Capsule().fill(.orange)
                            .frame(width: r.width, height: 3)
                            .offset(x: r.minX, y: r.maxY + 2)
                    }
                }
            }
            Canvas { context, size in
                for x in stride(from: 6.0, to: size.width, by: 12) {
                    for y in stride(from: 6.0, to: size.height, by: 12) {
                        var glow = 0.15
                        if let p = pointer {
                            let d = hypot(p.x - x, p.y - y)
                            glow = max(glow, 1 - d / 50)
                        }
                        context.fill(Path(ellipseIn: CGRect(x: x - 3, y: y - 3, width: 6, height: 6)),
                                     with: .color(.yellow.opacity(glow)))
                    }
                }
            }
            .frame(width: 180, height: 96)
            .background(Color.black, in: RoundedRectangle(cornerRadius: 8))
            .onContinuousHover { phase in
                switch phase {
                case .active(let location): pointer = location
                case .ended: pointer = nil
                }
            }
        }
        .padding()
    }
}

struct SelectedTabKey: PreferenceKey {
    static var defaultValue: Anchor<CGRect>? { nil }
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) {
        value = value ?? nextValue()
    }
}

#Preview("Lit", traits: .sizeThatFitsLayout) {
    HoverSpotlight(pointer: CGPoint(x: 60, y: 40))
}
