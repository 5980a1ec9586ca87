import CoreGraphics
import OpenCanvas
import RenderTesting

/// `CGContext` call streams on a small bitmap context: every path, state, clip,
/// gradient, image and layer call, with ordinary and hostile arguments (the
/// argument vocabulary of `HostileDrawing`).
enum CGContextStream {
    @MainActor
    static func run(_ bytes: [UInt8]) {
        var input = Arguments(source: FuzzBytes(bytes))
        let layout = input.pick([(CGImageAlphaInfo.premultipliedLast, CGBitmapInfo.byteOrderDefault),
                                 (.premultipliedFirst, .byteOrder32Little), (.noneSkipLast, .byteOrderDefault)])
        guard let context = CGContext(data: nil, width: 24 + Int(input.source.byte() % 24), height: 20,
                                      bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: layout.0.rawValue | layout.1.rawValue) else { return }
        var depth = 0
        for _ in 0..<64 where !input.source.isExhausted {
            input.call(context, depth: &depth)
        }
        while depth > 0 { context.endTransparencyLayer(); depth -= 1 }
        _ = context.makeImage()
    }

    struct Arguments {
        var source: FuzzBytes
        mutating func with<T>(_ body: (inout HostileDrawing<FuzzBytes>) -> T) -> T {
            var drawing = HostileDrawing(source: source)
            defer { source = drawing.source }
            return body(&drawing)
        }
        mutating func number() -> CGFloat { with { $0.number() } }
        mutating func unit() -> CGFloat { CGFloat(with { $0.unit() }) }
        mutating func point() -> CGPoint { with { $0.point() } }
        mutating func rect() -> CGRect { with { $0.rect() } }
        mutating func flag() -> Bool { with { $0.flag() } }
        mutating func pick<T>(_ choices: [T]) -> T { choices[Int(source.byte()) % choices.count] }
        mutating func color() -> CGColor {
            pick([CGColor(red: unit(), green: unit(), blue: unit(), alpha: unit()), CGColor(gray: unit(), alpha: unit()),
                  CGColor(srgbRed: number(), green: unit(), blue: unit(), alpha: number()), .black, .clear])
        }
        mutating func image() -> CGImage? {
            let w = Int(source.byte() % 9), h = Int(source.byte() % 9)
            guard let c = CGContext(data: nil, width: max(w, 1), height: max(h, 1), bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
            c.setFillColor(color())
            c.fill(CGRect(x: 0, y: 0, width: w / 2 + 1, height: h))
            return c.makeImage()
        }
        mutating func gradient() -> CGGradient? {
            let count = Int(source.byte() % 5)
            let colors = (0..<count).map { _ in color() }
            let locations = (0..<count).map { _ in flag() ? unit() : number() }
            let space = flag() ? nil : CGColorSpaceCreateDeviceRGB(), given = flag()
            return locations.withUnsafeBufferPointer { buffer in
                CGGradient(colorsSpace: space, colors: colors, locations: given ? buffer.baseAddress : nil)
            }
        }

        mutating func call(_ c: CGContext, depth: inout Int) {
            switch source.byte() % 44 {
            case 0: c.saveGState()
            case 1: c.restoreGState()
            case 2: c.translateBy(x: number(), y: number())
            case 3: c.scaleBy(x: number(), y: number())
            case 4: c.rotate(by: number())
            case 5: c.concatenate(with { $0.transform() })
            case 6: c.setLineWidth(number())
            case 7: c.setLineCap(pick([.butt, .round, .square]))
            case 8: c.setLineJoin(pick([.miter, .round, .bevel]))
            case 9: c.setMiterLimit(number())
            case 10: c.setLineDash(phase: number(), lengths: (0..<Int(source.byte() % 5)).map { _ in number() })
            case 11: c.setAlpha(unit())
            case 12: c.setBlendMode(pick(CGBlendMode.allCases))
            case 13: c.setShouldAntialias(flag())
            case 14: c.setFillColor(color())
            case 15: c.setStrokeColor(color())
            case 16: c.setFillColor(red: unit(), green: unit(), blue: unit(), alpha: unit())
            case 17: c.setShadow(offset: with { $0.size() }, blur: number(), color: flag() ? color() : nil)
            case 18: c.beginPath()
            case 19: c.move(to: point())
            case 20: c.addLine(to: point())
            case 21: c.addLines(between: (0..<Int(source.byte() % 6)).map { _ in point() })
            case 22: c.addCurve(to: point(), control1: point(), control2: point())
            case 23: c.addQuadCurve(to: point(), control: point())
            case 24: c.addRect(rect())
            case 25: c.addEllipse(in: rect())
            case 26: c.addArc(center: point(), radius: number(), startAngle: number(), endAngle: number(), clockwise: flag())
            case 27: c.addArc(tangent1End: point(), tangent2End: point(), radius: number())
            case 28: c.addPath(CGPath(roundedRect: rect(), cornerWidth: number(), cornerHeight: number(), transform: nil))
            case 29: c.closePath()
            case 30: c.fillPath(using: flag() ? .evenOdd : .winding)
            case 31: c.strokePath()
            case 32: c.drawPath(using: pick([.fill, .eoFill, .stroke, .fillStroke, .eoFillStroke]))
            case 33: c.fill(rect())
            case 34: c.stroke(rect(), width: number())
            case 35: c.strokeLineSegments(between: (0..<Int(source.byte() % 6)).map { _ in point() })
            case 36: c.clear(rect())
            case 37: c.clip(using: flag() ? .evenOdd : .winding)
            case 38: c.clip(to: rect())
            case 39: if let mask = image() { c.clip(to: rect(), mask: mask) }
            case 40: if let image = image() { c.draw(image, in: rect(), byTiling: flag()) }
            case 41:
                guard let g = gradient() else { return }
                if flag() {
                    c.drawLinearGradient(g, start: point(), end: point(), options: CGGradientDrawingOptions(rawValue: UInt32(source.byte() % 4)))
                } else {
                    c.drawRadialGradient(g, startCenter: point(), startRadius: number(), endCenter: point(),
                                         endRadius: number(), options: CGGradientDrawingOptions(rawValue: UInt32(source.byte() % 4)))
                }
            case 42:
                guard depth < 4 else { return }
                if flag() { c.beginTransparencyLayer(auxiliaryInfo: nil) } else { c.beginTransparencyLayer(in: rect(), auxiliaryInfo: nil) }
                depth += 1
            default:
                guard depth > 0 else { c.resetClip(); return }
                c.endTransparencyLayer()
                depth -= 1
            }
        }
    }
}
