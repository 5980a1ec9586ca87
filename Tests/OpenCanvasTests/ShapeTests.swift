import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("Shapes")
struct ShapeTests {
    @Test("built-in shapes' paths in a frame")
    func paths() {
        let r = CGRect(x: 0, y: 0, width: 40, height: 20)
        #expect(Rectangle().path(in: r).boundingRect == r)
        #expect(Circle().path(in: r).boundingRect == CGRect(x: 10, y: 0, width: 20, height: 20))
        #expect(Ellipse().path(in: r).boundingRect == r)
        #expect(Capsule().path(in: r).contains(CGPoint(x: 1, y: 10)))
        #expect(!Capsule().path(in: r).contains(CGPoint(x: 1, y: 1)))
        #expect(RoundedRectangle(cornerRadius: 5).path(in: r).boundingRect == r)
        let uneven = UnevenRoundedRectangle(topLeadingRadius: 10, style: .circular).path(in: r)
        #expect(!uneven.contains(CGPoint(x: 1, y: 1)))
        #expect(uneven.contains(CGPoint(x: 39, y: 1)))
        #expect(Rectangle().inset(by: 5).path(in: r).boundingRect == CGRect(x: 5, y: 5, width: 30, height: 10))
        #expect(Circle().inset(by: 2).inset(by: 3).path(in: r).boundingRect == CGRect(x: 15, y: 5, width: 10, height: 10))
    }

    @Test("shape modifiers: trim, offset, scale, rotation, stroke as a shape")
    func modifiers() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(Rectangle().offset(x: 3, y: -2).path(in: r).boundingRect == CGRect(x: 3, y: -2, width: 10, height: 10))
        #expect(Rectangle().scale(2).path(in: r).boundingRect == CGRect(x: -5, y: -5, width: 20, height: 20))
        let rotated = Rectangle().rotation(.degrees(45)).path(in: r).boundingRect
        #expect(abs(rotated.width - 10 * 2.0.squareRoot()) < 1e-9)
        let quarter = Circle().trim(from: 0, to: 0.25).path(in: r)
        #expect(quarter.currentPoint.map { abs($0.x - 5) < 1e-6 && abs($0.y - 10) < 1e-6 } == true)
        #expect(Rectangle().stroke(lineWidth: 2).path(in: r).boundingRect == CGRect(x: -1, y: -1, width: 12, height: 12))
    }

    @Test("shapes as views fill their frame with the foreground or a colour")
    func views() throws {
        let circle = try #require(render(Circle().fill(.red).frame(width: 40, height: 20)))
        #expect(circle.width == 40 && circle.height == 20)
        let centre = circle.pixel(x: 20, y: 10)
        #expect(centre.red == 255 && centre.green == 59 && centre.alpha == 255)
        #expect(circle.pixel(x: 3, y: 10).alpha == 0)
        let plain = try #require(render(Rectangle().frame(width: 8, height: 8)))
        #expect(plain.pixel(x: 4, y: 4) == (0, 0, 0, 255))
        let border = try #require(render(Rectangle().strokeBorder(Color.blue, lineWidth: 2).frame(width: 10, height: 10)))
        #expect(border.pixel(x: 0, y: 5).alpha == 255 && border.pixel(x: 1, y: 5).alpha == 255)
        #expect(border.pixel(x: 2, y: 5).alpha == 0 && border.pixel(x: 5, y: 5).alpha == 0)
        let stroked = try #require(render(Capsule().stroke(Color.green, lineWidth: 4).frame(width: 30, height: 10)))
        #expect(stroked.pixel(x: 15, y: 5).alpha == 0)
        #expect(stroked.pixel(x: 15, y: 0).alpha == 255)
    }

    @Test("a shape's path drawn in a canvas")
    func inCanvas() throws {
        let image = try #require(renderCanvas(width: 20, height: 20) { context, size in
            context.fill(Circle().path(in: CGRect(origin: .zero, size: size)), with: .style(Color.red))
            context.fill(Rectangle().path(in: CGRect(x: 0, y: 0, width: 4, height: 4)), with: .style(.foreground))
        })
        #expect(image.pixel(x: 10, y: 10).red == 255)
        #expect(image.pixel(x: 1, y: 1) == (0, 0, 0, 255))
    }

    @Test("shape-style gradients map their unit space onto the shape's frame")
    func gradientStyles() {
        let linear = render(Rectangle().fill(LinearGradient(colors: [css(255, 0, 0), css(0, 0, 255)],
                                                            startPoint: .leading, endPoint: .trailing))
                                .frame(width: 100, height: 10))
        #expect(near(rgbaAt(linear, 0, 5), [254, 0, 1, 255], 3))
        #expect(near(rgbaAt(linear, 99, 5), [1, 0, 254, 255], 3))
        #expect(near(rgbaAt(linear, 50, 5), [126, 0, 129, 255], 3))
        // A circle in a wide frame: the gradient spans the frame, not the circle.
        let circle = render(Circle().fill(LinearGradient(colors: [.black, .white], startPoint: .leading,
                                                         endPoint: .trailing)).frame(width: 100, height: 20))
        #expect(near(rgbaAt(circle, 50, 10), [128, 128, 128, 255], 3))
        // Elliptical: the centre has the first colour, the frame's edge the last.
        let elliptical = render(Rectangle().fill(EllipticalGradient(colors: [css(255, 0, 0), css(0, 255, 0)]))
                                    .frame(width: 80, height: 20))
        // Pixel (40, 10) has its centre 0.026 unit radii from the centre: 5 % of the way.
        #expect(near(rgbaAt(elliptical, 40, 10), [242, 13, 0, 255], 3))
        #expect(near(rgbaAt(elliptical, 0, 10), [0, 255, 0, 255], 12))
        #expect(near(rgbaAt(elliptical, 40, 0), [0, 255, 0, 255], 30))
    }

    @Test("hierarchical styles, opacity, blend mode and in(_:) on styles")
    func styleModifiers() {
        let levels = render(Canvas { c, _ in
            for (i, s) in [AnyShapeStyle(.primary), AnyShapeStyle(.secondary), AnyShapeStyle(.tertiary),
                           AnyShapeStyle(.quaternary)].enumerated() {
                c.fill(Path(CGRect(x: i * 10, y: 0, width: 10, height: 10)), with: .style(s))
            }
            c.fill(Path(CGRect(x: 40, y: 0, width: 10, height: 10)), with: .style(Color.red.opacity(0.5)))
        }.frame(width: 50, height: 10))
        #expect(rgbaAt(levels, 5, 5) == [0, 0, 0, 255])
        #expect(near(rgbaAt(levels, 15, 5), [60, 60, 67, 153]))
        #expect(near(rgbaAt(levels, 25, 5), [60, 60, 67, 77]))
        #expect(near(rgbaAt(levels, 35, 5), [60, 60, 67, 46]))
        #expect(rgbaAt(levels, 45, 5)[3] == 128)
        // A style's blend mode replaces the context's; in(_:) fixes its unit space.
        let blended = render(Canvas { c, _ in
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)), with: .color(.white))
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 10)),
                   with: .style(css(255, 0, 0).blendMode(.destinationOut)))
            c.fill(Path(CGRect(x: 0, y: 10, width: 20, height: 10)),
                   with: .style(LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)
                                    .in(CGRect(x: 0, y: 0, width: 40, height: 10))))
        }.frame(width: 20, height: 20))
        #expect(rgbaAt(blended, 10, 5)[3] == 0)
        // Over 40 points, x = 19.5 is about half way: grey 0.49.
        #expect(near(rgbaAt(blended, 19, 15), [124, 124, 124, 255], 4))
    }
}
