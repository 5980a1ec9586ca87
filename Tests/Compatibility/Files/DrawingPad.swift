import SwiftUI

/// A drawing pad: a drag gesture appends points; the canvas strokes them.
public struct DrawingPad: View {
    @State private var lines: [[CGPoint]] = []
    public init() {}

    public var body: some View {
        Canvas { context, _ in
            for line in lines {
                var path = Path()
                path.addLines(line)
                context.stroke(path, with: .color(.blue), style: StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round))
            }
        }
        .frame(width: 120, height: 120)
        .contentShape(Rectangle())
        .gesture(DragGesture(minimumDistance: 0).onChanged { value in
            if value.translation == .zero { lines.append([value.location]) } else { lines[lines.count - 1].append(value.location) }
        })
    }
}

#Preview(traits: .fixedLayout(width: 140, height: 140)) {
    DrawingPad()
}
