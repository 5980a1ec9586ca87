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
}
