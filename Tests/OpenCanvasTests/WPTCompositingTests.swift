import Testing
import Foundation
import OpenCanvas
import RenderTesting

/// Compositing cases translated from the web-platform-tests canvas suite: the
/// `2d.composite.{solid,transparent,image,canvas}.<operator>` families (generator in
/// `html/canvas/tools/tests2d.yaml`, tolerance 5), `2d.composite.globalAlpha.*`
/// (`html/canvas/tools/yaml-new/compositing.yaml`, tolerance 2), and the historical
/// blend-mode tests of the legacy `2dcontext/compositing/` tree (tolerance 5), whose
/// stored values are wrong in three places (`solid.screen` and `solid.exclusion` are
/// invalid JavaScript, `transparent.hard-light` expects the wrong colour); those
/// three use the values the W3C formulas give.
///
/// `globalCompositeOperation` is the context's `blendMode` (`lighter` is
/// `plusLighter`), `globalAlpha` its `opacity`, `fillRect` a rectangle fill; the
/// `image` family's `yellow75.png` is a solid image drawn with `.tiledImage`, the
/// `canvas` family's second canvas a layer drawn with `drawLayer`.
@MainActor
@Suite("WPT: compositing")
struct WPTCompositingTests {
    static let operators: [(String, GraphicsContext.BlendMode)] = [
        ("source-over", .normal), ("destination-over", .destinationOver), ("source-in", .sourceIn),
        ("destination-in", .destinationIn), ("source-out", .sourceOut), ("destination-out", .destinationOut),
        ("source-atop", .sourceAtop), ("destination-atop", .destinationAtop), ("xor", .xor), ("copy", .copy),
        ("lighter", .plusLighter),
    ]

    /// Expected `R,G,B,A` at 50,25 for each family, in the order of `operators`.
    static let solid = [(255, 255, 0, 255), (0, 255, 255, 255), (255, 255, 0, 255), (0, 255, 255, 255), (0, 0, 0, 0),
                        (0, 0, 0, 0), (255, 255, 0, 255), (0, 255, 255, 255), (0, 0, 0, 0), (255, 255, 0, 255),
                        (255, 255, 255, 255)]
    static let transparent = [(0, 36, 219, 223), (0, 146, 109, 223), (0, 0, 255, 96), (0, 255, 0, 96), (0, 0, 255, 96),
                              (0, 255, 0, 32), (0, 64, 191, 128), (0, 128, 128, 191), (0, 64, 191, 128),
                              (0, 0, 255, 191), (0, 128, 191, 255)]
    static let image = [(219, 255, 36, 223), (109, 255, 146, 223), (255, 255, 0, 96), (0, 255, 255, 96),
                        (255, 255, 0, 96), (0, 255, 255, 32), (191, 255, 64, 128), (128, 255, 128, 191),
                        (191, 255, 64, 128), (255, 255, 0, 191), (191, 255, 128, 255)]

    let full = Path(CGRect(x: 0, y: 0, width: 100, height: 50))

    func check(_ name: String, _ expected: (Int, Int, Int, Int), tolerance: Int,
               _ draw: @escaping (inout GraphicsContext, CGSize) -> Void) {
        if let problem = pixelMismatch(renderCanvas(width: 100, height: 50, draw), 50, 25, expected, tolerance: tolerance) {
            Issue.record("\(name): \(problem)")
        }
    }

