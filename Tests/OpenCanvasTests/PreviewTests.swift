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
}
