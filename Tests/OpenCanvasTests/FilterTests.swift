import Testing
import Foundation
import OpenCanvas
import CanvasEffects
import CanvasGeometry
import RenderTesting

/// The standard normal cumulative distribution.
func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

@MainActor
@Suite("Filters")
struct FilterTests {
    /// The largest difference (0…1) between the blurred alpha of a half-plane edge
    /// and the exact Gaussian edge, along one row.
    func blurEdgeError(sigma: Double, scale: CGFloat = 1) -> Double {
        let width: CGFloat = 400
        let image = renderCanvas(width: width, height: 10, scale: scale) { c, _ in
            c.addFilter(.blur(radius: sigma))
            c.fill(Path(CGRect(x: 200, y: -200, width: 400, height: 400)), with: .color(.black))
        }
        var worst = 0.0
        let pixels = Int(width * scale)
        for x in 0..<pixels {
            let d = (Double(x) + 0.5) / Double(scale) - 200
            let expected = normalCDF(d / sigma)
            let got = Double(image?.pixel(x: x, y: 5).alpha ?? 0) / 255
            worst = max(worst, abs(got - expected))
        }
        return worst
    }

    @Test("blur: radius is the Gaussian standard deviation (exact kernel below 2, box approximation above)",
          arguments: [(0.7, 2.0 / 255), (1.5, 2.0 / 255), (3, 0.03), (8, 0.03), (20, 0.03), (40, 0.04), (90, 0.04)] as [(Double, Double)])
    func blurAccuracy(_ sigma: Double, _ tolerance: Double) {
        let error = blurEdgeError(sigma: sigma)
        #expect(error <= tolerance, "σ \(sigma): worst error \(error)")
    }

    @Test("blur radius is in points: at scale 2 the blur spans twice the pixels")
    func blurScale() {
        let error = blurEdgeError(sigma: 6, scale: 2)
        #expect(error <= 0.03, "worst error \(error)")
    }

    func rgba(_ image: CGImage?, _ x: Int, _ y: Int) -> [Int] { rgbaAt(image, x, y) }
    func close(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool { near(a, b, tolerance) }

    @Test("shadow: tinted, offset, below the object; radius 0 is a sharp copy")
    func shadowBasics() {
        let image = renderCanvas(width: 60, height: 40) { c, _ in
            c.addFilter(.shadow(color: css(0, 0, 255, 0.5), radius: 0, x: 10, y: 5))
            c.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(css(255, 0, 0)))
        }
        #expect(close(rgba(image, 20, 20), [255, 0, 0, 255]))       // the object, over its shadow
        // The shadow covers (20…40, 15…35).
        #expect(close(rgba(image, 35, 20), [0, 0, 255, 128]))       // only the shadow
        #expect(close(rgba(image, 35, 37), [0, 0, 0, 0]))           // beyond the shadow
        #expect(close(rgba(image, 35, 12), [0, 0, 0, 0]))           // above it, right of the object
        #expect(close(rgba(image, 12, 32), [0, 0, 0, 0]))
    }

