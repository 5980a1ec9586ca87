import Testing
import Foundation
import OpenCanvas
import CanvasCodecs

struct Badge: View {
    var body: some View { Circle().fill(.red).frame(width: 40, height: 30) }
}

struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            Badge()
                .previewLayout(.sizeThatFits)
                .previewDisplayName("Small")
            Badge()
                .previewDevice("iPhone SE (3rd generation)")
                .previewInterfaceOrientation(.landscapeLeft)
                .preferredColorScheme(.dark)
            Badge().previewLayout(.fixed(width: 100, height: 50))
        }
    }
}

// Previews written the modern way, found by `PreviewRenderer.allProviders`
// without being named anywhere.
#Preview("Named badge", traits: .sizeThatFitsLayout) { Badge() }

#Preview { Badge().padding(5) }

#Preview(traits: .fixedLayout(width: 60, height: 40)) {
    Badge().preferredColorScheme(.dark)
}

@MainActor @Suite("Previews rendered to files")
struct PreviewTests {
    @Test func everyPreviewBecomesAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oc-previews-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try PreviewRenderer.render([Badge_Previews.self], to: directory, scale: 1)
        #expect(files.map(\.lastPathComponent) == ["Badge_Previews-Small.png", "Badge_Previews-1.png", "Badge_Previews-2.png"])
        let decoded = try files.map { try PNGCodec.decode([UInt8](Data(contentsOf: $0))) }
        let sizes = decoded.map { [$0.width, $0.height] }
        // Ideal size; the SE's screen turned to landscape; fixed.
        #expect(sizes == [[40, 30], [667, 375], [100, 50]])
        // The dark preview draws systemRed's dark value.
        let dark = decoded[1], i = (187 * dark.width + 333) * 4
        #expect(Array(dark.rgba[i..<i + 4]) == [255, 69, 58, 255])
    }

    @Test func everyPreviewOfAModuleIsFoundWithoutBeingNamed() throws {
        let all = PreviewRenderer.allProviders(module: "OpenCanvasTests")
        let names = PreviewRenderer.named(all).map(\.name)
        // The three `#Preview`s of this file, in the order they are written, before
        // any provider type.
        let ours = names.filter { $0.hasPrefix("PreviewTests-") }
        #expect(ours == ["PreviewTests-Named_badge", "PreviewTests-Preview", "PreviewTests-Preview-2"])
        #expect(names.firstIndex(of: "Badge_Previews-Small")! > names.firstIndex(of: "PreviewTests-Preview-2")!)
        #expect(names.contains("Badge_Previews-Small"))
        // Nothing from another module.
        #expect(PreviewRenderer.allProviders(module: "NoSuchModule").isEmpty)
        #expect(PreviewRenderer.allProviders().count >= all.count)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oc-all-previews-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try PreviewRenderer.renderAll(to: directory, module: "OpenCanvasTests", scale: 1)
        #expect(files.count == names.count)
        let decoded = try files.filter { $0.lastPathComponent.hasPrefix("PreviewTests-") }
            .map { try PNGCodec.decode([UInt8](Data(contentsOf: $0))) }
        // Ideal size; the default device (iPhone 16 Pro); the fixed layout.
        #expect(decoded.map { [$0.width, $0.height] } == [[40, 30], [402, 874], [60, 40]])
        let dark = decoded[2], i = (20 * dark.width + 30) * 4
        #expect(Array(dark.rgba[i..<i + 4]) == [255, 69, 58, 255])
    }
}
