import Foundation
import OpenCanvas

extension Scenes {
    /// The first stroker: caps, joins, a dash pattern, a hairline and a stroke under a
    /// non-uniform scale (the pen follows the transform).
    public static let strokeBasics = Scene(
        name: "stroke-basics",
        summary: "stroke caps and joins, a dashed curve, a hairline and a scaled pen",
        size: CGSize(width: 320, height: 150)
    ) { context, _ in
        let caps: [CGLineCap] = [.butt, .round, .square]
        for (i, cap) in caps.enumerated() {
            let y = 20 + CGFloat(i) * 22
            var p = Path()
            p.move(to: CGPoint(x: 20, y: y))
            p.addLine(to: CGPoint(x: 90, y: y))
            context.stroke(p, with: .color(.blue), style: StrokeStyle(lineWidth: 12, lineCap: cap))
            context.stroke(p, with: .color(.white), lineWidth: 1)
        }
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        for (i, join) in joins.enumerated() {
            let x = 120 + CGFloat(i) * 60
            var p = Path()
            p.move(to: CGPoint(x: x, y: 70))
            p.addLine(to: CGPoint(x: x + 20, y: 20))
            p.addLine(to: CGPoint(x: x + 40, y: 70))
            context.stroke(p, with: .color(.orange), style: StrokeStyle(lineWidth: 12, lineJoin: join))
        }
        var wave = Path()
        wave.move(to: CGPoint(x: 20, y: 120))
        wave.addCurve(to: CGPoint(x: 300, y: 120), control1: CGPoint(x: 110, y: 70), control2: CGPoint(x: 210, y: 170))
        context.stroke(wave, with: .color(.green), style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [12, 8]))
        context.stroke(wave, with: .color(.black), lineWidth: 0)          // a hairline

        var scaled = context
        scaled.translateBy(x: 280, y: 45)
        scaled.scaleBy(x: 3, y: 1)
        scaled.stroke(Path(ellipseIn: CGRect(x: -8, y: -20, width: 16, height: 40)), with: .color(.purple), lineWidth: 2)
    }
}