    @Test("shadow options: shadowOnly, shadowAbove, invertsAlpha (inner shadow), disablesGroup")
    func shadowOptions() {
        let square = Path(CGRect(x: 10, y: 10, width: 20, height: 20))
        let only = renderCanvas(width: 60, height: 40) { c, _ in
            c.addFilter(.shadow(color: .black, radius: 0, x: 10, y: 0, options: .shadowOnly))
            c.fill(square, with: .color(css(255, 0, 0)))
        }
        #expect(rgba(only, 15, 20)[3] == 0)                         // no object
        #expect(close(rgba(only, 25, 20), [0, 0, 0, 255]))          // its shadow

        let above = renderCanvas(width: 60, height: 40) { c, _ in
            c.addFilter(.shadow(color: css(0, 0, 255, 0.5), radius: 0, x: 10, y: 0, options: .shadowAbove))
            c.fill(square, with: .color(css(255, 0, 0)))
        }
        // Shadow blended over the object where they overlap.
        #expect(close(rgba(above, 25, 20), [128, 0, 127, 255], 2))

        // Apple's inner-shadow recipe: near the top-left inside edge the shadow shows
        // (the inverted alpha is 1 outside the shape, offset into it); deep inside and
        // outside nothing changes.
        let inner = renderCanvas(width: 60, height: 40) { c, _ in
            c.addFilter(.shadow(color: .black, radius: 0, x: 4, y: 4, blendMode: .sourceAtop,
                                options: [.invertsAlpha, .shadowAbove]))
            c.fill(square, with: .color(css(255, 255, 255)))
        }
        #expect(close(rgba(inner, 11, 20), [0, 0, 0, 255]))         // within 4 px of the left edge
        #expect(close(rgba(inner, 20, 11), [0, 0, 0, 255]))         // within 4 px of the top edge
        #expect(close(rgba(inner, 25, 25), [255, 255, 255, 255]))   // deep inside
        #expect(rgba(inner, 5, 5)[3] == 0)                          // outside: nothing

        // At half opacity a grouped shadow hides under the opaque object; an
        // ungrouped one is composited first and shows through.
        func overlap(_ options: GraphicsContext.ShadowOptions) -> [Int] {
            let image = renderCanvas(width: 60, height: 40) { c, _ in
                c.opacity = 0.5
                c.addFilter(.shadow(color: .black, radius: 0, x: 5, y: 0, options: options))
                c.fill(square, with: .color(css(255, 255, 255)))
            }
            return rgba(image, 25, 20)
        }
        #expect(close(overlap([]), [255, 255, 255, 128]))
        #expect(close(overlap(.disablesGroup), [170, 170, 170, 191], 2))   // white 50 % over black 50 %
    }

    @Test("peakAlpha bounds the blurred alpha of a w × h block, for exact, box and downsampled blurs",
          arguments: [0.8, 2.9, 2.92, 3, 11, 30, 90, 400] as [Double])
    func peakAlphaBound(_ sigma: Double) {
        for (w, h) in [(1, 1), (4, 30), (25, 25), (200, 3)] {
            let block = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
            guard let input = Plane(bounds: block) else { Issue.record("no plane"); return }
            input.pixels.pixels.update(repeating: SIMD4(0, 0, 0, 1), count: w * h)
            // The peak is at the block's centre; the output spans it.
            let output = PixelRect(x0: w / 2 - 2, y0: h / 2 - 2, x1: w / 2 + 3, y1: h / 2 + 3)
            guard let blurred = GaussianBlur.blur(input, sigma: sigma, output: output) else { Issue.record("no blur"); return }
            let peak = (0..<25).map { Double(blurred.pixels.pixels[$0].w) }.max() ?? 0
            let bound = GaussianBlur.peakAlpha(sigma: sigma, width: w, height: h)
            #expect(peak <= bound, "σ \(sigma), \(w) × \(h): peak \(peak), bound \(bound)")
        }
    }

    @Test("a blur or shadow far wider than its drawing shows nothing, without rendering the drawing for it")
    func invisiblyWideBlur() {
        let square = Path(CGRect(x: -100, y: -100, width: 200, height: 200))
        let plain = renderCanvas(width: 60, height: 40) { c, _ in c.fill(square, with: .color(css(255, 0, 0))) }
        for radius in [1e5, 2.2e9, .greatestFiniteMagnitude] {
            Plane.resetLargestAllocation()
            let shadowed = renderCanvas(width: 60, height: 40) { c, _ in
                c.addFilter(.shadow(color: .black, radius: radius, x: 3, y: 3))
                c.fill(square, with: .color(css(255, 0, 0)))
            }
            #expect(identical(shadowed, plain), "radius \(radius)")
            // Only the object over the canvas was rendered, not the 200 × 200 source.
            #expect(Plane.largestAllocation <= 60 * 40)

            Plane.resetLargestAllocation()
            let blurred = renderCanvas(width: 60, height: 40) { c, _ in
                c.addFilter(.blur(radius: radius))
                c.fill(square, with: .color(css(255, 0, 0)))
            }
            #expect(rgba(blurred, 30, 20)[3] == 0 && rgba(blurred, 0, 0)[3] == 0)
            #expect(Plane.largestAllocation <= 1)

            // Inverted, the faint blur's alpha is 0 everywhere, so the inner shadow's
            // colour covers the whole drawing area.
            let inverted = renderCanvas(width: 60, height: 40) { c, _ in
                c.addFilter(.shadow(color: css(0, 0, 255), radius: radius, options: [.invertsAlpha, .shadowOnly]))
                c.fill(square, with: .color(css(255, 0, 0)))
            }
            #expect(close(rgba(inverted, 30, 20), [0, 0, 255, 255]) && close(rgba(inverted, 59, 39), [0, 0, 255, 255]))
        }
        // A filter that raises faint alpha keeps the faint blur: luminanceToAlpha
        // reads the blurred pixels' unpremultiplied colour, white however faint.
        let raised = renderCanvas(width: 60, height: 40) { c, _ in
            c.addFilter(.luminanceToAlpha)
            c.addFilter(.blur(radius: 1e5))
            c.fill(square, with: .color(css(255, 255, 255)))
        }
        #expect(rgba(raised, 30, 20)[3] == 255)
        // An extended canvas keeps it too: colour there is not bounded by alpha, and a
        // faint blur of a very bright square adds light to what is below.
        let bright = render(Canvas(opaque: true, colorMode: .extendedLinear) { c, size in
            c.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
            c.addFilter(.blur(radius: 1e5))
            c.fill(square, with: .color(Color(.sRGBLinear, white: 1e6)))
        }.frame(width: 60, height: 40))
        #expect(rgba(bright, 30, 20)[0] > 100)

        // A wide radius that still shows is drawn: σ 100 over the 200 px square.
        let visible = renderCanvas(width: 60, height: 40) { c, _ in
            c.addFilter(.shadow(color: .black, radius: 100, x: 0, y: 0, options: .shadowOnly))
            c.fill(square, with: .color(css(255, 0, 0)))
        }
        #expect(rgba(visible, 30, 20)[3] > 0)
    }

