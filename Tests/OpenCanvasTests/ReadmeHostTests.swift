import Testing
import Foundation
import OpenCanvas
import RenderTesting

// The README's headless-host example, as written there.
struct TapMarks: View {
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
        for element in host.accessibilityElements {           // reading order
            print(element.label, element.value ?? "", element.traits, element.frame)
        }
        print(host.accessibilityReading)                      // ["Marks, 1 marks"]
        #expect(host.accessibilityElements.count == 1)
        #expect(host.accessibilityReading == ["Marks, 1 marks"])
        #expect(host.accessibilityElements.first?.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
    }
}

// The README's animation example, as written there.
struct Marker: View {
    @State private var atEnd = false
    var body: some View {
        VStack {
            Circle().fill(atEnd ? Color.orange : Color.blue)
                .frame(width: 30, height: 30)
                .offset(x: atEnd ? 200 : 0)
            Button("Move") { withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) { atEnd.toggle() } }
        }
    }
}

@MainActor
@Suite("The README's animation example")
struct ReadmeAnimationTests {
    @Test("the marker springs across when Move is tapped")
    func example() throws {
        let host = HeadlessHost(size: CGSize(width: 500, height: 100)) { Marker() }
        let start = Date(timeIntervalSinceReferenceDate: 0)
        host.date = start
        _ = host.render()
        // The stack is centred: the circle at x 235…265, the button below it.
        let button = try #require(host.accessibilityElements.first { $0.label == "Move" })
        host.tap(at: CGPoint(x: button.frame.midX, y: button.frame.midY))
        // The circle's row: the middle of what is drawn above the button.
        func circleCentre() -> CGFloat? {
            let image = host.render()
            let rows = (0..<Int(button.frame.minY)).filter { y in (0..<image.width).contains { rgbaAt(image, $0, y)[3] > 128 } }
            guard let y = rows.isEmpty ? nil : (rows.first! + rows.last!) / 2 else { return nil }
            let xs = (0..<image.width).filter { rgbaAt(image, $0, y)[3] > 128 }
            return xs.isEmpty ? nil : CGFloat(xs.first! + xs.last! + 1) / 2
        }
        #expect(circleCentre() == 250)
        host.advance(to: start.addingTimeInterval(0.15))
        let moving = try #require(circleCentre())
        #expect(moving > 300 && moving < 470)     // most of the way, a spring in flight
        host.advance(to: start.addingTimeInterval(3))
        let end = circleCentre()
        #expect(end == 450)                        // 200 points on, settled
    }
}
