import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// A square filled with a colour, and a label saying the scheme it sees.
struct SchemeProbe: View {
    let fill: Color
    @Environment(\.colorScheme) private var scheme
    var body: some View {
        VStack(spacing: 0) {
            Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(fill))
            }
            .frame(width: 20, height: 20)
            Text(scheme == .dark ? "dark" : "light")
        }
    }
}

@MainActor @Suite("Appearance: colour schemes and adaptive colours")
struct AppearanceTests {
    func components(_ c: Color, _ scheme: ColorScheme) -> [Int] {
        var environment = EnvironmentValues()
        environment.colorScheme = scheme
        let r = c.resolve(in: environment)
        return [r.red, r.green, r.blue, r.opacity].map { Int(($0 * 255).rounded()) }
    }

    @Test func systemColoursHaveApplesLightAndDarkValues() {
        #expect(components(.red, .light) == [255, 59, 48, 255])
        #expect(components(.red, .dark) == [255, 69, 58, 255])
        #expect(components(.blue, .dark) == [10, 132, 255, 255])
        #expect(components(.teal, .dark) == [64, 200, 224, 255])
        #expect(components(.primary, .light) == [0, 0, 0, 255])
        #expect(components(.primary, .dark) == [255, 255, 255, 255])
        #expect(components(.secondary, .dark) == [235, 235, 245, 153])
        // Fixed colours do not adapt; an opacity applies to both appearances.
        #expect(components(.black, .dark) == [0, 0, 0, 255])
        #expect(components(Color(red: 0.5, green: 0.25, blue: 1), .dark) == [128, 64, 255, 255])
        #expect(components(Color.green.opacity(0.5), .dark) == [48, 209, 88, 128])
    }

    @Test func aHostsSchemeReachesItsViewsAndTheirColours() {
        let host = HeadlessHost(size: CGSize(width: 60, height: 60)) { SchemeProbe(fill: .primary) }
        #expect(host.accessibilityReading == ["light"])
        let light = host.render()
        host.colorScheme = .dark
        #expect(host.needsRender)
        #expect(host.accessibilityReading == ["dark"])
        let dark = host.render()
        // The square sits at the top of the centred stack.
        let (lx, ly) = squareCentre(light)
        #expect(rgbaAt(light, lx, ly) == [0, 0, 0, 255])
        #expect(rgbaAt(dark, lx, ly) == [255, 255, 255, 255])
    }

    @Test func aPreferredSchemeAppliesToTheWholePresentation() {
        // The preference is stated deep inside; the outer probe turns dark as well.
        let host = HeadlessHost(size: CGSize(width: 100, height: 120)) {
            VStack {
                SchemeProbe(fill: .red)
                SchemeProbe(fill: .blue).preferredColorScheme(.dark)
            }
        }
        #expect(host.accessibilityReading == ["dark", "dark"])
        let image = host.render()
        let (x, y) = squareCentre(image)
        #expect(rgbaAt(image, x, y) == [255, 69, 58, 255])         // systemRed, dark
    }

    @Test func anEnvironmentSchemeAppliesToItsSubtree() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 120)) {
            VStack {
                SchemeProbe(fill: .red)
                SchemeProbe(fill: .red).environment(\.colorScheme, .dark)
            }
        }
        #expect(host.accessibilityReading == ["light", "dark"])
    }

    @Test func imageRendererTakesAScheme() throws {
        let renderer = ImageRenderer(content: Color.green.frame(width: 10, height: 10))
        renderer.colorScheme = .dark
        let image = try #require(renderer.cgImage)
        #expect(rgbaAt(image, 5, 5) == [48, 209, 88, 255])
        let secondary = ImageRenderer(content: Rectangle().fill(.secondary).frame(width: 10, height: 10))
        secondary.colorScheme = .dark
        let s = try #require(secondary.cgImage)
        #expect(near(rgbaAt(s, 5, 5), [235, 235, 245, 153], 1))
    }

    /// The first opaque pixel's square: the centre of the 20 × 20 canvas.
    private func squareCentre(_ image: CGImage) -> (Int, Int) {
        for y in 0..<image.height {
            for x in 0..<image.width where rgbaAt(image, x, y)[3] == 255 { return (x + 10, y + 10) }
        }
        return (0, 0)
    }
}

extension AppearanceTests {
    @Test func palettesNameTheSecondaryStyles() throws {
        let renderer = ImageRenderer(content: HStack(spacing: 0) {
            Rectangle().fill(.primary).frame(width: 10, height: 10)
            Rectangle().fill(.secondary).frame(width: 10, height: 10)
            Rectangle().fill(.tertiary).frame(width: 10, height: 10)
        }
        .foregroundStyle(.red, .blue, .green)
        .symbolRenderingMode(.palette))
        let image = try #require(renderer.cgImage)
        #expect(rgbaAt(image, 5, 5) == [255, 59, 48, 255])
        #expect(rgbaAt(image, 15, 5) == [0, 122, 255, 255])
        #expect(rgbaAt(image, 25, 5) == [52, 199, 89, 255])
    }
}

extension AppearanceTests {
    @Test func filterColoursAdaptToo() {
        let host = HeadlessHost(size: CGSize(width: 60, height: 60)) {
            Color.black.frame(width: 20, height: 20).shadow(color: .blue, radius: 0, x: 10, y: 0)
        }
        #expect(rgbaAt(host.render(), 45, 30) == [0, 122, 255, 255])
        host.colorScheme = .dark
        #expect(rgbaAt(host.render(), 45, 30) == [10, 132, 255, 255])
    }
}
