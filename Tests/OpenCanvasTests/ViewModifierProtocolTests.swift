import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// A custom modifier, as apps write them: state of its own, the environment,
/// and the content placed inside other views.
struct Badged: ViewModifier {
    let count: Int
    @State private var taps = 0
    @Environment(\.colorScheme) private var scheme

    func body(content: Content) -> some View {
        VStack(spacing: 0) {
            content
            Text("\(count + taps) \(scheme == .dark ? "dark" : "light")")
        }
        .onTapGesture { taps += 1 }
    }
}

extension View {
    func badged(_ count: Int) -> some View { modifier(Badged(count: count)) }
}

struct Framed: ViewModifier {
    func body(content: Content) -> some View { content.padding(5).background(Color.blue) }
}

#Preview { Text("A preview") }
#Preview("Named", traits: .sizeThatFitsLayout) {
    @Previewable @State var value = 3
    Text("value \(value)")
}
#Preview(traits: .fixedLayout(width: 100, height: 40), .landscapeLeft) { Color.red }

@MainActor @Suite("ViewModifier, modifier(_:), concat, and #Preview")
struct ViewModifierProtocolTests {
    @Test func customModifiersHaveStateAndEnvironment() {
        let host = HeadlessHost(size: CGSize(width: 120, height: 80)) { Color.red.frame(width: 20, height: 20).badged(2) }
        #expect(host.accessibilityReading == ["2 light"])
        host.tap(at: CGPoint(x: 60, y: 40))
        #expect(host.accessibilityReading == ["3 light"])
        host.colorScheme = .dark
        #expect(host.accessibilityReading == ["3 dark"])       // the modifier's state survives
    }

    @Test func modifiersConcatenate() throws {
        let image = try #require(ImageRenderer(content: Color.red.frame(width: 10, height: 10)
            .modifier(Framed().concat(Framed()))).cgImage)
        #expect(image.width == 30 && image.height == 30)
        #expect(rgbaAt(image, 2, 2) == [0, 122, 255, 255])
        #expect(rgbaAt(image, 15, 15) == [255, 59, 48, 255])
    }

    @Test func macroPreviewsCarryTheirNameAndTraits() throws {
        // What `#Preview("Named", traits: .sizeThatFitsLayout) { … }` expands to.
        struct Expanded: PreviewProvider {
            static var previews: some View {
                _MacroPreview("Named", traits: .sizeThatFitsLayout) { Text("value") }
                    .view(fileID: "OpenCanvasTests/Gauges.swift", line: 12)
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oc-macro-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try PreviewRenderer.render([Expanded.self], to: directory, scale: 1)
        #expect(files.map(\.lastPathComponent) == ["Gauges-Named.png"])
    }
}
