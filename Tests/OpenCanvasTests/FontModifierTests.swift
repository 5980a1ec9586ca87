import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Font widths and the font modifiers of views")
struct FontModifierTests {
    func width<V: View>(_ view: V) -> CGFloat {
        ViewTree.layOutOnce(view, proposal: .unspecified, environment: EnvironmentValues()).size.width
    }

    @Test func widthsScaleTheTextHorizontally() {
        let standard = width(Text("Hello, world"))
        let condensed = width(Text("Hello, world").fontWidth(.condensed))
        let compressed = width(Text("Hello, world").font(.body.width(.compressed)))
        let expanded = width(Text("Hello, world").fontWidth(.expanded))
        #expect(abs(condensed / standard - 0.83) < 0.01)
        #expect(abs(compressed / standard - 0.745) < 0.01)
        #expect(abs(expanded / standard - 1.17) < 0.01)
        #expect(Font.Width.condensed.value == -0.2 && Font.Width.expanded.value == 0.2)
        // Non-finite or extreme widths are clamped, never trap.
        #expect(abs(width(Text("Hello, world").fontWidth(Font.Width(.nan))) - standard) < 0.01)
        #expect(abs(width(Text("Hello, world").fontWidth(Font.Width(40))) / standard - 1.5) < 0.01)
    }

    @Test func theGlyphsAreDrawnNarrower() throws {
        func inkWidth(_ view: some View) throws -> Int {
            let image = try #require(render(view.frame(width: 200, height: 30, alignment: .leading)))
            var right = 0
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).alpha > 128 { right = max(right, x) } }
            return right
        }
        let standard = try inkWidth(Text("MMMM").font(.system(size: 24)))
        let condensed = try inkWidth(Text("MMMM").font(.system(size: 24)).fontWidth(.condensed))
        #expect(abs(Double(condensed) / Double(standard) - 0.83) < 0.04)
    }

    @Test func viewModifiersReachTheTextInside() {
        let regular = width(Text("Weight"))
        #expect(width(VStack { Text("Weight") }.fontWeight(.bold)) > regular + 2)
        #expect(abs(width(VStack { Text("Weight") }.bold()) - width(Text("Weight").bold())) < 0.01)
        #expect(abs(width(VStack { Text("Weight") }.bold(false)) - regular) < 0.01)
        #expect(abs(width(VStack { Text("Weight") }.fontWidth(.condensed)) / regular - 0.83) < 0.01)
        // The text's own setting wins over the view's, and the innermost view's
        // over the outer one's.
        #expect(abs(width(VStack { Text("Weight").fontWidth(.standard) }.fontWidth(.condensed)) - regular) < 0.01)
        #expect(abs(width(VStack { VStack { Text("Weight") }.fontWidth(.expanded) }.fontWidth(.condensed)) / regular - 1.17) < 0.01)
        // A view's adjustments apply to a text's own font too.
        let title = width(Text("Weight").font(.title))
        #expect(abs(width(VStack { Text("Weight").font(.title) }.fontWidth(.condensed)) / title - 0.83) < 0.01)
        #expect(width(VStack { Text("1111") }.monospaced()) > width(Text("1111")))
        // Italic: the same advances (Inter's italic keeps them), other glyphs.
        #expect(!identical(render(VStack { Text("Weight") }.italic()), render(Text("Weight"))))
        #expect(identical(render(VStack { Text("Weight") }.italic()), render(Text("Weight").italic())))
    }
}
