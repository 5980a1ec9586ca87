import Foundation
import OpenCanvas

extension Scenes {
    /// An analog clock face at 10:09:30: tick marks, numerals placed on a circle
    /// with centre anchors, hands, and a label measured under the centre.
    public static let clockFace = Scene(
        name: "clock-face",
        summary: "A clock face: ticks, numerals around the dial, hands at 10:09:30",
        size: CGSize(width: 280, height: 280)
    ) { context, size in
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let radius = min(size.width, size.height) / 2 - 10
        context.fill(Path(ellipseIn: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)),
                     with: .color(Color(white: 0.97)))
        context.stroke(Path(ellipseIn: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)),
                       with: .color(.black), lineWidth: 3)
        func point(_ angle: Double, _ r: CGFloat) -> CGPoint {
            CGPoint(x: centre.x + r * CGFloat(sin(angle)), y: centre.y - r * CGFloat(cos(angle)))
        }
        for tick in 0..<60 {
            let angle = Double(tick) / 60 * 2 * .pi
            let major = tick % 5 == 0
            var path = Path()
            path.move(to: point(angle, radius - (major ? 14 : 7)))
            path.addLine(to: point(angle, radius - 3))
            context.stroke(path, with: .color(.black), lineWidth: major ? 2.5 : 1)
        }
        for hour in 1...12 {
            let angle = Double(hour) / 12 * 2 * .pi
            context.draw(Text("\(hour)").font(.system(size: 22, weight: .medium, design: .rounded)),
                         at: point(angle, radius - 32))
        }
        let label = context.resolve(Text("OPENCANVAS").font(.caption2.weight(.semibold)).tracking(2).foregroundColor(.gray))
        context.draw(label, at: CGPoint(x: centre.x, y: centre.y + radius * 0.38))
        func hand(_ fraction: Double, length: CGFloat, width: CGFloat, color: Color) {
            var path = Path()
            path.move(to: point(fraction * 2 * .pi + .pi, 14))
            path.addLine(to: point(fraction * 2 * .pi, length))
            context.stroke(path, with: .color(color), style: StrokeStyle(lineWidth: width, lineCap: .round))
        }
        let seconds = 10.0 * 3600 + 9 * 60 + 30
        hand(seconds / 43_200, length: radius * 0.5, width: 6, color: .black)
        hand(seconds.truncatingRemainder(dividingBy: 3600) / 3600, length: radius * 0.75, width: 4, color: .black)
        hand(30.0 / 60, length: radius * 0.82, width: 1.5, color: .orange)
        context.fill(Path(ellipseIn: CGRect(x: centre.x - 4, y: centre.y - 4, width: 8, height: 8)), with: .color(.orange))
    }
}
