import Foundation
import OpenCanvas

extension Scenes {
    /// A pentagram drawn as one self-intersecting subpath, filled with the non-zero
    /// rule (the centre is filled: winding 2) and the even-odd rule (the centre is
    /// empty), each labelled.
    public static let starFillRules = Scene(
        name: "star-fill-rules",
        summary: "a self-intersecting star under the non-zero and even-odd fill rules",
        size: CGSize(width: 320, height: 170)
    ) { context, size in
        func star(center: CGPoint, radius: CGFloat) -> Path {
            Path { path in
                for k in 0..<5 {
                    // Every second point of a regular pentagon, starting at the top.
                    let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                    let p = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                    if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
                }
                path.closeSubpath()
            }
        }
        let left = star(center: CGPoint(x: 80, y: 78), radius: 66)
        let right = star(center: CGPoint(x: 240, y: 78), radius: 66)
        context.fill(left, with: .color(.indigo), style: FillStyle(eoFill: false))
        context.fill(right, with: .color(.pink), style: FillStyle(eoFill: true))
        context.stroke(left, with: .color(.black.opacity(0.5)), lineWidth: 1)
        context.stroke(right, with: .color(.black.opacity(0.5)), lineWidth: 1)
        context.draw(Text("non-zero").font(.caption), at: CGPoint(x: 80, y: size.height - 10))
        context.draw(Text("even-odd").font(.caption), at: CGPoint(x: 240, y: size.height - 10))
    }
}
