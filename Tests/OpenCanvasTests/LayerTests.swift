import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("Layers, clip layers and colour modes")
struct LayerTests {
    func rgba(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] { rgbaAt(image, x, y) }
    func close(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool { near(a, b, tolerance) }

    @Test("drawLayer composites the group once: opacity applies to the whole layer, not each shape")
    func groupOpacity() {
        let image = renderCanvas(width: 60, height: 20) { c, _ in
            c.opacity = 0.5
            c.drawLayer { l in
                l.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 20)), with: .color(.black))
                l.fill(Path(CGRect(x: 20, y: 0, width: 40, height: 20)), with: .color(.black))
            }
        }
        // Overlap and non-overlap are the same: 50 %, not 75 %.
        #expect(rgba(image, 10, 10)[3] == 128 && rgba(image, 30, 10)[3] == 128)
    }

    @Test("without a layer, opacity applies to each drawing on its own")
    func groupFree() {
        let image = renderCanvas(width: 60, height: 20) { c, _ in
            c.opacity = 0.5
            c.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 20)), with: .color(.black))
            c.fill(Path(CGRect(x: 20, y: 0, width: 40, height: 20)), with: .color(.black))
        }
        // 128 + 127 · (1 − 128/255) = 191.25 → 191 or 192 after 8-bit rounding.
        #expect(rgba(image, 10, 10)[3] == 128 && abs(rgba(image, 30, 10)[3] - 191) <= 1)
    }

    @Test("a layer is composited with the outer blend mode and clip; its content starts unclipped and normal")
    func layerBlendAndClip() {
        let image = renderCanvas(width: 60, height: 20) { c, _ in
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 20)), with: .color(.black))
            var outer = c
            outer.clip(to: Path(CGRect(x: 0, y: 0, width: 30, height: 20)))
            outer.blendMode = .destinationOut
            outer.drawLayer { l in
                // Drawn normally inside the layer (the outer mode applies when it is
                // composited): the layer holds an opaque rectangle.
                l.fill(Path(CGRect(x: 10, y: 0, width: 50, height: 20)), with: .color(.white))
            }
        }
        #expect(rgba(image, 5, 10)[3] == 255)          // outside the layer's drawing
        #expect(rgba(image, 20, 10)[3] == 0)           // erased by the layer
        #expect(rgba(image, 45, 10)[3] == 255)         // outside the clip: untouched
    }

    @Test("drawing into the outer context inside the closure lands before the layer")
    func interleaved() {
        let image = renderCanvas(width: 20, height: 20) { c, _ in
            let outer = c
            c.drawLayer { l in
                l.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(css(255, 0, 0)))
                outer.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(css(0, 0, 255)))
            }
        }
        // The layer is drawn when the closure returns, over the blue.
        #expect(close(rgba(image, 10, 10), [255, 0, 0, 255]))
    }

    @Test("clipToLayer uses the layer's alpha times its opacity; .inverse uses one minus it")
    func clipLayers() {
        func probe(opacity: Double, options: GraphicsContext.ClipOptions) -> (Int, Int) {
            let image = renderCanvas(width: 40, height: 20) { c, _ in
                c.clipToLayer(opacity: opacity, options: options) { l in
                    l.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
                    l.fill(Path(CGRect(x: 20, y: 0, width: 20, height: 20)), with: .color(.black.opacity(0.5)))
                }
                c.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 20)), with: .color(.black))
            }
            return (rgba(image, 10, 10)[3], rgba(image, 30, 10)[3])
        }
        #expect(probe(opacity: 1, options: []) == (255, 128))
        let (a, b) = probe(opacity: 0.5, options: [])
        #expect(abs(a - 128) <= 1 && abs(b - 64) <= 1)
        let (c, d) = probe(opacity: 1, options: .inverse)
        #expect(c == 0 && abs(d - 127) <= 1)
    }

    @Test("path clips: inverse, even-odd, aliased, intersected; clipBoundingRect")
    func pathClips() {
        var bounds = CGRect.null
        let image = renderCanvas(width: 40, height: 40) { c, _ in
            var ring = c
            var p = Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40))
            p.addEllipse(in: CGRect(x: 10, y: 10, width: 20, height: 20))
            ring.clip(to: p, style: FillStyle(eoFill: true))
            ring.clip(to: Path(CGRect(x: 0, y: 0, width: 40, height: 20)))
            bounds = ring.clipBoundingRect
            ring.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.black))
            var outside = c
            outside.clip(to: Path(CGRect(x: 0, y: 0, width: 40, height: 20.5)), options: .inverse)
            outside.clip(to: Path(CGRect(x: 0, y: 20.5, width: 40, height: 19.5)), style: FillStyle(antialiased: false))
            outside.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(css(255, 0, 0)))
        }
        #expect(rgba(image, 20, 20 - 15)[3] == 255)     // the ring, top half
        #expect(rgba(image, 20, 15)[3] == 0)            // the hole (even-odd)
        #expect(rgba(image, 20, 35)[3] == 255 && rgba(image, 20, 35)[0] == 255)   // bottom: only the red
        #expect(bounds == CGRect(x: 0, y: 0, width: 40, height: 20))
        // The inverse clip's edge at 20.5 covers half of row 20; the aliased clip from
        // 20.5 includes row 20 (centre 20.5 is inside): half-covered red.
        #expect(abs(rgba(image, 20, 20)[3] - 128) <= 1)
    }

    @Test("colour modes: 50 % white over black is 128 in nonLinear, encoded(0.5) = 188 in the linear modes")
    func colorModes() {
        func probe(_ mode: ColorRenderingMode) -> [Int] {
            let view = Canvas(colorMode: mode) { c, size in
                c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white.opacity(0.5)))
            }.frame(width: 4, height: 4)
            return rgba(render(view), 2, 2)
        }
        #expect(close(probe(.nonLinear), [128, 128, 128, 255]))
        #expect(close(probe(.linear), [188, 188, 188, 255]))
        #expect(close(probe(.extendedLinear), [188, 188, 188, 255]))
        // The renderer's own colour mode works the same way.
        let renderer = ImageRenderer(content: Canvas { c, size in
            c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
            c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white.opacity(0.5)))
        }.frame(width: 4, height: 4))
        renderer.colorMode = .linear
        // The canvas (nonLinear) draws in a layer of its own mode inside the linear
        // surface: its result is the same 128.
        #expect(close(rgba(renderer.cgImage, 2, 2), [128, 128, 128, 255]))
    }

    @Test("extendedLinear keeps over-range values: plusLighter then multiply differs from linear")
    func extendedRange() {
        func probe(_ mode: ColorRenderingMode) -> Int {
            let view = Canvas(colorMode: mode) { c, size in
                let all = Path(CGRect(origin: .zero, size: size))
                c.fill(all, with: .color(Color(white: 0.8)))
                c.blendMode = .plusLighter
                c.fill(all, with: .color(Color(white: 0.8)))
                c.blendMode = .multiply
                c.fill(all, with: .color(Color(white: 0.35)))
            }.frame(width: 4, height: 4)
            return rgba(render(view), 2, 2)[0]
        }
        // linear: the sum clamps at 1, times 0.35 encoded → 0.35 (89); extended:
        // 1.208 × linear(0.35) = 0.1225 linear → encoded 0.386 (98).
        #expect(abs(probe(.linear) - 89) <= 2)
        #expect(abs(probe(.extendedLinear) - 98) <= 2)
        #expect(abs(probe(.nonLinear) - 89) <= 2)       // min(1, 1.6) × 0.35
    }

    @Test("gradients interpolate in the working space: a linear canvas mixes red and green in linear light")
    func gradientWorkingSpace() {
        func probe(_ mode: ColorRenderingMode) -> [Int] {
            let view = Canvas(colorMode: mode) { c, size in
                c.fill(Path(CGRect(origin: .zero, size: size)),
                       with: .linearGradient(Gradient(colors: [css(255, 0, 0), css(0, 255, 0)]),
                                             startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
            }.frame(width: 100, height: 4)
            return rgba(render(view), 49, 2)
        }
        let nonLinear = probe(.nonLinear), linear = probe(.linear)
        #expect(abs(nonLinear[0] - 128) <= 3 && abs(nonLinear[1] - 126) <= 3)
        #expect(abs(linear[0] - 188) <= 4 && abs(linear[1] - 186) <= 4)
    }
}
