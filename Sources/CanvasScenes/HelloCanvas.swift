import Foundation
import OpenCanvas

extension Scenes {
    /// The first picture in the README: a clipped copy of the context, a rotated
    /// translucent bar and a caption, drawn in that order.
    public static let helloCanvas = Scene(
        name: "hello-canvas",
        summary: "a clipped ellipse from a copied context, a rotated translucent bar and a label",
        size: CGSize(width: 240, height: 160)
    ) { context, size in
        var copy = context
        copy.clip(to: Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)))
        copy.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.blue))
        context.translateBy(x: size.width / 2, y: size.height / 2)
        context.rotate(by: .degrees(30))
        context.fill(Path(CGRect(x: -40, y: -10, width: 80, height: 20)), with: .color(.orange.opacity(0.8)))
        context.draw(Text("Hello").font(.caption2), at: .zero)
    }
}
