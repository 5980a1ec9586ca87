import Testing
import Foundation
import OpenCanvas
import CanvasCodecs
import RenderTesting

@MainActor
@Suite("Images")
struct ImageTests {
    /// A 4 × 4 image: red top-left quarter, green top-right, blue bottom-left,
    /// transparent bottom-right, rendered at scale 1.
    static func quarters() -> CGImage {
        renderCanvas(width: 4, height: 4) { c, _ in
            c.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(css(255, 0, 0)))
            c.fill(Path(CGRect(x: 2, y: 0, width: 2, height: 2)), with: .color(css(0, 255, 0)))
            c.fill(Path(CGRect(x: 0, y: 2, width: 2, height: 2)), with: .color(css(0, 0, 255)))
        }!
    }

    @Test("PNG round trip: encode, decode, identical pixels")
    func pngRoundTrip() throws {
        let image = Self.quarters()
        let data = try #require(image.pngData())
        let back = try #require(CGImage(pngDataProviderSource: CGDataProvider(data: data), decode: nil,
                                        shouldInterpolate: true, intent: .defaultIntent))
        #expect(back.width == 4 && back.height == 4)
        #expect(identical(image, back))
    }

    @Test("JPEG round trip: encode, decode, colours within JPEG's error")
    func jpegRoundTrip() throws {
        let image = try #require(renderCanvas(width: 64, height: 32) { c, size in
            c.fill(Path(CGRect(origin: .zero, size: size)),
                   with: .linearGradient(Gradient(colors: [css(200, 40, 30), css(30, 90, 220)]),
                                         startPoint: .zero, endPoint: CGPoint(x: 64, y: 0)))
        })
        let data = try #require(image.jpegData(quality: 0.95))
        #expect(data.starts(with: [0xFF, 0xD8]))
        let back = try #require(CGImage(jpegDataProviderSource: CGDataProvider(data: data), decode: nil,
                                        shouldInterpolate: true, intent: .defaultIntent))
        #expect(back.width == 64 && back.height == 32)
        for (x, y) in [(5, 5), (32, 16), (60, 28)] {
            #expect(near(rgbaAt(back, x, y), rgbaAt(image, x, y), 6), "at \(x), \(y)")
        }
    }

    @Test("rows 45: hostile PNG and JPEG data fail with an error, never a trap or a huge allocation")
    func hostileFiles() throws {
        let png = try #require(Self.quarters().pngData())
        var truncated = [UInt8](png)
        truncated.removeLast(20)
        var badCRC = [UInt8](png)
        badCRC[30] ^= 0xFF
        // An IHDR claiming 100,000 × 100,000 pixels.
        var huge = [UInt8](png)
        for (i, b) in [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0].enumerated() { huge[16 + i] = UInt8(b) }
        for bytes in [truncated, badCRC, huge, [0x89, 0x50, 0x4E, 0x47], []] {
            #expect(throws: PNGCodec.Error.self) { _ = try PNGCodec.decode(bytes) }
        }
        let jpeg = try #require(Self.quarters().jpegData())
        var jpegHuge = [UInt8](jpeg)
        // Find the SOF0 marker and make the frame 60,000 × 60,000.
        if let sof = (0..<(jpegHuge.count - 9)).first(where: { jpegHuge[$0] == 0xFF && jpegHuge[$0 + 1] == 0xC0 }) {
            jpegHuge[sof + 5] = 0xEA; jpegHuge[sof + 6] = 0x60; jpegHuge[sof + 7] = 0xEA; jpegHuge[sof + 8] = 0x60
        }
        for bytes in [Array(jpeg.prefix(jpeg.count / 3)), jpegHuge, [0xFF, 0xD8, 0xFF], Array(repeating: 0xFF, count: 50)] {
            #expect(throws: JPEGCodec.Error.self) { _ = try JPEGCodec.decode(bytes) }
        }
        #expect(CGImage(pngDataProviderSource: CGDataProvider(data: Data(truncated)), decode: nil,
                        shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    // Found by the image-decode fuzz target: a 503-byte file claiming 65,221 × 2,304
    // pixels made libjpeg decode every missing row from nothing (seconds).
    @Test("row 45: a JPEG that ends early keeps the rows it had; the rest are transparent")
    func truncatedJPEG() throws {
        let width = 64, height = 256
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<width { rgba[(y * width + x) * 4] = UInt8(y % 256); rgba[(y * width + x) * 4 + 1] = UInt8(x * 4) } }
        let jpeg = try JPEGCodec.encode(rgba: rgba, width: width, height: height)
        let decoded = try JPEGCodec.decode(Array(jpeg.prefix(jpeg.count * 6 / 10)))
        #expect(decoded.width == width && decoded.height == height)
        func alpha(_ y: Int) -> UInt8 { decoded.rgba[(y * width + 10) * 4 + 3] }
        #expect(alpha(0) == 255 && alpha(40) == 255)           // rows the file had
        #expect(alpha(height - 1) == 0)                         // rows it did not
        // The same header claiming 16,000 × 16,000 pixels: more than its bytes can code.
        var claiming = jpeg
        if let sof = (0..<(claiming.count - 9)).first(where: { claiming[$0] == 0xFF && claiming[$0 + 1] == 0xC0 }) {
            claiming[sof + 5] = 0x3E; claiming[sof + 6] = 0x80; claiming[sof + 7] = 0x3E; claiming[sof + 8] = 0x80
        }
        #expect(throws: JPEGCodec.Error.self) { _ = try JPEGCodec.decode(claiming) }
    }

    @Test("a bundle's PNG and @2x JPEG by name; a missing name draws nothing and is reported once")
    func namedImages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("opencanvas-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.quarters().pngData()!.write(to: dir.appendingPathComponent("quarters.png"))
        let photo = try #require(renderCanvas(width: 8, height: 8) { c, s in
            c.fill(Path(CGRect(origin: .zero, size: s)), with: .color(css(20, 120, 200)))
        })
        try photo.jpegData()!.write(to: dir.appendingPathComponent("photo@2x.jpg"))
        let bundle = try #require(Bundle(path: dir.path))

        var sizes: [CGSize] = []
        let image = renderCanvas(width: 10, height: 10, scale: 2) { c, _ in
            let q = c.resolve(Image("quarters", bundle: bundle))
            let p = c.resolve(Image("photo", bundle: bundle))
            sizes = [q.size, p.size]
            c.draw(q, at: .zero, anchor: .topLeading)
            c.draw(p, at: CGPoint(x: 10, y: 10), anchor: .bottomTrailing)
        }
        // quarters.png is 4 px at scale 1 (4 points); photo@2x.jpg is 8 px at scale 2.
        #expect(sizes == [CGSize(width: 4, height: 4), CGSize(width: 4, height: 4)])
        #expect(near(rgbaAt(image, 1, 1), [255, 0, 0, 255], 2))
        #expect(near(rgbaAt(image, 17, 17), [20, 120, 200, 255], 6))

        let (_, report) = OpenCanvasDiagnostics.collecting {
            for _ in 0..<3 {
                _ = renderCanvas(width: 4, height: 4) { c, _ in c.draw(Image("no-such-image", bundle: bundle), at: .zero) }
            }
        }
        #expect(report.total == 1)
    }

    @Test("draw(_:in:) stretches into the rect; draw(_:at:anchor:) places its anchor; nearest keeps pixel edges")
    func drawing() {
        let q = Image(decorative: Self.quarters(), scale: 1).interpolation(.none)
        let image = renderCanvas(width: 40, height: 20) { c, _ in
            c.draw(q, in: CGRect(x: 0, y: 0, width: 20, height: 20))
            c.draw(q, at: CGPoint(x: 30, y: 10), anchor: .center)
        }
        #expect(rgbaAt(image, 2, 2) == [255, 0, 0, 255])
        #expect(rgbaAt(image, 9, 9) == [255, 0, 0, 255])          // nearest: no blend up to the middle
        #expect(rgbaAt(image, 10, 9) == [0, 255, 0, 255])
        #expect(rgbaAt(image, 15, 15)[3] == 0)
        #expect(rgbaAt(image, 28, 8) == [255, 0, 0, 255])         // 4 × 4 centred at (30, 10)
        #expect(rgbaAt(image, 31, 11)[3] == 0)
        #expect(rgbaAt(image, 27, 10)[3] == 0 || rgbaAt(image, 27, 10)[2] == 255)
    }

    @Test("interpolation: bilinear blends neighbours; medium and high average a shrunken checkerboard")
    func interpolation() {
        let checker = Image(size: CGSize(width: 64, height: 64)) { c in
            for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 {
                c.fill(Path(CGRect(x: x, y: y, width: 1, height: 1)), with: .color(.black))
            } }
        }
        func shrunk(_ mode: Image.Interpolation) -> [Int] {
            rgbaAt(renderCanvas(width: 8, height: 8) { c, _ in
                c.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(.white))
                c.draw(checker.interpolation(mode), in: CGRect(x: 0, y: 0, width: 8, height: 8))
            }, 4, 4)
        }
        // An 8:1 reduction of a 1-px checkerboard: about half grey, not black or white.
        for mode in [Image.Interpolation.medium, .high] {
            let v = shrunk(mode)
            #expect(abs(v[0] - 128) <= 24, "\(mode): \(v)")
        }
        let nearest = shrunk(.none)
        #expect(nearest[0] == 0 || nearest[0] == 255)
        // Bilinear, magnified: between the red and green quarters a mixture.
        let blended = renderCanvas(width: 40, height: 40) { c, _ in
            c.draw(Image(decorative: Self.quarters(), scale: 1).interpolation(.low), in: CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        let mid = rgbaAt(blended, 20, 5)
        #expect(mid[0] > 60 && mid[1] > 60)
    }

    @Test("template images take the shading (foreground by default), colours or gradients")
    func templates() {
        let mask = Image(decorative: Self.quarters(), scale: 1).renderingMode(.template).interpolation(.none)
        let image = renderCanvas(width: 20, height: 8) { c, _ in
            c.draw(mask, in: CGRect(x: 0, y: 0, width: 8, height: 8))                 // foreground: black
            var tinted = c.resolve(mask)
            tinted.shading = .linearGradient(Gradient(colors: [css(255, 0, 0), css(0, 0, 255)]),
                                             startPoint: CGPoint(x: 12, y: 0), endPoint: CGPoint(x: 20, y: 0))
            c.draw(tinted, in: CGRect(x: 12, y: 0, width: 8, height: 8))
        }
        #expect(rgbaAt(image, 1, 1) == [0, 0, 0, 255])
        #expect(rgbaAt(image, 6, 1) == [0, 0, 0, 255])
        #expect(rgbaAt(image, 6, 6)[3] == 0)                      // transparent quarter stays clear
        let left = rgbaAt(image, 12, 1), right = rgbaAt(image, 19, 1)
        #expect(left[0] > 200 && left[2] < 60 && right[2] > 200 && right[0] < 60)
        #expect(rgbaAt(image, 18, 6)[3] == 0)
    }

    @Test("resizable cap insets keep the corners' size and stretch the middle")
    func capInsets() {
        // 8 × 8: a 2-px black frame around white.
        let framed = Image(size: CGSize(width: 8, height: 8)) { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(.black))
            c.fill(Path(CGRect(x: 2, y: 2, width: 4, height: 4)), with: .color(.white))
        }
        let image = renderCanvas(width: 40, height: 20) { c, _ in
            c.draw(framed.resizable(capInsets: EdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))
                    .interpolation(.none), in: CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        #expect(rgbaAt(image, 1, 10) == [0, 0, 0, 255])       // left edge: still 2 px
        #expect(rgbaAt(image, 2, 10) == [255, 255, 255, 255])
        #expect(rgbaAt(image, 37, 10) == [255, 255, 255, 255])
        #expect(rgbaAt(image, 38, 10) == [0, 0, 0, 255])
        #expect(rgbaAt(image, 20, 1) == [0, 0, 0, 255] && rgbaAt(image, 20, 2) == [255, 255, 255, 255])
    }

    @Test("row 44: empty, negative and NaN frames; an image that cannot be drawn draws nothing")
    func badFrames() {
        let clean = badInputScene { _ in }
        let q = Image(decorative: Self.quarters(), scale: 1)
        let image = badInputScene { c in
            c.draw(q, in: CGRect(x: 5, y: 5, width: 0, height: 10))
            c.draw(q, in: CGRect(x: CGFloat.nan, y: 5, width: 4, height: 4))
            c.draw(q, at: CGPoint(x: 3, y: CGFloat.infinity))
            c.draw(q, at: CGPoint(x: 3, y: 3), anchor: UnitPoint(x: .nan, y: 0))
            c.draw(Image(size: .zero) { _ in }, in: CGRect(x: 0, y: 0, width: 10, height: 10))
            c.draw(Image(decorative: Self.quarters(), scale: 0), at: .zero)
        }
        #expect(identical(image, clean))
        // A negative size is the same rectangle, normalised.
        let a = renderCanvas(width: 10, height: 10) { c, _ in c.draw(q, in: CGRect(x: 8, y: 8, width: -6, height: -6)) }
        let b = renderCanvas(width: 10, height: 10) { c, _ in c.draw(q, in: CGRect(x: 2, y: 2, width: 6, height: 6)) }
        #expect(identical(a, b))
    }
}
