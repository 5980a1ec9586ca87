import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Asset catalogs: colour sets and image sets")
struct AssetCatalogTests {
    /// A bundle folder with an asset catalog: a colour set with a dark appearance
    /// (components written three ways Xcode writes them), one in Display P3 inside
    /// a group, and an image set with 1× and 2× files.
    func makeBundle() throws -> (Bundle, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oc-assets-\(UUID().uuidString)")
        let catalog = root.appendingPathComponent("Assets.xcassets")
        func write(_ path: String, _ text: String) throws {
            let url = catalog.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("Brand.colorset/Contents.json", """
        { "colors" : [
            { "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "red" : "0.800", "green" : "0.400", "blue" : "0.200" } }, "idiom" : "universal" },
            { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
              "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "red" : "0x20", "green" : "64", "blue" : "255" } }, "idiom" : "universal" }
          ], "info" : { "author" : "xcode", "version" : 1 } }
        """)
        try write("Group/Accent.colorset/Contents.json", """
        { "colors" : [ { "color" : { "color-space" : "display-p3", "components" : { "alpha" : "1.000", "red" : "1.000", "green" : "0.000", "blue" : "0.000" } }, "idiom" : "universal" } ] }
        """)
        try write("Dot.imageset/Contents.json", """
        { "images" : [ { "filename" : "dot.png", "idiom" : "universal", "scale" : "1x" },
                       { "filename" : "dot@2x.png", "idiom" : "universal", "scale" : "2x" },
                       { "idiom" : "universal", "scale" : "3x" } ] }
        """)
        let one = try #require(ImageRenderer(content: Color.green.frame(width: 4, height: 4)).cgImage?.pngData())
        let two = try #require(ImageRenderer(content: Color.blue.frame(width: 8, height: 8)).cgImage?.pngData())
        try one.write(to: catalog.appendingPathComponent("Dot.imageset/dot.png"))
        try two.write(to: catalog.appendingPathComponent("Dot.imageset/dot@2x.png"))
        return (try #require(Bundle(path: root.path)), root)
    }

    func components(_ c: Color, _ scheme: ColorScheme) -> [Int] {
        var environment = EnvironmentValues()
        environment.colorScheme = scheme
        let r = c.resolve(in: environment)
        return [r.red, r.green, r.blue, r.opacity].map { Int(($0 * 255).rounded()) }
    }

    @Test func colourSetsHaveTheirAppearances() throws {
        let (bundle, root) = try makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let brand = Color("Brand", bundle: bundle)
        #expect(components(brand, .light) == [204, 102, 51, 255])
        #expect(components(brand, .dark) == [32, 64, 255, 255])
        // Display P3 red is outside sRGB: its extended sRGB red exceeds 1.
        var environment = EnvironmentValues()
        environment.colorScheme = .light
        let accent = Color("Accent", bundle: bundle).resolve(in: environment)
        #expect(accent.red > 1 && accent.green < 0)
        // Drawn, in a host set to dark.
        let host = HeadlessHost(size: CGSize(width: 10, height: 10)) { Color("Brand", bundle: bundle) }
        host.colorScheme = .dark
        #expect(rgbaAt(host.render(), 5, 5) == [32, 64, 255, 255])
    }

    @Test func aMissingColourDrawsNothingAndIsReportedOnce() throws {
        let (bundle, root) = try makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let (images, report) = OpenCanvasDiagnostics.collecting {
            (0..<3).map { _ in ImageRenderer(content: Color("NoSuchColour", bundle: bundle).frame(width: 4, height: 4)).cgImage }
        }
        #expect(images.allSatisfy { rgbaAt($0, 2, 2) == [0, 0, 0, 0] })
        #expect(report.total == 1)
    }

    @Test func imageSetsPickTheirScale() throws {
        let (bundle, root) = try makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let one = ImageRenderer(content: Image("Dot", bundle: bundle))
        let oneImage = try #require(one.cgImage)
        #expect(oneImage.width == 4 && oneImage.height == 4)
        #expect(rgbaAt(oneImage, 2, 2) == [52, 199, 89, 255])           // the 1× file
        let two = ImageRenderer(content: Image("Dot", bundle: bundle))
        two.scale = 2
        let twoImage = try #require(two.cgImage)
        #expect(twoImage.width == 8 && twoImage.height == 8)          // 4 points at 2×: the 2× file
        #expect(rgbaAt(twoImage, 4, 4) == [0, 122, 255, 255])
    }
}
