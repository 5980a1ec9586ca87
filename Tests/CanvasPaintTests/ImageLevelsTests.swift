import Testing
@testable import CanvasPaint
import CanvasGeometry

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

    @Test("the level made is reported: past the last level, and where a halving fails")
    func levelReached() throws {
        let (odd, _) = try images()
        // 3 × 1 → 2 × 1 → 1 × 1: two levels below the image.
        #expect(ImageLevels(odd).nearestLevel(5).level == 2)
        #expect(ImageLevels(odd).nearestLevel(5, linearLight: true).pixmap.width == 1)
        #expect(ImageLevels(odd).nearestLevel(0).level == 0)
        // A halving without memory (the second one fails): level 1 and its number,
        // so that a caller scales by 2, not by 8; a later call tries again.
        let big = try Pixmap(width: 64, height: 64)
        let levels = ImageLevels(big)
        let chain = Locked<[Pixmap]>([])
        var halvings = 0
        let failing: (Pixmap) -> Pixmap? = { p in
            halvings += 1
            return halvings == 2 ? nil : ImageLevels.halve(p)
        }
        let first = levels.level(3, of: chain, halve: failing)
        #expect(first.level == 1 && first.pixmap.width == 32)
        let again = levels.level(3, of: chain, halve: failing)
        #expect(again.level == 3 && again.pixmap.width == 8)
    }
}