    /// A solid rgba(255, 255, 0, 0.75) image, as `yellow75.png`.
    static let yellow75 = Image(size: CGSize(width: 100, height: 50)) { c in
        c.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 50)), with: .color(css(255, 255, 0, 0.75)))
    }

    /// One `2d.composite.<family>.<operator>` case: fill the canvas with
    /// `destination`, set the operator, draw the source over the whole canvas.
    func operatorCase(_ family: String, _ i: Int, _ expected: [(Int, Int, Int, Int)], destination: Color,
                      source: @escaping (inout GraphicsContext) -> Void) {
        let (name, mode) = Self.operators[i]
        check("2d.composite.\(family).\(name)", expected[i], tolerance: 5) { c, _ in
            c.fill(self.full, with: .color(destination))
            c.blendMode = mode
            source(&c)
        }
    }

    @Test("2d.composite.solid.<operator>", arguments: 0..<11)
    func solid(_ i: Int) {
        operatorCase("solid", i, Self.solid, destination: css(0, 255, 255, 1)) {
            $0.fill(self.full, with: .color(css(255, 255, 0, 1)))
        }
    }

    @Test("2d.composite.transparent.<operator>", arguments: 0..<11)
    func transparent(_ i: Int) {
        operatorCase("transparent", i, Self.transparent, destination: css(0, 255, 0, 0.5)) {
            $0.fill(self.full, with: .color(css(0, 0, 255, 0.75)))
        }
    }

    @Test("2d.composite.image.<operator> (an image pattern as the source)", arguments: 0..<11)
    func image(_ i: Int) {
        operatorCase("image", i, Self.image, destination: css(0, 255, 255, 0.5)) {
            $0.fill(self.full, with: .tiledImage(Self.yellow75))
        }
    }

    @Test("2d.composite.canvas.<operator> (a layer as the source)", arguments: 0..<11)
    func canvas(_ i: Int) {
        operatorCase("canvas", i, Self.image, destination: css(0, 255, 255, 0.5)) {
            $0.drawLayer { layer in layer.fill(self.full, with: .color(css(255, 255, 0, 0.75))) }
        }
    }

    @Test("2d.composite.globalAlpha.fill, .image, .canvas: 1 % red over green")
    func globalAlpha() {
        let red = Image(size: CGSize(width: 100, height: 50)) { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 50)), with: .color(css(255, 0, 0)))
        }
        let sources: [(String, (inout GraphicsContext) -> Void)] = [
            ("fill", { $0.fill(self.full, with: .color(css(255, 0, 0))) }),
            ("imagepattern", { $0.fill(self.full, with: .tiledImage(red)) }),
            ("canvas", { $0.drawLayer { l in l.fill(self.full, with: .color(css(255, 0, 0))) } }),
        ]
        for (name, draw) in sources {
            check("2d.composite.globalAlpha.\(name)", (2, 253, 0, 255), tolerance: 2) { c, _ in
                c.fill(self.full, with: .color(css(0, 255, 0)))
                c.opacity = 0.01
                draw(&c)
            }
        }
    }

    @Test("2d.composite.globalAlpha.canvascopy: copy at 51 % replaces the destination")
    func globalAlphaCopy() {
        check("2d.composite.globalAlpha.canvascopy", (0, 255, 0, 130), tolerance: 2) { c, _ in
            c.fill(self.full, with: .color(css(255, 0, 0)))
            c.blendMode = .copy
            c.opacity = 0.51
            c.drawLayer { l in l.fill(self.full, with: .color(css(0, 255, 0))) }
        }
    }

    static let blendModes: [(String, GraphicsContext.BlendMode, solid: (Int, Int, Int, Int), transparent: (Int, Int, Int, Int))] = [
        ("normal", .normal, (255, 255, 0, 255), (0, 36, 219, 223)),
        ("multiply", .multiply, (0, 255, 0, 255), (0, 36, 109, 223)),
        ("screen", .screen, (255, 255, 255, 255), (0, 146, 219, 223)),          // solid: stored value invalid JS
        ("overlay", .overlay, (0, 255, 255, 255), (0, 146, 109, 223)),
        ("darken", .darken, (0, 255, 0, 255), (0, 36, 109, 223)),
        ("lighten", .lighten, (255, 255, 255, 255), (0, 146, 219, 223)),
        ("color-dodge", .colorDodge, (0, 255, 255, 255), (0, 146, 109, 223)),
        ("color-burn", .colorBurn, (0, 255, 255, 255), (0, 146, 109, 223)),
        ("hard-light", .hardLight, (255, 255, 0, 255), (0, 36, 219, 223)),     // transparent: stored value wrong
        ("soft-light", .softLight, (0, 255, 255, 255), (0, 146, 109, 223)),
        ("difference", .difference, (255, 0, 255, 255), (0, 146, 219, 223)),
        ("exclusion", .exclusion, (255, 0, 255, 255), (0, 146, 219, 223)),      // solid: stored value invalid JS
        ("hue", .hue, (201, 201, 0, 255), (59, 95, 219, 223)),
        ("saturation", .saturation, (0, 255, 255, 255), (0, 146, 109, 223)),
        ("color", .color, (201, 201, 0, 255), (59, 95, 219, 223)),
        ("luminosity", .luminosity, (161, 255, 255, 255), (0, 57, 109, 223)),
    ]

    @Test("2d.composite.solid.<blend mode> and 2d.composite.transparent.<blend mode> (legacy)", arguments: 0..<16)
    func blendMode(_ i: Int) {
        let (name, mode, solid, transparent) = Self.blendModes[i]
        check("2d.composite.solid.\(name)", solid, tolerance: 5) { c, _ in
            c.fill(self.full, with: .color(css(0, 255, 255, 1)))
            c.blendMode = mode
            c.fill(self.full, with: .color(css(255, 255, 0, 1)))
        }
        check("2d.composite.transparent.\(name)", transparent, tolerance: 5) { c, _ in
            c.fill(self.full, with: .color(css(0, 255, 0, 0.5)))
            c.blendMode = mode
            c.fill(self.full, with: .color(css(0, 0, 255, 0.75)))
        }
    }
}
