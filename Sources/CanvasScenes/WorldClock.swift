import Foundation
import OpenCanvas

/// A world clock drawn twice — once through `withCGContext` with Core Graphics'
/// calls, once with `GraphicsContext` calls — and the difference of the two.
enum WorldClock {
    static let cities: [(name: String, offset: Double)] = [
        ("London", 0), ("New York", -5), ("Tokyo", 9), ("Sydney", 11),
    ]
    /// 2026-11-29 14:37:20 UTC.
    static let utcSeconds = 14.0 * 3600 + 37 * 60 + 20
    static let panel = CGSize(width: 300, height: 170)

    static func localHours(_ offset: Double) -> Double {
        let h = (utcSeconds / 3600 + offset).truncatingRemainder(dividingBy: 24)
        return h < 0 ? h + 24 : h
    }

    static let barX: CGFloat = 70, barWidth: CGFloat = 110, barHeight: CGFloat = 14
    static func barY(_ i: Int) -> CGFloat { 24 + CGFloat(i) * 34 }
    static let clockCenter = CGPoint(x: 242, y: 85)
    static let clockRadius: CGFloat = 48
    static let night = Color(red: 0.12, green: 0.16, blue: 0.36)
    static let day = Color(red: 1, green: 0.84, blue: 0.4)

    /// City names (text is drawn with `GraphicsContext` in both pictures: Core
    /// Graphics has no text of its own).
    static func labels(_ c: inout GraphicsContext) {
        for (i, city) in cities.enumerated() {
            let h = localHours(city.offset)
            c.draw(Text(city.name).font(.system(size: 11, weight: .semibold)),
                   at: CGPoint(x: 10, y: barY(i) + barHeight / 2), anchor: .leading)
            c.draw(Text(String(format: "%02d:%02d", Int(h), Int((h * 60).truncatingRemainder(dividingBy: 60))))
                    .font(.system(size: 9).monospacedDigit()).foregroundColor(.gray),
                   at: CGPoint(x: barX, y: barY(i) + barHeight + 7), anchor: .leading)
        }
    }

    // MARK: The picture through GraphicsContext

    static func drawWithGraphicsContext(_ c: inout GraphicsContext) {
        c.fill(Path(CGRect(origin: .zero, size: panel)), with: .color(.white))
        for (i, city) in cities.enumerated() {
            let bar = CGRect(x: barX, y: barY(i), width: barWidth, height: barHeight)
            c.fill(Path(bar), with: .color(night))
            c.fill(Path(CGRect(x: barX + barWidth * 6 / 24, y: bar.minY, width: barWidth / 2, height: barHeight)),
                   with: .color(day))
            let x = barX + barWidth * CGFloat(localHours(city.offset) / 24)
            var marker = Path()
            marker.move(to: CGPoint(x: x, y: bar.minY - 3))
            marker.addLine(to: CGPoint(x: x, y: bar.maxY + 3))
            c.stroke(marker, with: .color(.red), lineWidth: 2)
        }
        let face = CGRect(x: clockCenter.x - clockRadius, y: clockCenter.y - clockRadius,
                          width: 2 * clockRadius, height: 2 * clockRadius)
        c.fill(Path(ellipseIn: face), with: .color(Color(white: 0.96)))
        c.stroke(Path(ellipseIn: face), with: .color(.black), lineWidth: 2)
        for tick in 0..<60 {
            let a = Double(tick) / 60 * 2 * .pi
            let inner = clockRadius - (tick % 5 == 0 ? 9 : 4)
            var p = Path()
            p.move(to: point(a, inner))
            p.addLine(to: point(a, clockRadius - 2))
            c.stroke(p, with: .color(.black), lineWidth: tick % 5 == 0 ? 2 : 0.75)
        }
        for (angle, length, width) in hands() {
            var p = Path()
            p.move(to: clockCenter)
            p.addLine(to: point(angle, length))
            c.stroke(p, with: .color(.black), style: StrokeStyle(lineWidth: width, lineCap: .round))
        }
        c.fill(Path(ellipseIn: CGRect(x: clockCenter.x - 3, y: clockCenter.y - 3, width: 6, height: 6)),
               with: .color(.red))
    }

    // MARK: The same picture through Core Graphics

