import Testing
import Foundation
import OpenCanvas

// The README's headless-host example, as written there.
private struct TapMarks: View {
    @State private var marks: [CGPoint] = []

    var body: some View {
        Canvas { context, size in
            for p in marks {
                context.fill(Path(ellipseIn: CGRect(x: p.x - 5, y: p.y - 5, width: 10, height: 10)),
                             with: .color(.orange))
            }
        }
        .onTapGesture { location in marks.append(location) }
        .accessibilityLabel("Marks")
        .accessibilityValue("\(marks.count) marks")
    }
}

@MainActor
@Suite("The README's host example")
struct ReadmeHostTests {
    @Test("runs as documented")
    func example() {
        let host = HeadlessHost(size: CGSize(width: 390, height: 844), scale: 3) { TapMarks() }
        host.tap(at: CGPoint(x: 120, y: 300))                 // the gesture runs, the state changes
        let image: CGImage = host.render()                    // 1170 × 2532 pixels, one orange mark
        #expect(image.width == 1170 && image.height == 2532)
        let p = image.pixel(x: 360, y: 900)
        #expect(p.alpha == 255 && p.red > 200 && p.blue < 60)
        host.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 200, y: 10), steps: 10)
        host.resize(to: CGSize(width: 844, height: 390))
        var lines: [String] = []
        for element in host.accessibilityElements {           // reading order
            lines.append("\(element.label) \(element.value ?? "") \(element.traits) \(element.frame)")
        }
        #expect(lines.count == 1)
        #expect(host.accessibilityReading == ["Marks, 1 marks"])
        #expect(host.accessibilityElements.first?.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
    }
}
