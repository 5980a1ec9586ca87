import Foundation
import OpenCanvas

extension Scenes {
    /// Every cap × join, solid and dashed: rows are caps (butt, round, square) each
    /// solid then dashed; columns are joins (miter, round, bevel). A thin white line
    /// shows the path itself.
    public static let strokeCapsJoinsDashes = Scene(
        name: "stroke-caps-joins-dashes",
        summary: "every line cap × line join, solid and dashed, with the path drawn over it",
        size: CGSize(width: 330, height: 400)
    ) { context, _ in
        let caps: [(String, CGLineCap)] = [("butt", .butt), ("round", .round), ("square", .square)]
        let joins: [(String, CGLineJoin)] = [("miter", .miter), ("round", .round), ("bevel", .bevel)]
        for (j, (joinName, join)) in joins.enumerated() {
            context.draw(Text(joinName).font(.caption), at: CGPoint(x: 90 + Double(j) * 90, y: 10))
        }
        for (c, (capName, cap)) in caps.enumerated() {
            for dashed in [false, true] {
                let row = c * 2 + (dashed ? 1 : 0)
                let y = 30 + Double(row) * 62
                context.draw(Text(dashed ? "\(capName)\ndashed" : capName).font(.caption2), at: CGPoint(x: 22, y: y + 25))
                for (j, (_, join)) in joins.enumerated() {
                    let x = 55 + Double(j) * 90
                    var p = Path()
                    p.move(to: CGPoint(x: x, y: y + 45))
                    p.addLine(to: CGPoint(x: x + 25, y: y + 8))
                    p.addLine(to: CGPoint(x: x + 45, y: y + 45))
                    p.addQuadCurve(to: CGPoint(x: x + 70, y: y + 12), control: CGPoint(x: x + 70, y: y + 45))
                    let style = StrokeStyle(lineWidth: 10, lineCap: cap, lineJoin: join, miterLimit: 10,
                                            dash: dashed ? [14, 9] : [], dashPhase: dashed ? 4 : 0)
                    context.stroke(p, with: .color(.indigo.opacity(0.85)), style: style)
                    context.stroke(p, with: .color(.white), lineWidth: 0.75)
                }
            }
        }
    }

    /// Hairlines (width 0) stay one device pixel wide under any transform; a width-2
    /// stroke under the same transforms follows them (its pen is in user space).
    public static let hairlines = Scene(
        name: "hairlines",
        summary: "hairlines under scales and rotations next to 2-point strokes under the same transforms",
        size: CGSize(width: 320, height: 140)
    ) { context, _ in
        let transforms: [(String, CGAffineTransform)] = [
            ("identity", .identity),
            ("scale 4", CGAffineTransform(scaleX: 4, y: 4)),
            ("scale 4 × 0.5", CGAffineTransform(scaleX: 4, y: 0.5)),
            ("rotate 30°", CGAffineTransform(rotationAngle: .pi / 6)),
        ]
        for (i, (name, t)) in transforms.enumerated() {
            var c = context
            c.translateBy(x: 40 + Double(i) * 78, y: 70)
            c.concatenate(t)
            let unit = 24 / max(t.a.magnitude + t.c.magnitude, 0.5)
            let box = Path(ellipseIn: CGRect(x: -unit, y: -unit, width: 2 * unit, height: 2 * unit))
            c.stroke(box, with: .color(.orange), lineWidth: 2)
            c.stroke(box, with: .color(.black), lineWidth: 0)
            context.draw(Text(name).font(.caption2), at: CGPoint(x: 40 + Double(i) * 78, y: 125))
        }
    }

    /// A curve trimmed to growing fractions of its length, six frames side by side,
    /// with a dot where each trimmed path ends — the way a trim animation advances.
    public static let trimAlongCurve = Scene(
        name: "trim-along-curve",
        summary: "a curve trimmed to 0, 20 … 100 % of its length in six frames, a dot at each end",
        size: CGSize(width: 360, height: 80)
    ) { context, _ in
        for frame in 0..<6 {
            var c = context
            c.translateBy(x: Double(frame) * 60, y: 0)
            var curve = Path()
            curve.move(to: CGPoint(x: 6, y: 60))
            curve.addCurve(to: CGPoint(x: 54, y: 60), control1: CGPoint(x: 6, y: 0), control2: CGPoint(x: 54, y: 0))
            c.stroke(curve, with: .color(.gray.opacity(0.3)), lineWidth: 1)
            let fraction = CGFloat(frame) / 5
            let trimmed = curve.trimmedPath(from: 0, to: fraction)
            c.stroke(trimmed, with: .color(.teal), style: StrokeStyle(lineWidth: 4, lineCap: .round))
            let end = trimmed.currentPoint ?? CGPoint(x: 6, y: 60)
            c.fill(Path(ellipseIn: CGRect(x: end.x - 4, y: end.y - 4, width: 8, height: 8)), with: .color(.red))
            c.draw(Text("\(Int(fraction * 100)) %").font(.caption2), at: CGPoint(x: 30, y: 72))
        }
    }

    /// Continuous (Apple's smooth) corners beside circular ones of the same radius,
    /// and both outlines overlaid: the continuous corner starts earlier and bends
    /// less sharply. At half the side both become a capsule's round end.
    public static let cornerStyles = Scene(
        name: "corner-styles",
        summary: "continuous vs circular rounded corners at three radii, side by side and overlaid",
        size: CGSize(width: 330, height: 250)
    ) { context, _ in
        let radii: [CGFloat] = [12, 28, 40]
        for (i, r) in radii.enumerated() {
            let y = 10 + Double(i) * 80
            let a = CGRect(x: 10, y: y, width: 80, height: 70)
            let b = CGRect(x: 110, y: y, width: 80, height: 70)
            let c = CGRect(x: 230, y: y, width: 80, height: 70)
            context.fill(Path(roundedRect: a, cornerRadius: r, style: .continuous), with: .color(.blue.opacity(0.8)))
            context.fill(Path(roundedRect: b, cornerRadius: r, style: .circular), with: .color(.orange.opacity(0.8)))
            context.stroke(Path(roundedRect: c, cornerRadius: r, style: .continuous), with: .color(.blue), lineWidth: 1.5)
            context.stroke(Path(roundedRect: c, cornerRadius: r, style: .circular), with: .color(.orange), lineWidth: 1.5)
        }
        context.draw(Text("continuous").font(.caption2), at: CGPoint(x: 50, y: 244))
        context.draw(Text("circular").font(.caption2), at: CGPoint(x: 150, y: 244))
        context.draw(Text("both").font(.caption2), at: CGPoint(x: 270, y: 244))
    }
}
