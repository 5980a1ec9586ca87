import Testing
import Foundation
import OpenCanvas
import CanvasEffects
import RenderTesting

/// The bad-input checklist (`../shared/docs/robustness.md`), rows 29–39 and 41:
/// gradients, opacity, blend modes, blur and shadow radii, far shadows, huge
/// filter regions, deep layers. No trap; the documented result; bounded memory.
@MainActor
@Suite("Bad input: paint, filters and layers", .serialized)
struct PaintBadInputTests {
    func scene(_ bad: @escaping (inout GraphicsContext) -> Void) -> CGImage? { badInputScene(bad) }
    func counted(_ body: () -> Void) -> Int { diagnosticsCounted(body) }

    let all = Path(CGRect(x: 0, y: 0, width: 40, height: 30))

    @Test("row 6: under a singular transform fills, strokes, gradients and images cover nothing; then all is well again")
    func singularTransform() {
        let clean = scene { _ in }
        let tile = Image(size: CGSize(width: 4, height: 4)) { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.green))
        }
        let g = Gradient(colors: [.green, .yellow])
        let image = scene { c in
            var s = c
            s.scaleBy(x: 0, y: 1)
            s.fill(self.all, with: .color(.green))
            s.fill(self.all, with: .linearGradient(g, startPoint: .zero, endPoint: CGPoint(x: 10, y: 0)))
            s.fill(self.all, with: .radialGradient(g, center: CGPoint(x: 5, y: 5), startRadius: 0, endRadius: 9))
            s.fill(self.all, with: .conicGradient(g, center: CGPoint(x: 5, y: 5)))
            s.fill(self.all, with: .tiledImage(tile))
            s.stroke(self.all, with: .color(.green), lineWidth: 4)
            s.stroke(self.all, with: .color(.green), lineWidth: 0)
            s.addFilter(.shadow(color: .green, radius: 3, x: 4, y: 4))
            s.addFilter(.projectionTransform(ProjectionTransform()))
            s.fill(self.all, with: .color(.green))
        }
        #expect(identical(image, clean))
        // A copy taken before the singular scale draws normally.
        let after = renderCanvas(width: 10, height: 10) { c, _ in
            var s = c
            s.scaleBy(x: 0, y: 1)
            s.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.green))
            c.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.green))
        }
        #expect(after?.pixel(x: 5, y: 5).alpha == 255)
    }

    @Test("row 29: a zero-length linear gradient or equal radii paint nothing (never NaN)")
    func degenerateGradients() {
        let clean = scene { _ in }
        let g = Gradient(colors: [.green, .yellow])
        let image = scene { c in
            c.fill(self.all, with: .linearGradient(g, startPoint: CGPoint(x: 5, y: 5), endPoint: CGPoint(x: 5, y: 5)))
            c.fill(self.all, with: .radialGradient(g, center: CGPoint(x: 5, y: 5), startRadius: 7, endRadius: 7))
            c.fill(self.all, with: .style(RadialGradient(gradient: g, center: .center, startRadius: 3, endRadius: 3)))
            c.fill(self.all, with: .style(LinearGradient(gradient: g, startPoint: .center, endPoint: .center)))
        }
        #expect(identical(image, clean))
    }

    @Test("row 30: no stops draw nothing; one stop draws its colour")
    func stopCounts() {
        let clean = scene { _ in }
        #expect(identical(scene { c in
            c.fill(self.all, with: .linearGradient(Gradient(stops: []), startPoint: .zero, endPoint: CGPoint(x: 40, y: 0)))
        }, clean))
        let one = renderCanvas(width: 10, height: 10) { c, _ in
            c.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)),
                   with: .linearGradient(Gradient(colors: [css(10, 200, 30)]), startPoint: .zero, endPoint: CGPoint(x: 10, y: 0)))
        }
        let p = one?.pixel(x: 5, y: 5)
        #expect(p?.red == 10 && p?.green == 200 && p?.blue == 30 && p?.alpha == 255)
    }

    @Test("row 31: NaN, out-of-range, unsorted and duplicate stop locations")
    func badLocations() {
        let image = renderCanvas(width: 100, height: 4) { c, _ in
            let g = Gradient(stops: [.init(color: css(0, 0, 255), location: 2), .init(color: css(255, 0, 0), location: .nan),
                                     .init(color: css(0, 255, 0), location: -1), .init(color: css(0, 255, 0), location: 0.5),
                                     .init(color: css(0, 0, 255), location: 0.5)])
            c.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 4)),
                   with: .linearGradient(g, startPoint: .zero, endPoint: CGPoint(x: 100, y: 0)))
        }
        // Clamped and sorted: green 0…0.5, a hard edge, blue 0.5…1; no red anywhere.
        #expect(image?.pixel(x: 20, y: 2).green == 255 && image?.pixel(x: 80, y: 2).blue == 255)
        for x in 0..<100 { #expect(image?.pixel(x: x, y: 2).red == 0) }
    }

    @Test("row 32: gradient endpoints around ±1e10 under huge or tiny matrices never trap")
    func hugeGradients() {
        let g = Gradient(colors: [.red, .green, .blue])
        _ = scene { c in
            c.fill(self.all, with: .linearGradient(g, startPoint: CGPoint(x: -1e10, y: 0), endPoint: CGPoint(x: 1e10, y: 1),
                                                   options: .repeat))
            var big = c
            big.scaleBy(x: 1e-12, y: 1e-12)
            big.fill(Path(CGRect(x: 0, y: 0, width: 1e13, height: 1e13)),
                     with: .radialGradient(g, center: CGPoint(x: 1e10, y: -1e10), startRadius: 0, endRadius: 1e-300,
                                           options: .mirror))
            var tiny = c
            tiny.scaleBy(x: 1e10, y: 1e10)
            tiny.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)),
                      with: .conicGradient(g, center: CGPoint(x: 1e10, y: 1e10), angle: .radians(1e300)))
        }
    }

    @Test("row 33: a negative radial radius is ignored and counted")
    func negativeRadius() {
        let clean = scene { _ in }
        var image: CGImage?
        let n = counted {
            image = scene { c in
                c.fill(self.all, with: .radialGradient(Gradient(colors: [.red]), center: .zero, startRadius: -1, endRadius: 5))
            }
        }
        #expect(identical(image, clean))
        #expect(n >= 1)
    }

    @Test("row 34: opacity NaN is ignored; out of range is clamped to 0…1")
    func opacityRange() {
        let image = renderCanvas(width: 30, height: 10) { c, _ in
            var a = c
            a.opacity = 7
            a.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
            var b = c
            b.opacity = 0.5
            b.opacity = .nan
            b.fill(Path(CGRect(x: 10, y: 0, width: 10, height: 10)), with: .color(.black))
            var d = c
            d.opacity = -3
            d.fill(Path(CGRect(x: 20, y: 0, width: 10, height: 10)), with: .color(.black))
        }
        #expect(image?.pixel(x: 5, y: 5).alpha == 255)
        #expect(image?.pixel(x: 15, y: 5).alpha == 128)
        #expect(image?.pixel(x: 25, y: 5).alpha == 0)
    }

    @Test("row 35: a blend mode from an unknown raw value is ignored (the previous mode stays)")
    func unknownBlendMode() {
        var kept = GraphicsContext.BlendMode.normal
        let n = counted {
            _ = renderCanvas(width: 10, height: 10) { c, _ in
                c.blendMode = .multiply
                c.blendMode = GraphicsContext.BlendMode(rawValue: 99)
                c.blendMode = GraphicsContext.BlendMode(rawValue: -1)
                kept = c.blendMode
            }
        }
        #expect(kept == .multiply)
        #expect(n == 2)
    }

    @Test("row 36: blur and shadow radii NaN, ∞ or negative are ignored; 1e6 costs bounded memory")
    func badRadii() {
        let clean = scene { _ in }
        let n = counted {
            let image = scene { c in
                c.addFilter(.blur(radius: .nan))
                c.addFilter(.shadow(radius: .infinity))
                c.addFilter(.shadow(color: .black, radius: 2, x: .nan, y: 0))
            }
            #expect(identical(image, clean))
        }
        #expect(n == 3)
        // Negative: counted, treated as 0 (no blur).
        let negative = scene { c in c.addFilter(.blur(radius: -4)) }
        #expect(identical(negative, clean))
        // A million-point blur of a full-canvas drawing: done on a reduced plane.
        Plane.resetLargestAllocation()
        let huge = renderCanvas(width: 200, height: 200) { c, _ in
            c.addFilter(.blur(radius: 1e6))
            c.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 200)), with: .color(.black))
        }
        #expect(huge != nil)
        #expect(Plane.largestAllocation <= 200 * 200 * 4)
    }

    @Test("row 37: a shadow from 10,000 px outside the surface lands inside; no allocation sized by the offset")
    func farShadow() {
        Plane.resetLargestAllocation()
        let image = renderCanvas(width: 40, height: 30) { c, _ in
            c.addFilter(.shadow(color: .black, radius: 1, x: 10_010, y: -10_005))
            c.fill(Path(CGRect(x: -10_000, y: 10_010, width: 20, height: 10)), with: .color(.red))
        }
        // The shadow covers (10…30, 5…15); the object itself is far away.
        #expect(image?.pixel(x: 20, y: 10).alpha == 255 && image?.pixel(x: 20, y: 10).red == 0)
        #expect(image?.pixel(x: 35, y: 25).alpha == 0)
        #expect(Plane.largestAllocation <= 100 * 100)
    }

    @Test("row 38: a filter on a drawing far larger than the surface allocates only around the surface")
    func hugeFilterRegion() {
        Plane.resetLargestAllocation()
        let image = renderCanvas(width: 40, height: 30) { c, _ in
            c.addFilter(.blur(radius: 3))
            c.addFilter(.colorInvert())
            c.fill(Path(CGRect(x: -100_000, y: -20_000, width: 235_567, height: 51_484)), with: .color(.white))
        }
        #expect(image?.pixel(x: 20, y: 15).alpha == 255)
        #expect(Plane.largestAllocation <= 100 * 100)
    }

    @Test("row 39: drawLayer nested 10,000 deep draws everything (layers beyond 64 deep drawn ungrouped)")
    func deepLayers() throws {
        // The recursion is the caller's own: run it on a thread with a large stack,
        // drawing through an offscreen canvas (no main actor needed).
        nonisolated(unsafe) let canvas = try OffscreenCanvas(width: 20, height: 20)
        let before = OpenCanvasDiagnostics.total
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            canvas.draw { c in
                func nest(_ c: inout GraphicsContext, _ depth: Int) {
                    if depth == 10_000 {
                        c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(css(0, 200, 0)))
                        return
                    }
                    c.drawLayer { nest(&$0, depth + 1) }
                }
                nest(&c, 0)
            }
            done.signal()
        }
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        let p = canvas.pixmap.pixel(x: 10, y: 10)
        #expect(p == 0xFF00_C800)          // opaque green (A, B, G, R from the high byte)
        #expect(OpenCanvasDiagnostics.total > before)
    }

    @Test("row 41: a layer opened under a singular transform draws nothing, even if its content resets it")
    func singularLayer() {
        let clean = scene { _ in }
        let image = scene { c in
            var s = c
            s.scaleBy(x: 0, y: 0)
            s.drawLayer { l in
                l.transform = .identity
                l.fill(self.all, with: .color(.green))
            }
        }
        #expect(identical(image, clean))
    }
}