    static func drawWithCoreGraphics(_ cg: CGContext) {
        cg.setFillColor(gray: 1, alpha: 1)
        cg.fill(CGRect(origin: .zero, size: panel))
        for (i, city) in cities.enumerated() {
            cg.saveGState()
            cg.translateBy(x: barX, y: barY(i))
            cg.setFillColor(night.cgColor!)
            cg.fill(CGRect(x: 0, y: 0, width: barWidth, height: barHeight))
            cg.setFillColor(day.cgColor!)
            cg.fill(CGRect(x: barWidth * 6 / 24, y: 0, width: barWidth / 2, height: barHeight))
            let x = barWidth * CGFloat(localHours(city.offset) / 24)
            cg.setStrokeColor(Color.red.cgColor!)
            cg.setLineWidth(2)
            cg.strokeLineSegments(between: [CGPoint(x: x, y: -3), CGPoint(x: x, y: barHeight + 3)])
            cg.restoreGState()
        }
        cg.saveGState()
        cg.translateBy(x: clockCenter.x, y: clockCenter.y)
        let face = CGRect(x: -clockRadius, y: -clockRadius, width: 2 * clockRadius, height: 2 * clockRadius)
        cg.setFillColor(gray: 0.96, alpha: 1)
        cg.fillEllipse(in: face)
        cg.setStrokeColor(gray: 0, alpha: 1)
        cg.setLineWidth(2)
        cg.strokeEllipse(in: face)
        for tick in 0..<60 {
            cg.saveGState()
            cg.rotate(by: CGFloat(Double(tick) / 60 * 2 * .pi))
            cg.setLineWidth(tick % 5 == 0 ? 2 : 0.75)
            cg.move(to: CGPoint(x: 0, y: -(clockRadius - (tick % 5 == 0 ? 9 : 4))))
            cg.addLine(to: CGPoint(x: 0, y: -(clockRadius - 2)))
            cg.strokePath()
            cg.restoreGState()
        }
        cg.setLineCap(.round)
        for (angle, length, width) in hands() {
            cg.saveGState()
            cg.rotate(by: CGFloat(angle))
            cg.setLineWidth(width)
            cg.move(to: .zero)
            cg.addLine(to: CGPoint(x: 0, y: -length))
            cg.strokePath()
            cg.restoreGState()
        }
        cg.setFillColor(Color.red.cgColor!)
        cg.fillEllipse(in: CGRect(x: -3, y: -3, width: 6, height: 6))
        cg.restoreGState()
    }

    static func point(_ angle: Double, _ r: CGFloat) -> CGPoint {
        CGPoint(x: clockCenter.x + r * CGFloat(sin(angle)), y: clockCenter.y - r * CGFloat(cos(angle)))
    }

    /// Hour, minute and second hands for London: angle, length, width.
    static func hands() -> [(Double, CGFloat, CGFloat)] {
        let s = utcSeconds
        return [
            ((s / 43_200).truncatingRemainder(dividingBy: 1) * 2 * .pi, clockRadius * 0.5, 4),
            ((s / 3600).truncatingRemainder(dividingBy: 1) * 2 * .pi, clockRadius * 0.78, 2.5),
            ((s / 60).truncatingRemainder(dividingBy: 1) * 2 * .pi, clockRadius * 0.85, 1),
        ]
    }

    /// The two pictures at `scale` and their difference (each channel's absolute
    /// difference, times 8, on white: a blank panel means they agree).
    @MainActor
    static func images(scale: CGFloat) -> (cg: CGImage, gc: CGImage, diff: CGImage, worst: Int)? {
        func render(_ draw: @escaping (inout GraphicsContext) -> Void) -> CGImage? {
            let renderer = ImageRenderer(content: Canvas { c, _ in draw(&c) }.frame(width: panel.width, height: panel.height))
            renderer.scale = scale
            return renderer.cgImage
        }
        guard let cg = render({ c in
            c.withCGContext { drawWithCoreGraphics($0) }
            labels(&c)
        }), let gc = render({ c in
            drawWithGraphicsContext(&c)
            labels(&c)
        }) else { return nil }
        let a = cg.rgbaBytes(), b = gc.rgbaBytes()
        var out = [UInt8](repeating: 255, count: a.count)
        var worst = 0
        for i in stride(from: 0, to: a.count, by: 4) {
            for k in 0..<3 {
                let d = abs(Int(a[i + k]) - Int(b[i + k]))
                worst = max(worst, d)
                out[i + k] = UInt8(max(0, 255 - d * 8))
            }
        }
        // The difference through a bitmap context over the bytes (opaque, so
        // premultiplied or not is the same).
        let diff = out.withUnsafeMutableBytes { raw in
            CGContext(data: raw.baseAddress, width: cg.width, height: cg.height, bitsPerComponent: 8,
                      bytesPerRow: cg.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        }
        guard let diff else { return nil }
        return (cg, gc, diff, worst)
    }
}

extension Scenes {
    /// The world clock through Core Graphics, through GraphicsContext, and their
    /// difference.
    public static let worldClock = Scene(
        name: "world-clock",
        summary: "A world clock (day/night bars, an analog face) through withCGContext, through GraphicsContext, and their difference",
        size: CGSize(width: 920, height: 200)
    ) {
        let images = WorldClock.images(scale: 2).map { [$0.cg, $0.gc, $0.diff] } ?? []
        let captions = ["withCGContext", "GraphicsContext", "difference × 8"]
        return HStack(spacing: 10) {
            ForEach(0..<images.count, id: \.self) { i in
                VStack(spacing: 4) {
                    Image(images[i], scale: 2, label: Text(captions[i]))
                        .border(Color.gray.opacity(0.4), width: 1)
                    Text(captions[i]).font(.caption).foregroundColor(.gray)
                }
            }
        }
    }
}

/// For the tests: the world clock's two renderings compared.
public enum WorldClockAccess {
    /// The largest channel difference between the two pictures at 2×, and their width.
    @MainActor
    public static func images() -> (worst: Int, width: Int)? {
        WorldClock.images(scale: 2).map { ($0.worst, $0.cg.width) }
    }
}
