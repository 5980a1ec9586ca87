import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("Text in a canvas")
struct TextTests {
    @Test("resolved text measures to its line height and a positive width")
    func measure() {
        var size = CGSize.zero, wide = CGSize.zero, baseline: CGFloat = 0
        _ = renderCanvas(width: 200, height: 100) { context, s in
            let text = context.resolve(Text("Hello").font(.caption2))
            size = text.measure(in: s)
            wide = context.resolve(Text("Hello, world").font(.caption2)).measure(in: s)
            baseline = text.firstBaseline(in: s)
        }
        #expect(size.height == 13)                 // caption2 line height
        #expect(size.width > 20 && size.width < 35)
        #expect(wide.width > size.width)
        #expect(baseline > 6 && baseline < 13)
    }

    @Test("lines wrap at spaces in a narrow area")
    func wrapping() {
        var one = CGSize.zero, wrapped = CGSize.zero, last: CGFloat = 0, first: CGFloat = 0
        _ = renderCanvas(width: 300, height: 100) { context, _ in
            let text = context.resolve(Text("one two three four").font(.body))
            one = text.measure(in: CGSize(width: 1000, height: 1000))
            wrapped = text.measure(in: CGSize(width: one.width * 0.6, height: 1000))
            first = text.firstBaseline(in: CGSize(width: one.width * 0.6, height: 1000))
            last = text.lastBaseline(in: CGSize(width: one.width * 0.6, height: 1000))
        }
        #expect(one.height == 22)
        #expect(wrapped.height == 44)
        #expect(wrapped.width <= one.width * 0.6)
        #expect(last - first == 22)
    }

    @Test("draw(_:at:) anchors the text's ideal box at the point (centre by default)")
    func anchors() throws {
        func inkBounds(_ image: CGImage) -> (Int, Int, Int, Int) {
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y).alpha > 40 {
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
                }
            }
            return (x0, y0, x1, y1)
        }
        let centred = try #require(renderCanvas(width: 200, height: 60) { context, _ in
            context.draw(Text("Mmmm").font(.title), at: CGPoint(x: 100, y: 30))
        })
        let (x0, _, x1, _) = inkBounds(centred)
        #expect(abs((x0 + x1) / 2 - 100) <= 2)
        let leading = try #require(renderCanvas(width: 200, height: 60) { context, _ in
            context.draw(Text("Mmmm").font(.title), at: CGPoint(x: 10, y: 5), anchor: .topLeading)
        })
        let (lx0, ly0, _, _) = inkBounds(leading)
        #expect(lx0 >= 10 && lx0 <= 14)
        #expect(ly0 >= 5 && ly0 <= 16)
    }

    @Test("text is drawn with the foreground (black) or its own colour, honouring opacity")
    func colours() throws {
        let image = try #require(renderCanvas(width: 120, height: 40) { context, _ in
            context.draw(Text("█████").font(.system(size: 30)), at: CGPoint(x: 2, y: 2), anchor: .topLeading)
        })
        // The glyph for U+2588 may come from a fallback font or be missing; any ink
        // must be black.
        var sawInk = false
        for y in 0..<40 { for x in 0..<120 {
            let p = image.pixel(x: x, y: y)
            if p.alpha == 255 { sawInk = true; #expect(p.red == 0 && p.green == 0 && p.blue == 0) }
        } }
        _ = sawInk
        let red = try #require(renderCanvas(width: 120, height: 40) { context, _ in
            context.opacity = 0.5
            context.draw(Text("MMM").font(.system(size: 30)).foregroundColor(.red), at: CGPoint(x: 60, y: 20))
        })
        var maxAlpha: UInt8 = 0
        for y in 0..<40 { for x in 0..<120 { maxAlpha = max(maxAlpha, red.pixel(x: x, y: y).alpha) } }
        #expect(maxAlpha == 128)
    }

    @Test("fonts: text styles have Apple's sizes; bold is heavier than regular")
    func fonts() {
        var regular = CGSize.zero, bold = CGSize.zero, large = CGSize.zero
        _ = renderCanvas(width: 400, height: 100) { context, s in
            regular = context.resolve(Text("Weight").font(.body)).measure(in: s)
            bold = context.resolve(Text("Weight").font(.body).bold()).measure(in: s)
            large = context.resolve(Text("Weight").font(.largeTitle)).measure(in: s)
        }
        #expect(bold.width > regular.width)
        #expect(large.height == 41)
        #expect(abs(large.width / regular.width - 34.0 / 17.0) < 0.1)
    }
}
