import Testing
import Foundation
import OpenCanvas
import RenderTesting
import CanvasScenes

@MainActor
@Suite("CGContext: Core Graphics drawing through the engine")
struct CoreGraphicsTests {
    func canvas(_ draw: @escaping (inout GraphicsContext) -> Void) -> CGImage? {
        renderCanvas(width: 60, height: 40, scale: 2) { c, _ in draw(&c) }
    }

    func maxDifference(_ a: CGImage?, _ b: CGImage?) -> Int {
        guard let a, let b, a.width == b.width, a.height == b.height else { return 255 }
        let x = a.rgbaBytes(), y = b.rgbaBytes()
        return zip(x, y).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test("fills and strokes through CGContext draw what GraphicsContext draws")
    func parity() {
        let viaCG = canvas { c in
            c.withCGContext { cg in
                cg.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                cg.addRect(CGRect(x: 5, y: 5, width: 20, height: 10))
                cg.fillPath()
                cg.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.8))
                cg.setLineWidth(3)
                cg.setLineDash(phase: 0, lengths: [4, 2])
                cg.addEllipse(in: CGRect(x: 30, y: 5, width: 25, height: 25))
                cg.strokePath()
                cg.setFillColor(gray: 0.5, alpha: 1)
                cg.move(to: CGPoint(x: 5, y: 35))
                cg.addLine(to: CGPoint(x: 25, y: 20))
                cg.addQuadCurve(to: CGPoint(x: 28, y: 38), control: CGPoint(x: 35, y: 30))
                cg.closePath()
                cg.drawPath(using: .fill)
            }
        }
        let direct = canvas { c in
            c.fill(Path(CGRect(x: 5, y: 5, width: 20, height: 10)), with: .color(Color(red: 1, green: 0, blue: 0)))
            c.stroke(Path(ellipseIn: CGRect(x: 30, y: 5, width: 25, height: 25)),
                     with: .color(Color(red: 0, green: 0, blue: 1, opacity: 0.8)),
                     style: StrokeStyle(lineWidth: 3, dash: [4, 2]))
            var p = Path()
            p.move(to: CGPoint(x: 5, y: 35))
            p.addLine(to: CGPoint(x: 25, y: 20))
            p.addQuadCurve(to: CGPoint(x: 28, y: 38), control: CGPoint(x: 35, y: 30))
            p.closeSubpath()
            c.fill(p, with: .color(Color(white: 0.5)))
        }
        #expect(maxDifference(viaCG, direct) <= 1)
    }

    @Test("the CTM applies to points as they are added, and to the pen when stroking")
    func ctm() {
        let viaCG = canvas { c in
            c.withCGContext { cg in
                cg.move(to: CGPoint(x: 5, y: 5))
                cg.scaleBy(x: 2, y: 2)
                cg.addLine(to: CGPoint(x: 20, y: 15))         // (40, 30) on the canvas
                cg.setLineWidth(2)                             // 4 on the canvas
                cg.strokePath()
            }
        }
        let direct = canvas { c in
            var p = Path()
            p.move(to: CGPoint(x: 5, y: 5))
            p.addLine(to: CGPoint(x: 40, y: 30))
            c.stroke(p, with: .color(.black), lineWidth: 4)
        }
        #expect(maxDifference(viaCG, direct) <= 2)
    }

    @Test("the state stack: restore brings back colours, clips and the CTM; unbalanced restores are ignored")
    func stateStack() throws {
        let image = try #require(canvas { c in
            c.withCGContext { cg in
                cg.restoreGState()                             // nothing saved: ignored
                cg.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
                cg.saveGState()
                cg.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                cg.clip(to: CGRect(x: 0, y: 0, width: 10, height: 40))
                cg.translateBy(x: 100, y: 0)
                cg.restoreGState()
                cg.fill(CGRect(x: 20, y: 10, width: 10, height: 10))      // green, unclipped, untranslated
                cg.saveGState()
                cg.clip(to: CGRect(x: 40, y: 0, width: 5, height: 40))
                cg.fill(CGRect(x: 35, y: 10, width: 20, height: 10))      // only 40…45
                cg.restoreGState()
                cg.restoreGState()
            }
        })
        #expect(image.pixel(x: 50, y: 30).green == 255 && image.pixel(x: 50, y: 30).red == 0)
        #expect(image.pixel(x: 85, y: 30).alpha == 255)
        #expect(image.pixel(x: 75, y: 30).alpha == 0 && image.pixel(x: 95, y: 30).alpha == 0)
    }

    @Test("the canvas's transform, opacity and clip apply; state set inside is discarded; drawing order is kept")
    func insideCanvas() throws {
        var leaked: CGContext?
        let image = try #require(canvas { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 40)), with: .color(.white))
            var moved = c
            moved.translateBy(x: 20, y: 10)
            moved.opacity = 0.5
            moved.clip(to: Path(CGRect(x: 0, y: 0, width: 10, height: 10)))
            moved.withCGContext { cg in
                cg.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
                cg.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
                leaked = cg
            }
            leaked?.fill(CGRect(x: -20, y: -10, width: 60, height: 40))     // after the closure: nothing
            c.fill(Path(CGRect(x: 25, y: 15, width: 2, height: 2)), with: .color(.red))   // after, on top
        })
        let inside = image.pixel(x: 44, y: 24)                 // (22, 12): inside the clip, half black
        #expect(abs(Int(inside.red) - 128) <= 1 && inside.alpha == 255)
        #expect(image.pixel(x: 64, y: 24).red == 255)          // (32, 12): outside the clip
        #expect(image.pixel(x: 51, y: 31).red == 255 && image.pixel(x: 51, y: 31).green < 100)   // red on top
    }

    @Test("the canvas's filters and blend mode apply to what the CGContext draws")
    func filtersApply() throws {
        let image = try #require(canvas { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 40)), with: .color(.white))
            var f = c
            f.addFilter(.colorMultiply(Color(red: 1, green: 0, blue: 0)))
            f.withCGContext { cg in
                cg.setFillColor(gray: 1, alpha: 1)
                cg.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            }
            var b = c
            b.blendMode = .multiply
            b.withCGContext { cg in
                cg.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
                cg.fill(CGRect(x: 30, y: 0, width: 20, height: 20))
            }
        })
        let filtered = image.pixel(x: 20, y: 20)
        #expect(filtered.red == 255 && filtered.green == 0 && filtered.blue == 0)
        let multiplied = image.pixel(x: 80, y: 20)             // blue × white = blue
        #expect(multiplied.blue == 255 && multiplied.red == 0)
    }

    @Test("transparency layers composite as a unit with the layer's alpha; shadows fall under drawings")
    func layersAndShadows() throws {
        let image = try #require(canvas { c in
            c.withCGContext { cg in
                cg.setAlpha(0.5)
                cg.beginTransparencyLayer(auxiliaryInfo: nil)
                cg.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
                cg.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
                cg.endTransparencyLayer()
                cg.endTransparencyLayer()                      // unbalanced: ignored
                cg.setAlpha(1)
                cg.setShadow(offset: CGSize(width: 6, height: 6), blur: 0, color: CGColor(gray: 0, alpha: 1))
                cg.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                cg.fill(CGRect(x: 35, y: 20, width: 10, height: 10))
            }
        })
        #expect(image.pixel(x: 30, y: 10).alpha == 128)        // the overlap: 128, not 191
        #expect(image.pixel(x: 10, y: 10).alpha == 128)
        let shadow = image.pixel(x: 96, y: 66)                 // (48, 33): shadow only
        #expect(shadow.alpha == 255 && shadow.red == 0)
        #expect(image.pixel(x: 80, y: 50).red == 255)
    }

    @Test("linear gradients: with both options they fill the clip; without, only between start and end")
    func gradients() throws {
        let gradient = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                               colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                               locations: nil))
        let full = canvas { c in
            c.withCGContext { cg in
                cg.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 40, y: 0),
                                      options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            }
        }
        let direct = canvas { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 40)),
                   with: .linearGradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]),
                                         startPoint: CGPoint(x: 20, y: 0), endPoint: CGPoint(x: 40, y: 0)))
        }
        #expect(maxDifference(full, direct) <= 2)
        let band = try #require(canvas { c in
            c.withCGContext { cg in
                cg.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 40, y: 0), options: [])
            }
        })
        #expect(band.pixel(x: 20, y: 20).alpha == 0 && band.pixel(x: 100, y: 20).alpha == 0)
        #expect(band.pixel(x: 60, y: 20).alpha == 255)
        let radial = try #require(canvas { c in
            c.withCGContext { cg in
                // Two centres, extended after the end: the whole clip outside its cone is blue.
                cg.drawRadialGradient(gradient, startCenter: CGPoint(x: 10, y: 10), startRadius: 2,
                                      endCenter: CGPoint(x: 12, y: 12), endRadius: 6, options: [.drawsAfterEndLocation])
                cg.drawRadialGradient(gradient, startCenter: CGPoint(x: 30, y: 20), startRadius: 0,
                                      endCenter: CGPoint(x: 30, y: 20), endRadius: 15, options: [])
            }
        })
        #expect(radial.pixel(x: 60, y: 40).red > 200)          // the centre: the first colour
        #expect(radial.pixel(x: 119, y: 79).blue > 200)        // beyond both: the first one's extension
        // (10, 10): inside the end circle, which is drawn over the earlier ones: blue.
        #expect(radial.pixel(x: 20, y: 20).blue > 200)
    }

    @Test("bitmap contexts: Core Graphics' bottom-left origin, the caller's buffer, makeImage; impossible ones are nil")
    func bitmaps() throws {
        var buffer = [UInt8](repeating: 0, count: 40 * 20 * 4)
        let cg = try #require(buffer.withUnsafeMutableBytes { raw in
            CGContext(data: raw.baseAddress, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 160,
                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        })
        cg.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        cg.fill(CGRect(x: 0, y: 0, width: 10, height: 10))     // the bottom-left corner
        let image = try #require(cg.makeImage())
        #expect(image.pixel(x: 5, y: 15).red == 255 && image.pixel(x: 5, y: 5).alpha == 0)
        // Row 15 of the caller's buffer (top-down memory) holds the red pixels.
        #expect(buffer[(15 * 40 + 5) * 4] == 255 && buffer[(15 * 40 + 5) * 4 + 3] == 255)
        #expect(buffer[(5 * 40 + 5) * 4 + 3] == 0)
        let bgra = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        bgra.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        bgra.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(bgra.makeImage()?.pixel(x: 1, y: 1).blue == 255)
        #expect(CGContext(data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 1) == nil)
        #expect(CGContext(data: nil, width: 100_000, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 1) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 20,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 1) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 1) == nil)
    }

    @Test("ImageRenderer.render hands a y-up context that draws the view upright")
    func imageRendererRender() throws {
        let view = ZStack(alignment: .topLeading) {
            Color.white
            Color.red.frame(width: 10, height: 10)
        }.frame(width: 40, height: 20)
        let renderer = ImageRenderer(content: view)
        var image: CGImage?
        var reported = CGSize.zero
        renderer.render(rasterizationScale: 1) { size, draw in
            reported = size
            guard let cg = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8,
                                     bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
            draw(cg)
            image = cg.makeImage()
        }
        let result = try #require(image)
        #expect(reported == CGSize(width: 40, height: 20))
        #expect(result.pixel(x: 5, y: 5).red == 255 && result.pixel(x: 5, y: 5).green < 100)  // top-left: red
        #expect(result.pixel(x: 5, y: 15).green == 255)                                         // below: white
    }

    @Test("the world clock through CGContext and through GraphicsContext: the same pixels")
    func worldClock() throws {
        let images = try #require(WorldClockAccess.images())
        #expect(images.worst <= 2)
        #expect(images.width == 600)
    }

    @Test("types: colours, colour spaces, paths bridge to SwiftUI's")
    func types() throws {
        let c = try #require(Color.orange.cgColor)
        #expect(c.numberOfComponents == 4 && c.alpha == 1)
        #expect(Color(cgColor: CGColor(gray: 1, alpha: 0.5)) == Color(white: 1, opacity: 0.5))
        #expect(CGColorSpace(name: CGColorSpace.linearSRGB)?.model == .rgb)
        #expect(CGColorSpace(name: "nonsense") == nil)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        path.closeSubpath()
        #expect(Path(path).cgPath == path)
        #expect(path.boundingBoxOfPath.maxX == 20)
        #expect(path.contains(CGPoint(x: 12, y: 3)))
    }

    @Test("bad input: non-finite arguments are ignored, never a trap")
    func badInput() {
        let clean = badInputScene { _ in }
        #expect(identical(badInputScene { c in
            c.withCGContext { cg in
                cg.translateBy(x: .nan, y: 0)
                cg.setLineWidth(.infinity)
                cg.setLineDash(phase: .nan, lengths: [1])
                cg.move(to: CGPoint(x: CGFloat.nan, y: 0))
                cg.addLine(to: CGPoint(x: 5, y: CGFloat.infinity))
                cg.strokePath()
                cg.fill(CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5))
                cg.scaleBy(x: 0, y: 0)                          // singular: nothing draws
                cg.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
                cg.endTransparencyLayer()
                for _ in 0..<10 { cg.restoreGState() }
            }
        }, clean))
    }

    // Found by the CGContext fuzz target: the circles of a two-centre radial
    // gradient were counted in an Int from the centres' distance, which trapped
    // for centres farther apart than Int.max device pixels.
    @Test("a radial gradient between centres too far apart to count draws, not traps")
    func radialGradientBetweenFarCentres() {
        let image = badInputScene { c in
            c.withCGContext { cg in
                let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                     CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                          locations: nil)!
                cg.drawRadialGradient(gradient, startCenter: CGPoint(x: -1e300, y: 0), startRadius: 0,
                                      endCenter: CGPoint(x: 1e300, y: 0), endRadius: 1e300, options: [])
                cg.scaleBy(x: 1e300, y: 1e300)
                cg.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0,
                                      endCenter: CGPoint(x: 1, y: 1), endRadius: 2, options: [])
            }
        }
        #expect(image != nil)
    }
}
