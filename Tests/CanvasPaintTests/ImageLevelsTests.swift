import Testing
import CanvasPaint

@Suite("Image levels")
struct ImageLevelsTests {
    /// A packed premultiplied pixel from its bytes (R in the low byte).
    func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 { r | g << 8 | b << 16 | a << 24 }

    /// A 3 × 1 image: black, white, half-transparent white; and a 2 × 1 one: clear, white.
    func images() throws -> (Pixmap, Pixmap) {
        let odd = try Pixmap(width: 3, height: 1)
        odd.row(0)[0] = pixel(0, 0, 0, 255)
        odd.row(0)[1] = pixel(255, 255, 255, 255)
        odd.row(0)[2] = pixel(128, 128, 128, 128)
        let clear = try Pixmap(width: 2, height: 1)
        clear.row(0)[0] = 0
        clear.row(0)[1] = pixel(255, 255, 255, 255)
        return (odd, clear)
    }

    @Test("a level averaged in linear light: black and white give 188 (not 128); alpha weighs colour; odd sizes repeat the edge")
    func linearLevels() throws {
        let (odd, clear) = try images()
        let level = ImageLevels(odd).linearLevel(1)
        #expect(level.width == 2 && level.height == 1)
        #expect(level.pixel(x: 0, y: 0) == pixel(188, 188, 188, 255))   // 0.5 in linear light, encoded
        #expect(level.pixel(x: 1, y: 0) == pixel(128, 128, 128, 128))   // the edge pixel alone: unchanged
        // A transparent pixel adds no colour: white at half alpha.
        #expect(ImageLevels(clear).linearLevel(1).pixel(x: 0, y: 0) == pixel(128, 128, 128, 128))
        // The encoded chain averages the bytes.
        #expect(ImageLevels(odd).level(1).pixel(x: 0, y: 0) == pixel(128, 128, 128, 255))
        // Past the last level, the last one.
        #expect(ImageLevels(odd).linearLevel(5).width == 1)
    }
}
