import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Button styles, roles and control sizes")
struct ButtonStyleTests {
    final class Count { var value = 0 }

    struct Gallery: View {
        let count: Count
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                HStack(spacing: 12) {
                    Button("Default") { count.value += 1 }
                    Button("Delete", role: .destructive) {}
                    Button("Plain") {}.buttonStyle(.plain)
                }
                HStack(spacing: 12) {
                    Button("Bordered") {}.buttonStyle(.bordered)
                    Button("Prominent") {}.buttonStyle(.borderedProminent)
                    Button("Remove", role: .destructive) {}.buttonStyle(.borderedProminent)
                }
                HStack(spacing: 12) {
                    Button("Small") {}.buttonStyle(.bordered).controlSize(.small)
                    Button("Large") {}.buttonStyle(.borderedProminent).controlSize(.large)
                    Button("Off") {}.buttonStyle(.borderedProminent).disabled(true)
                }
                Button("Orange") {}.buttonStyle(.bordered).tint(.orange)
            }
            .padding(16)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    func image(_ scheme: ColorScheme) -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 400, height: 230), scale: 2) {
            Gallery(count: Count()).background(scheme == .dark ? Color.black : Color.white)
        }
        host.colorScheme = scheme
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(image(.light), named: "buttons-light") }
    @Test func dark() throws { try ReferenceImage.check(image(.dark), named: "buttons-dark") }

    @Test func everyStyleRunsItsActionAndReadsAsAButton() throws {
        let count = Count()
        let host = HeadlessHost(size: CGSize(width: 340, height: 230)) { Gallery(count: count) }
        #expect(host.accessibilityReading.prefix(3) == ["Default, Button", "Delete, Button", "Plain, Button"])
        let button = try #require(host.accessibilityElements.first)
        host.tap(at: CGPoint(x: button.frame.midX, y: button.frame.midY))
        #expect(count.value == 1)
    }

    @Test func aPressedButtonFadesUntilThePointerLifts() throws {
        let count = Count()
        let host = HeadlessHost(size: CGSize(width: 340, height: 230)) { Gallery(count: count) }
        let button = try #require(host.accessibilityElements.first { $0.label == "Prominent" })
        let centre = CGPoint(x: button.frame.midX, y: button.frame.midY)
        let edge = (Int(button.frame.minX + 3), Int(button.frame.midY))
        let resting = host.render().pixel(x: edge.0, y: edge.1)
        host.pointerDown(at: centre)
        let pressed = host.render().pixel(x: edge.0, y: edge.1)
        #expect(resting == (0, 122, 255, 255))
        #expect(pressed.alpha < 200)                     // faded to 0.6
        host.pointerUp(at: centre)
        #expect(host.render().pixel(x: edge.0, y: edge.1) == resting)
    }

    @Test func aPrimitiveStyleDecidesWhenTheButtonIsUsed() throws {
        struct HoldToConfirm: PrimitiveButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.label
                    .padding(8)
                    .onLongPressGesture(minimumDuration: 1) { configuration.trigger() }
            }
        }
        let count = Count()
        let host = HeadlessHost(size: CGSize(width: 200, height: 60)) {
            Button("Hold") { count.value += 1 }.buttonStyle(HoldToConfirm())
        }
        host.tap(at: CGPoint(x: 100, y: 30))
        #expect(count.value == 0)
        host.press(at: CGPoint(x: 100, y: 30), duration: 1.2)
        #expect(count.value == 1)
        #expect(host.accessibilityReading == ["Hold, Button"])
    }

    @Test func aCustomButtonStyleSeesThePressAndTheRole() throws {
        final class Seen { var pressed: [Bool] = []; var roles: [ButtonRole?] = [] }
        struct Recording: ButtonStyle {
            let seen: Seen
            func makeBody(configuration: Configuration) -> some View {
                let _ = seen.pressed.append(configuration.isPressed)
                let _ = seen.roles.append(configuration.role)
                configuration.label.padding(4)
            }
        }
        let seen = Seen()
        let host = HeadlessHost(size: CGSize(width: 200, height: 60)) {
            Button("Go", role: .cancel) {}.buttonStyle(Recording(seen: seen))
        }
        _ = host.render()
        host.pointerDown(at: CGPoint(x: 100, y: 30))
        _ = host.render()
        host.pointerUp(at: CGPoint(x: 100, y: 30))
        _ = host.render()
        #expect(seen.pressed.contains(true) && seen.pressed.last == false)
        #expect(seen.roles.allSatisfy { $0 == .cancel })
    }
}
