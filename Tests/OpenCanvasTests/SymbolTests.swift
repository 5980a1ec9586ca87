import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Counts how often a symbol's own renderer ran.
@MainActor final class RenderCounter { var count = 0 }

@MainActor
@Suite("Canvas symbols and the glyph cache")
struct SymbolTests {
    @Test("resolveSymbol finds tagged views at their ideal size; an unknown id is nil")
    func resolve() {
        var dot: CGSize?, star: CGSize?, label: CGSize?, missing = false
        _ = render(Canvas { context, _ in
            dot = context.resolveSymbol(id: 1)?.size
            star = context.resolveSymbol(id: "star")?.size
            label = context.resolveSymbol(id: 2)?.size
            missing = context.resolveSymbol(id: 99) == nil && context.resolveSymbol(id: "1") == nil
        } symbols: {
            Circle().fill(.red).frame(width: 10, height: 10).tag(1)
            Image(systemName: "star.fill").tag("star")
            Text("Label").tag(2)
        }.frame(width: 50, height: 50))
        #expect(dot == CGSize(width: 10, height: 10))
        #expect((star?.width ?? 0) > 10)
        #expect((label?.height ?? 0) == 22)
        #expect(missing)
    }

    @Test("a star field: one symbol drawn 200 times, rendered once per canvas render")
    func starField() throws {
        let counter = RenderCounter()
        let img = try #require(render(Canvas { context, _ in
            guard let star = context.resolveSymbol(id: 0) else { return }
            for i in 0..<200 {
                context.draw(star, at: CGPoint(x: 10 + Double(i % 20) * 20, y: 10 + Double(i / 20) * 20))
            }
        } symbols: {
            Canvas { context, size in
                counter.count += 1
                context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.black))
            }
            .frame(width: 8, height: 8).tag(0)
        }.frame(width: 400, height: 200)))
        #expect(counter.count == 1)
        for i in 0..<200 {
            let p = img.pixel(x: 10 + (i % 20) * 20, y: 10 + (i / 20) * 20)
            #expect(p.alpha == 255)
        }
        #expect(img.pixel(x: 0, y: 0).alpha == 0)
        #expect(img.pixel(x: 20, y: 20).alpha == 0)
    }

    @Test("a symbol view's foreground colour comes from its environment")
    func tintedSymbol() throws {
        let img = try #require(render(Canvas { context, _ in
            if let star = context.resolveSymbol(id: 0) { context.draw(star, in: CGRect(x: 0, y: 0, width: 40, height: 40)) }
        } symbols: {
            Image(systemName: "circle.fill").foregroundColor(.blue).tag(0)
        }.frame(width: 40, height: 40)))
        let p = img.pixel(x: 20, y: 20)
        #expect(p.alpha == 255 && p.blue > 200 && p.red < 60)
    }

    @Test("a scaled symbol stays sharp: it is replayed as vectors, not scaled pixels")
    func sharpWhenScaled() throws {
        let img = try #require(render(Canvas { context, _ in
            guard let dot = context.resolveSymbol(id: "dot") else { return }
            context.draw(dot, in: CGRect(x: 0, y: 0, width: 100, height: 100))
        } symbols: {
            Circle().fill(.black).frame(width: 4, height: 4).tag("dot")
        }.frame(width: 100, height: 100)))
        // Along the middle row, at most two pixels on each edge are partly covered.
        var partial = 0
        for x in 0..<100 {
            let a = img.pixel(x: x, y: 50).alpha
            if a > 0 && a < 255 { partial += 1 }
        }
        #expect(partial <= 4)
        #expect(img.pixel(x: 50, y: 50).alpha == 255)
        #expect(img.pixel(x: 1, y: 1).alpha == 0)
    }

    @Test("opacity, transforms and clips apply; a faded symbol is one drawing (overlaps not doubled)")
    func state() throws {
        let img = try #require(render(Canvas { context, _ in
            guard let s = context.resolveSymbol(id: 0) else { return }
            var faded = context
            faded.opacity = 0.5
            faded.draw(s, in: CGRect(x: 0, y: 0, width: 20, height: 20))
            var moved = context
            moved.translateBy(x: 40, y: 0)
            moved.clip(to: Path(CGRect(x: 0, y: 0, width: 10, height: 20)))
            moved.draw(s, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        } symbols: {
            Canvas { context, _ in
                context.fill(Path(CGRect(x: 0, y: 0, width: 14, height: 20)), with: .color(.black))
                context.fill(Path(CGRect(x: 6, y: 0, width: 14, height: 20)), with: .color(.black))
            }.frame(width: 20, height: 20).tag(0)
        }.frame(width: 80, height: 20)))
        #expect(img.pixel(x: 3, y: 10).alpha == 128)
        #expect(img.pixel(x: 10, y: 10).alpha == 128)        // the overlap: grouped, not 191
        #expect(img.pixel(x: 45, y: 10).alpha == 255)
        #expect(img.pixel(x: 55, y: 10).alpha == 0)          // clipped away
    }

    @Test("the glyph cache draws what the outlines draw (within its quarter-pixel positions)")
    func glyphCacheMatchesOutlines() throws {
        func draw(rotated: Bool) throws -> CGImage {
            try #require(render(Canvas { context, _ in
                // A rotation too small to move a pixel still sends glyphs down the outline path.
                if rotated { context.rotate(by: .radians(1e-12)) }
                for i in 0..<20 {
                    context.draw(Text("Glyph cache \(i)").font(.system(size: 13)),
                                 at: CGPoint(x: 5 + Double(i % 2) * 150, y: 5 + Double(i / 2) * 18), anchor: .topLeading)
                }
            }.frame(width: 300, height: 190)))
        }
        let cached = try draw(rotated: false), outlines = try draw(rotated: true)
        var diff = 0, ink = 0, cachedInk = 0, worst = 0
        for y in 0..<190 { for x in 0..<300 {
            let a = Int(cached.pixel(x: x, y: y).alpha), b = Int(outlines.pixel(x: x, y: y).alpha)
            diff += abs(a - b); ink += b; cachedInk += a; worst = max(worst, abs(a - b))
        } }
        #expect(ink > 100_000)
        // The same ink, moved by at most an eighth of a pixel per glyph: on 1-px stems
        // that shifts coverage between neighbours (measured: 12 % of the ink moves,
        // the total stays within 0.5 %).
        #expect(abs(Double(cachedInk - ink)) / Double(ink) < 0.01)
        #expect(Double(diff) / Double(ink) < 0.15)
        #expect(worst <= 96)
    }
}