    /// Drawings for the wide-blur comparisons, each inside a 120 × 90 canvas. A
    /// filter applies to each drawing operation on its own, so scenes of several
    /// shapes draw them in one layer (the layer is the filtered operation).
    static let wideBlurScenes: [(String, (inout GraphicsContext) -> Void)] = [
        ("an anti-aliased ellipse", { c in
            c.fill(Path(ellipseIn: CGRect(x: 14, y: 10, width: 50, height: 37)), with: .color(css(220, 30, 40)))
        }),
        ("shapes and a gradient in a layer", { c in
            c.drawLayer { l in
                l.fill(Path(ellipseIn: CGRect(x: 14, y: 10, width: 50, height: 37)), with: .color(css(220, 30, 40)))
                l.fill(Path(CGRect(x: 50, y: 40, width: 55, height: 38)),
                       with: .linearGradient(Gradient(colors: [css(20, 90, 220), css(240, 200, 20, 0.6)]),
                                             startPoint: CGPoint(x: 50, y: 40), endPoint: CGPoint(x: 105, y: 78)))
            }
        }),
        ("a hairline (one full-resolution pixel wide)", { c in
            var p = Path()
            p.move(to: CGPoint(x: 10, y: 8))
            p.addCurve(to: CGPoint(x: 110, y: 80), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 20, y: 90))
            c.stroke(p, with: .color(.black), lineWidth: 0)
        }),
        ("hairlines in a layer", { c in
            c.drawLayer { l in
                for i in 0..<9 {
                    var p = Path()
                    p.move(to: CGPoint(x: 10, y: 8 + 8 * CGFloat(i)))
                    p.addLine(to: CGPoint(x: 110, y: 20 + 6 * CGFloat(i)))
                    l.stroke(p, with: .color(.black), lineWidth: 0)
                }
            }
        }),
        ("an aliased ellipse", { c in
            c.fill(Path(ellipseIn: CGRect(x: 20.3, y: 12.6, width: 70.5, height: 61.2)), with: .color(css(0, 120, 60)),
                   style: FillStyle(antialiased: false))
        }),
        ("aliased fills in a layer", { c in
            c.drawLayer { l in
                l.fill(Path(ellipseIn: CGRect(x: 20.3, y: 12.6, width: 70.5, height: 61.2)), with: .color(css(0, 120, 60)),
                       style: FillStyle(antialiased: false))
                l.fill(Path(roundedRect: CGRect(x: 60.5, y: 30.25, width: 44, height: 45), cornerRadius: 9),
                       with: .color(css(90, 0, 160)), style: FillStyle(antialiased: false))
            }
        }),
        ("thin aliased bars in a layer", { c in
            c.drawLayer { l in
                for i in 0..<11 {
                    l.fill(Path(CGRect(x: 10.2 + 9.37 * CGFloat(i), y: 12, width: 0.7, height: 64)), with: .color(.black),
                           style: FillStyle(antialiased: false))
                }
            }
        }),
        ("an image of one-pixel stripes drawn without interpolation", { c in
            let stripes = Image(size: CGSize(width: 96, height: 60)) { s in
                for x in stride(from: 0, to: 96, by: 2) {
                    s.fill(Path(CGRect(x: x, y: 0, width: 1, height: 60)), with: .color(.black))
                }
            }
            c.draw(stripes.interpolation(.none), in: CGRect(x: 12, y: 15, width: 96, height: 60))
        }),
        ("abutting tiles in a layer, aliased and anti-aliased", { c in
            // Edges between tiles every 7 px: drawn at half resolution, every other
            // one would cross a block, and half over half would leave a seam.
            c.drawLayer { l in
                for row in 0..<5 {
                    for column in 0..<13 {
                        let tile = Path(CGRect(x: 12 + 7 * column, y: 10 + 7 * row, width: 7, height: 7))
                        l.fill(tile, with: .color(css(30, 60 + 12 * column, 200)), style: FillStyle(antialiased: row % 2 == 0))
                    }
                }
                for column in 0..<13 {
                    let tile = Path(CGRect(x: 12.5 + 7 * CGFloat(column), y: 48.5, width: 7, height: 30))
                    l.fill(tile, with: .color(css(200, 60 + 12 * column, 30)))
                }
            }
        }),
        ("text", { c in
            c.draw(Text("Wide").font(.system(size: 40, weight: .bold)), at: CGPoint(x: 60, y: 45))
        }),
        ("text in a layer", { c in
            c.drawLayer { layer in
                layer.draw(Text("Wide").font(.system(size: 40, weight: .bold)), at: CGPoint(x: 60, y: 45))
            }
        }),
    ]

    /// The filtered canvas against the full-resolution reference: the drawing
    /// rendered unfiltered, its premultiplied pixels blurred by `GaussianBlur`
    /// (averaged over blocks, blurred, interpolated back), then shifted by `offset`
    /// and, when `tint` is given, replaced by the tint times the blurred alpha.
    /// Compared premultiplied, within 2 levels (`ReferenceImage.compare`, which
    /// writes both images and their difference to test-output/ when they differ).
    func checkWideBlur(_ name: String, _ draw: @escaping (inout GraphicsContext) -> Void, sigma: Double,
                       shadow tint: SIMD4<Float>? = nil, offset: (Int, Int) = (0, 0), linearLight: Bool = false) throws {
        func decoded(_ v: Float) -> Float { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encoded(_ v: Float) -> Float { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        let (w, h) = (120, 90)
        let filtered = renderCanvas(width: CGFloat(w), height: CGFloat(h)) { c, _ in
            if let tint {
                c.addFilter(.shadow(color: Color(red: Double(tint.x / tint.w), green: Double(tint.y / tint.w),
                                                 blue: Double(tint.z / tint.w), opacity: Double(tint.w)),
                                    radius: sigma, x: CGFloat(offset.0), y: CGFloat(offset.1), options: .shadowOnly))
            } else {
                c.addFilter(.blur(radius: sigma), options: linearLight ? .linearColor : [])
            }
            draw(&c)
        }
        let plain = renderCanvas(width: CGFloat(w), height: CGFloat(h)) { c, _ in draw(&c) }
        let image = try #require(filtered), unfiltered = try #require(plain)
        let source = try #require(Plane(bounds: PixelRect(x0: 0, y0: 0, x1: w, y1: h)))
        for y in 0..<h {
            for x in 0..<w {
                let p = unfiltered.pixel(x: x, y: y)
                let a = Float(p.alpha) / 255
                var rgb = SIMD3(Float(p.red), Float(p.green), Float(p.blue)) / 255
                if linearLight { rgb = SIMD3(decoded(rgb.x), decoded(rgb.y), decoded(rgb.z)) }
                source.row(y)[x] = SIMD4(rgb * a, a)
            }
        }
        let output = PixelRect(x0: -offset.0, y0: -offset.1, x1: w - offset.0, y1: h - offset.1)
        let blurred = try #require(GaussianBlur.blur(source, sigma: sigma, output: output))
        var expected = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var v = blurred.value(x: x - offset.0, y: y - offset.1)
                if let tint { v = tint * v.w }
                let a = min(max(v.w, 0), 1)
                var straight = a > 0 ? v / a : .zero
                if linearLight {
                    straight = SIMD4(encoded(min(max(straight.x, 0), 1)), encoded(min(max(straight.y, 0), 1)),
                                     encoded(min(max(straight.z, 0), 1)), 1)
                }
                for (i, c) in [straight.x, straight.y, straight.z, a].enumerated() {
                    expected[(y * w + x) * 4 + i] = UInt8(min(max(c * 255, 0), 255).rounded())
                }
            }
        }
        try ReferenceImage.compare(image, expected: expected, named: name, tolerance: 2)
    }

    /// σ 24 is the widest blur that still draws its input in full: there the
    /// comparison checks the reference itself. Above it a shape is drawn at reduced
    /// resolution, and a layer in full (`Renderer.evaluateReduced`); each also blurred
    /// in linear light (`linearColor`), where the averages are of linear values.
    @Test("a blur wider than 24 px draws a shape at reduced resolution: within 2 levels of averaging the full drawing",
          arguments: [24.0, 30.0, 41, 75])
    func wideBlurReducedInput(_ sigma: Double) throws {
        for (index, (name, draw)) in Self.wideBlurScenes.enumerated() {
            do {
                try checkWideBlur("wide-blur-\(index)-\(Int(sigma))", draw, sigma: sigma)
                try checkWideBlur("wide-shadow-\(index)-\(Int(sigma))", draw, sigma: sigma,
                                  shadow: SIMD4(0, 0, 0.7, 0.7), offset: (6, -4))
                try checkWideBlur("wide-linear-blur-\(index)-\(Int(sigma))", draw, sigma: sigma, linearLight: true)
            } catch {
                Issue.record("\(name), σ \(sigma): \(error)")
            }
        }
    }

    @Test("a wide blur's input is drawn at reduced resolution: no plane much larger than the canvas")
    func wideBlurMemory() {
        // σ 60 reduces by 5: at full resolution the input would span the 200 × 200
        // canvas and the blur's reach of 185 px around it, 570² pixels.
        // (σ 600 reduces by 50: its input would be 200 + 2 × 1,850 pixels square.)
        for filter in [GraphicsContext.Filter.blur(radius: 60), .shadow(color: .black, radius: 60, x: 4, y: 4),
                       .blur(radius: 600)] {
            Plane.resetLargestAllocation()
            let image = renderCanvas(width: 200, height: 200) { c, size in
                c.addFilter(filter)
                c.fill(Path(CGRect(x: -5000, y: -5000, width: 10200, height: 10200)), with: .color(.black))
            }
            #expect(rgbaAt(image, 100, 100)[3] == 255)
            // (The shadow reads its blur one pixel beyond the canvas, for its offset.)
            #expect(Plane.largestAllocation <= 201 * 201, "largest plane \(Plane.largestAllocation)")
        }
    }

    @Test("filters added later apply first (addFilter(A); addFilter(B) gives A(B(drawing)))")
    func filterOrder() {
        let image = renderCanvas(width: 20, height: 20) { c, _ in
            c.addFilter(.colorMultiply(css(255, 0, 0)))
            c.addFilter(.colorInvert())
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.white))
        }
        // invert(white) = black, then × red = black. (The other order gives cyan.)
        #expect(close(rgba(image, 10, 10), [0, 0, 0, 255]))
    }

    @Test("colour filters follow the SVG and Core Image formulas", arguments: [
        ("hueRotation 180° on red", 0, [0, 109, 109, 255]),
        ("saturation 0 on red", 1, [54, 54, 54, 255]),
        ("brightness 0.2 on grey 0.5", 2, [179, 179, 179, 255]),
        ("contrast 2 on grey 0.7", 3, [230, 230, 230, 255]),
        ("colorInvert on (0.2, 0.4, 0.6)", 4, [204, 153, 102, 255]),
        ("colorInvert 0.5 on black", 5, [128, 128, 128, 255]),
        ("grayscale 1 on red", 6, [54, 54, 54, 255]),
        ("colorMultiply cyan 50 % on white", 7, [0, 255, 255, 128]),
        ("luminanceToAlpha on green", 8, [0, 0, 0, 182]),
        ("colorMatrix swapping red and blue", 9, [0, 0, 255, 255]),
    ] as [(String, Int, [Int])])
    func colorFilters(_ name: String, _ k: Int, _ expected: [Int]) {
        var m = ColorMatrix()
        m.r1 = 0; m.r3 = 1; m.b1 = 1; m.b3 = 0
        let cases: [(GraphicsContext.Filter, Color)] = [
            (.hueRotation(.degrees(180)), css(255, 0, 0)), (.saturation(0), css(255, 0, 0)),
            (.brightness(0.2), Color(white: 0.5)), (.contrast(2), Color(white: 0.7)),
            (.colorInvert(), Color(red: 0.2, green: 0.4, blue: 0.6)), (.colorInvert(0.5), .black),
            (.grayscale(1), css(255, 0, 0)), (.colorMultiply(css(0, 255, 255, 0.5)), .white),
            (.luminanceToAlpha, css(0, 255, 0)), (.colorMatrix(m), css(255, 0, 0)),
        ]
        let (filter, color) = cases[k]
        let image = renderCanvas(width: 10, height: 10) { c, _ in
            c.addFilter(filter)
            c.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(color))
        }
        #expect(close(rgba(image, 5, 5), expected, 2), "\(name): \(rgba(image, 5, 5))")
    }

    @Test("alphaThreshold: alpha in min…max becomes the colour; edges anti-aliased")
    func alphaThreshold() {
        let image = renderCanvas(width: 80, height: 40) { c, _ in
            c.addFilter(.alphaThreshold(min: 0.5, color: css(0, 0, 255)))
            c.addFilter(.blur(radius: 4))
            c.fill(Path(CGRect(x: 20, y: 10, width: 40, height: 20)), with: .color(.black))
        }
        #expect(close(rgba(image, 40, 20), [0, 0, 255, 255]))       // inside: alpha ≈ 1
        #expect(rgba(image, 5, 20)[3] == 0)                          // far outside
        // The threshold edge sits on the rectangle's edge (the blurred alpha is 0.5
        // there): pixels either side are on and off, the one across it partly on.
        #expect(rgba(image, 21, 20)[3] >= 250 && rgba(image, 18, 20)[3] <= 5)
        let edge = rgba(image, 20, 20)[3]
        #expect(edge > 0 && edge <= 255)
    }

    @Test("FilterOptions.linearColor blurs in linear light")
    func linearColorOption() {
        func middle(_ options: GraphicsContext.FilterOptions) -> Int {
            let image = renderCanvas(width: 100, height: 20) { c, _ in
                c.addFilter(.blur(radius: 8), options: options)
                c.drawLayer { l in
                    l.fill(Path(CGRect(x: -50, y: -50, width: 200, height: 120)), with: .color(.black))
                    l.fill(Path(CGRect(x: 50, y: -50, width: 100, height: 120)), with: .color(.white))
                }
            }
            return Int(image?.pixel(x: 50, y: 10).red ?? 0)
        }
        // Half white, half black around the edge: 0.5 encoded, or 0.5 in linear light
        // (encoded 0.735).
        #expect(abs(middle([]) - 134) <= 8)
        #expect(abs(middle(.linearColor) - 188) <= 8)

        // A wide blur (which reads block averages: σ 30, 41 and 75 average blocks of
        // 2, 3 and 6 pixels) of one image of black and white one-pixel stripes: the
        // same two greys. (The image is drawn at reduced resolution from levels
        // averaged in linear light; averaged as encoded, it would give 128 in both.)
        let stripes = Image(size: CGSize(width: 300, height: 300)) { s in
            s.fill(Path(CGRect(x: 0, y: 0, width: 300, height: 300)), with: .color(.white))
            for x in stride(from: 0, to: 300, by: 2) {
                s.fill(Path(CGRect(x: x, y: 0, width: 1, height: 300)), with: .color(.black))
            }
        }
        func wide(_ options: GraphicsContext.FilterOptions, _ sigma: Double) -> Int {
            let image = renderCanvas(width: 100, height: 20) { c, _ in
                c.addFilter(.blur(radius: sigma), options: options)
                c.draw(stripes, in: CGRect(x: -100, y: -140, width: 300, height: 300))
            }
            return Int(image?.pixel(x: 50, y: 10).red ?? 0)
        }
        for sigma in [30.0, 41, 75] {
            #expect(abs(wide([], sigma) - 128) <= 8, "σ \(sigma): \(wide([], sigma))")
            #expect(abs(wide(.linearColor, sigma) - 188) <= 8, "σ \(sigma): \(wide(.linearColor, sigma))")
        }
    }

    @Test("BlurOptions.opaque keeps an opaque layer opaque to its edges; dithersResult moves values by at most 1")
    func blurOptions() {
        func draw(_ options: GraphicsContext.BlurOptions) -> CGImage? {
            renderCanvas(width: 40, height: 40) { c, _ in
                c.addFilter(.blur(radius: 4, options: options))
                c.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)),
                       with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: CGPoint(x: 10, y: 0),
                                             endPoint: CGPoint(x: 30, y: 0)))
            }
        }
        let plain = draw([]), opaque = draw(.opaque), dithered = draw(.dithersResult)
        #expect(rgba(plain, 10, 20)[3] < 200)          // the edge fades
        #expect(rgba(opaque, 10, 20)[3] == 255)        // divided by alpha: opaque
        var changed = 0
        for y in 0..<40 { for x in 0..<40 {
            let a = rgba(plain, x, y), b = rgba(dithered, x, y)
            // Compare premultiplied values: what dithering moves.
            for k in 0..<4 {
                let pa = k == 3 ? a[3] : a[k] * a[3] / 255, pb = k == 3 ? b[3] : b[k] * b[3] / 255
                #expect(abs(pa - pb) <= 2)
                if pa != pb { changed += 1 }
            }
        } }
        #expect(changed > 0)
    }

    @Test("projectionTransform: an affine matrix moves the drawing; a perspective one maps points by x/w")
    func projection() {
        let moved = renderCanvas(width: 60, height: 20) { c, _ in
            c.addFilter(.projectionTransform(ProjectionTransform(CGAffineTransform(translationX: 30, y: 0))))
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
        }
        #expect(rgba(moved, 10, 10)[3] == 0 && rgba(moved, 40, 10)[3] == 255)
        var m = ProjectionTransform()
        m.m13 = 0.01          // w = 1 + x/100: x = 100 lands at 50
        let tilted = renderCanvas(width: 120, height: 20) { c, _ in
            c.addFilter(.projectionTransform(m))
            c.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 20)), with: .color(.black))
        }
        #expect(rgba(tilted, 48, 2)[3] == 255)
        #expect(rgba(tilted, 52, 2)[3] == 0)
    }

    @Test("projectionTransform pulls drawing from beyond the surface: within twice its larger side, at most 1024 px")
    func projectionReach() {
        // A translation by −d brings a square drawn d px to the right into view. (With
        // a trace of perspective: an affine projection moves the drawing itself.)
        func pulled(from d: CGFloat, width: CGFloat, height: CGFloat) -> Int {
            var m = ProjectionTransform()
            m.m31 = -d
            m.m13 = 1e-9
            let image = renderCanvas(width: width, height: height) { c, _ in
                c.addFilter(.projectionTransform(m))
                c.fill(Path(CGRect(x: d, y: 0, width: 10, height: 10)), with: .color(.black))
            }
            return Int(rgba(image, 5, 5)[3])
        }
        // A 40 × 28 surface reaches 80 px past its right edge (x < 120).
        #expect(pulled(from: 100, width: 40, height: 28) == 255)
        #expect(pulled(from: 130, width: 40, height: 28) == 0)
        // A 600 × 20 surface reaches 1024 px past it (x < 1624), not 1200.
        #expect(pulled(from: 1600, width: 600, height: 20) == 255)
        #expect(pulled(from: 1650, width: 600, height: 20) == 0)
        // Inside a layer, whose surface is only where the drawing lands, the reach
        // is still the canvas's.
        var m = ProjectionTransform()
        m.m31 = -300
        m.m13 = 1e-9
        let layered = renderCanvas(width: 200, height: 200) { c, _ in
            c.drawLayer { layer in
                layer.addFilter(.projectionTransform(m))
                layer.fill(Path(CGRect(x: 300, y: 0, width: 10, height: 10)), with: .color(.black))
            }
        }
        #expect(rgba(layered, 5, 5)[3] == 255)
    }
}
