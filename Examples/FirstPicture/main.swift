// The first picture of the README, exactly as a user writes it: `swift run first-picture`
// writes out.png in the current folder.
import Foundation
import OpenCanvas

let view = Canvas { context, size in
    var copy = context
    copy.clip(to: Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)))
    copy.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.blue))
    context.translateBy(x: size.width / 2, y: size.height / 2)
    context.rotate(by: .degrees(30))
    context.fill(Path(CGRect(x: -40, y: -10, width: 80, height: 20)), with: .color(.orange.opacity(0.8)))
    context.draw(Text("Hello").font(.caption2), at: .zero)
}
.frame(width: 240, height: 160)
let renderer = ImageRenderer(content: view)
renderer.scale = 2
let image = renderer.cgImage!          // 480 × 320 pixels
let (r, g, b, a) = image.pixel(x: 10, y: 160)   // unpremultiplied 8-bit sRGB
print(image.width, image.height, r, g, b, a)
try image.pngData()!.write(to: URL(fileURLWithPath: "out.png"))
