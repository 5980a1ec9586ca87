import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("GraphicsContext semantics")
struct GraphicsContextTests {
    func alpha(_ image: CGImage?, _ x: Int, _ y: Int) -> UInt8 { image?.pixel(x: x, y: y).alpha ?? 0 }

    @Test("a copy's clip does not clip the original; both draw on the same surface")
    func copiesShareTheSurface() {
        let image = renderCanvas(width: 40, height: 20) { context, _ in
            var copy = context
            copy.clip(to: Path(CGRect(x: 0, y: 0, width: 20, height: 20)))
            copy.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 10)), with: .color(.red))
            context.fill(Path(CGRect(x: 0, y: 10, width: 40, height: 10)), with: .color(.blue))
        }
        #expect(alpha(image, 5, 5) == 255)        // copy, inside its clip
        #expect(alpha(image, 30, 5) == 0)         // copy, outside its clip
        #expect(alpha(image, 30, 15) == 255)      // original, unclipped
    }

    @Test("state changes affect only later drawing")
    func stateOrder() {
        let image = renderCanvas(width: 40, height: 20) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
            context.opacity = 0.5
            context.clip(to: Path(CGRect(x: 20, y: 0, width: 20, height: 20)))
            context.translateBy(x: 20, y: 0)
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
        }
        #expect(alpha(image, 5, 5) == 255)        // before the opacity change
        #expect(alpha(image, 25, 5) == 128)       // after: half opacity, translated
    }

    @Test("transform helpers compose in Core Graphics order")
    func transformOrder() {
        var seen = CGAffineTransform.identity
        _ = renderCanvas(width: 10, height: 10) { context, _ in
            context.translateBy(x: 10, y: 0)
            context.scaleBy(x: 2, y: 2)
            seen = context.transform
        }
        // Scale applies first, then the translation: (1, 1) → (2, 2) → (12, 2).
        let p = CGPoint(x: 1, y: 1).applying(seen)
        #expect(p == CGPoint(x: 12, y: 2))
    }

    @Test("rotate(by:) turns clockwise on screen")
    func rotationDirection() {
        let image = renderCanvas(width: 40, height: 40) { context, _ in
            context.translateBy(x: 20, y: 20)
            context.rotate(by: .degrees(90))
            // Along +x before rotation; after a clockwise quarter turn, along +y.
            context.fill(Path(CGRect(x: 4, y: -2, width: 12, height: 4)), with: .color(.black))
        }
        #expect(alpha(image, 20, 30) == 255)
        #expect(alpha(image, 30, 20) == 0)
    }

    @Test("clips intersect")
    func clipsIntersect() {
        let image = renderCanvas(width: 30, height: 30) { context, _ in
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 20, height: 30)))
            context.clip(to: Path(CGRect(x: 10, y: 0, width: 20, height: 30)))
            context.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 30)), with: .color(.black))
        }
        #expect(alpha(image, 5, 15) == 0)
        #expect(alpha(image, 15, 15) == 255)
        #expect(alpha(image, 25, 15) == 0)
    }

    @Test("anti-aliased clip to a path gives partial coverage at its edge")
    func softClip() {
        let image = renderCanvas(width: 20, height: 20) { context, _ in
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 10.5, height: 20)))
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
        }
        #expect(alpha(image, 9, 5) == 255)
        #expect(alpha(image, 10, 5) == 128)
        #expect(alpha(image, 11, 5) == 0)
    }

    @Test("an inverse clip keeps the outside")
    func inverseClip() {
        let image = renderCanvas(width: 20, height: 20) { context, _ in
            context.clip(to: Path(CGRect(x: 5, y: 5, width: 10, height: 10)), options: .inverse)
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
        }
        #expect(alpha(image, 2, 2) == 255)
        #expect(alpha(image, 10, 10) == 0)
    }

    @Test("clipBoundingRect is the clips' bounds in user space")
    func clipBoundingRect() {
        var rect = CGRect.null
        _ = renderCanvas(width: 100, height: 100) { context, _ in
            context.clip(to: Path(CGRect(x: 10, y: 20, width: 30, height: 40)))
            context.translateBy(x: 10, y: 20)
            rect = context.clipBoundingRect
        }
        #expect(rect == CGRect(x: 0, y: 0, width: 30, height: 40))
    }

    @Test("the even-odd fill style and anti-aliasing flag reach the rasterizer")
    func fillStyle() {
        let image = renderCanvas(width: 30, height: 30) { context, _ in
            var p = Path(CGRect(x: 0, y: 0, width: 30, height: 30))
            p.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
            context.fill(p, with: .color(.black), style: FillStyle(eoFill: true))
        }
        #expect(alpha(image, 5, 5) == 255)
        #expect(alpha(image, 15, 15) == 0)
        let aliased = renderCanvas(width: 20, height: 20) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 0.3, y: 0.3, width: 19, height: 19)), with: .color(.black),
                         style: FillStyle(antialiased: false))
        }
        let values = Set((0..<20).flatMap { y in (0..<20).map { x in alpha(aliased, x, y) } })
        #expect(values == [0, 255])
    }

    @Test("the canvas clips its drawing to its bounds")
    func canvasBounds() {
        let image = render(
            Canvas { context, _ in
                context.fill(Path(CGRect(x: -50, y: -50, width: 500, height: 500)), with: .color(.black))
            }
            .frame(width: 10, height: 10)
            .frame(width: 30, height: 30))
        #expect(image?.width == 30)
        #expect(alpha(image, 15, 15) == 255)
        #expect(alpha(image, 2, 2) == 0)
    }

    @Test("a canvas offered no size takes 10 × 10 points; a framed one its frame")
    func canvasSizing() {
        let free = render(Canvas { _, _ in })
        #expect(free?.width == 10 && free?.height == 10)
        var seen = CGSize.zero
        _ = render(Canvas { _, size in seen = size }.frame(width: 120, height: 45), scale: 3)
        #expect(seen == CGSize(width: 120, height: 45))
    }
}
