import Testing
import Foundation
import OpenCanvas
import CanvasCodecs
import CanvasScenes
import RenderTesting

/// SVG output, read back by an independent renderer: librsvg's `rsvg-convert`.
@MainActor
@Suite("SVG output")
struct SVGOutputTests {
    private func folder() throws -> URL {
        let folder = ReferenceImage.outputDirectory.appendingPathComponent("svg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// rsvg-convert's raster of the file at `zoom`, over white.
    private func rasterize(_ file: URL, zoom: Int) throws -> PNGCodec.Decoded {
        let png = file.deletingPathExtension().appendingPathExtension("rsvg.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "-z", String(zoom), "-b", "white", "-o", png.path, file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "rsvg-convert failed on \(file.path)")
        return try PNGCodec.decode([UInt8](Data(contentsOf: png)))
    }

    /// Every gallery scene as SVG matches our raster of it once librsvg draws it:
    /// mean difference ≤ 3/255 and at most 3 % of pixels off by more than 32/255
    /// (measured worst: mean 1.7, 1.9 %, the linear-light layers' images).
    @Test("gallery scene as SVG", arguments: Scenes.all.map(\.name))
    func scene(_ name: String) throws {
        let scene = try #require(Scenes.named(name))
        let image = try #require(scene.image(scale: 2))
        let svg = scene.svgDocument(title: name)
        #expect(svg.hasPrefix("<?xml"))
        // No non-finite number anywhere outside the images' data.
        let outsideData = svg.split(separator: "base64,").enumerated()
            .map { $0.offset == 0 ? Substring($0.element) : $0.element.drop { $0 != "\"" } }.joined()
        #expect(!outsideData.contains(/[\s"(,]-?(nan|inf)[\s")]/))
        let file = try folder().appendingPathComponent("\(name).svg")
        try Data(svg.utf8).write(to: file)
        let theirs = try rasterize(file, zoom: 2)
        #expect(theirs.width == image.width && theirs.height == image.height)
        let ours = image.rgbaBytes()
        let w = min(theirs.width, image.width), h = min(theirs.height, image.height)
        var total = 0, far = 0
        var diff = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * image.width + x) * 4, j = (y * theirs.width + x) * 4
                let a = Int(ours[i + 3])
                var d = 0
                for c in 0..<3 {
                    let over = (Int(ours[i + c]) * a + 255 * (255 - a) + 127) / 255
                    d = max(d, abs(over - Int(theirs.rgba[j + c])))
                }
                total += d
                if d > 32 { far += 1; diff[(y * w + x) * 4 + 1] = 0; diff[(y * w + x) * 4 + 2] = 0 }
            }
        }
        let mean = Double(total) / Double(w * h), share = Double(far) / Double(w * h)
        print("svg \(name): \(svg.utf8.count) bytes, mean difference \(mean), \(share * 100) % off by > 32")
        if mean > 3 || share > 0.03 {
            try Data(PNGCodec.encode(rgba: diff, width: w, height: h)).write(to: try folder().appendingPathComponent("\(name)-diff.png"))
        }
        let where_ = try folder().path
        #expect(mean <= 3 && share <= 0.03, "\(name): mean difference \(mean), \(share * 100) % of pixels off by > 32; see \(where_)")
    }

    @Test("text: outlines drawn, characters kept as text; what SVG cannot say is an image")
    func textAndFallback() throws {
        let svg = Scenes.textStyles.svgDocument()
        #expect(svg.contains(">Large Title</text>"))
        #expect(svg.contains("<use xlink:href=\"#gl"))
        #expect(!svg.contains("<image"))   // nothing in it needs pixels
        // A blur has no vector form here: it is a PNG image, the rest stays vector.
        let drawing = GraphicsContext.record(size: CGSize(width: 100, height: 50)) { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 50)), with: .color(.red))
            var blurred = context
            blurred.addFilter(.blur(radius: 4))
            blurred.fill(Path(ellipseIn: CGRect(x: 55, y: 5, width: 40, height: 40)), with: .color(.blue))
        }
        let mixed = drawing.svgDocument()
        #expect(mixed.contains("<path d=\"M0 0L50 0L50 50L0 50Z\" fill=\"#FF3B30\"/>") || mixed.contains("fill=\"#FF"))
        #expect(mixed.components(separatedBy: "<image").count == 2)
        // Hostile text in a title is escaped, not written raw.
        let titled = drawing.svgDocument(title: "a < b & \"c\" \u{1}")
        #expect(titled.contains("<title>a &lt; b &amp; &quot;c&quot; </title>"))
    }
}
