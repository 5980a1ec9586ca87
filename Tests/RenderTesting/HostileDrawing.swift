import Foundation
import OpenCanvas

/// A seeded stream of `GraphicsContext` calls whose arguments are drawn from
/// ordinary values and hostile ones (huge, tiny, negative, zero, NaN, ±∞).
///
/// The stress test renders many small canvases with it; a failing canvas is
/// reproduced from its seed alone (`HostileDrawing(seed:)` draws the same calls
/// every time). Any `RandomNumberGenerator` can drive it, so a fuzzer can feed it
/// bytes later.
public struct HostileDrawing<Source: RandomNumberGenerator> {
    public var source: Source
    /// How many calls one canvas makes at most (nested layers count theirs).
    public var callBudget = 40
    /// How deep layers, clip layers and symbol drawings nest.
    public var maximumDepth = 3
    private var calls = 0

    public init(source: Source) { self.source = source }

    // MARK: Values

    /// A coordinate or length: mostly ordinary, sometimes hostile.
    public mutating func number() -> CGFloat {
        switch Int.random(in: 0..<24, using: &source) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .greatestFiniteMagnitude
        case 4: return -.greatestFiniteMagnitude
        case 5: return 1e300
        case 6: return -1e300
        case 7: return CGFloat([1e9, 1e15, 1e19, 4e9, 2.2e9].randomElement(using: &source)!)
        case 8: return CGFloat([1e-300, Double.leastNonzeroMagnitude, 1e-9, -1e-12].randomElement(using: &source)!)
        case 9: return 0
        case 10: return -CGFloat.random(in: 0...500, using: &source)
        case 11: return CGFloat.random(in: 0...5000, using: &source)
        default: return CGFloat.random(in: -20...70, using: &source)
        }
    }

    /// A value normally in 0…1 (opacity, colour component, gradient location).
    public mutating func unit() -> Double {
        Int.random(in: 0..<4, using: &source) == 0 ? Double(number()) : Double.random(in: 0...1, using: &source)
    }

    public mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
    public mutating func size() -> CGSize { CGSize(width: number(), height: number()) }
    public mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }
    public mutating func angle() -> Angle {
        Int.random(in: 0..<3, using: &source) == 0 ? .radians(Double(number()))
            : .degrees(Double.random(in: -720...720, using: &source))
    }
    public mutating func flag() -> Bool { Bool.random(using: &source) }
    public mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &source)! }

    public mutating func color() -> Color {
        switch Int.random(in: 0..<6, using: &source) {
        case 0: return pick([.red, .green, .blue, .black, .white, .clear, .yellow, .primary])
        case 1: return Color(pick([.sRGB, .sRGBLinear, .displayP3]), white: unit(), opacity: unit())
        case 2: return Color(hue: unit(), saturation: unit(), brightness: unit(), opacity: unit())
        default:
            return Color(pick([.sRGB, .sRGBLinear, .displayP3]), red: unit(), green: unit(), blue: unit(),
                         opacity: unit())
        }
    }

    public mutating func transform() -> CGAffineTransform {
        CGAffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
    }

    public mutating func gradient() -> Gradient {
        let count = Int.random(in: 0..<5, using: &source)
        if flag() { return Gradient(colors: (0..<count).map { _ in color() }) }
        return Gradient(stops: (0..<count).map { _ in Gradient.Stop(color: color(), location: CGFloat(unit())) })
    }

    public mutating func gradientOptions() -> GraphicsContext.GradientOptions {
        GraphicsContext.GradientOptions(rawValue: UInt32.random(in: 0..<8, using: &source))
    }

    // MARK: Paths and styles

    public mutating func path() -> Path { path(combining: true) }

    mutating func path(combining: Bool) -> Path {
        var path = Path()
        for _ in 0..<Int.random(in: 1..<7, using: &source) {
            switch Int.random(in: 0..<16, using: &source) {
            case 0: path.move(to: point())
            case 1, 2: path.addLine(to: point())
            case 3: path.addQuadCurve(to: point(), control: point())
            case 4: path.addCurve(to: point(), control1: point(), control2: point())
            case 5: path.addArc(center: point(), radius: number(), startAngle: angle(), endAngle: angle(), clockwise: flag())
            case 6: path.addRelativeArc(center: point(), radius: number(), startAngle: angle(), delta: angle())
            case 7: path.addArc(tangent1End: point(), tangent2End: point(), radius: number())
            case 8: path.addRect(rect(), transform: flag() ? .identity : transform())
            case 9: path.addRoundedRect(in: rect(), cornerSize: size(), style: flag() ? .circular : .continuous)
            case 10: path.addEllipse(in: rect(), transform: flag() ? .identity : transform())
            case 11: path.addLines((0..<Int.random(in: 0..<6, using: &source)).map { _ in point() })
            case 12: path.closeSubpath()
            case 13: path = path.trimmedPath(from: CGFloat(unit()), to: CGFloat(unit()))
            case 14: path = path.applying(transform())
            default: path.addPath(Path(roundedRect: rect(), cornerRadius: number()), transform: flag() ? .identity : transform())
            }
        }
        if Int.random(in: 0..<12, using: &source) == 0 { path = path.strokedPath(strokeStyle()) }
        // The path operations, on hostile shapes of both kinds (one level deep).
        // Their cost grows with the outline's crossings: a dashed, stroked hostile
        // curve of 25,000 segments takes about a second to normalize in release
        // (bounded, but the stress run's limit per canvas is a second for
        // everything), so outlines that large are left to the adversarial tests.
        func elements(_ p: Path) -> Int { var n = 0; p.forEach { _ in n += 1 }; return n }
        if combining && Int.random(in: 0..<8, using: &source) == 0 {
            let other = self.path(combining: false), eo = flag()
            guard elements(path) + elements(other) <= 4_000 else { return path }
            switch Int.random(in: 0..<7, using: &source) {
            case 0: path = path.union(other, eoFill: eo)
            case 1: path = path.intersection(other, eoFill: eo)
            case 2: path = path.subtracting(other, eoFill: eo)
            case 3: path = path.symmetricDifference(other, eoFill: eo)
            case 4: path = path.lineIntersection(other, eoFill: eo)
            case 5: path = path.lineSubtraction(other, eoFill: eo)
            default: path = path.normalized(eoFill: eo)
            }
        }
        return path
    }

    public mutating func strokeStyle() -> StrokeStyle {
        let dash: [CGFloat] = Int.random(in: 0..<3, using: &source) == 0
            ? (0..<Int.random(in: 0..<5, using: &source)).map { _ in number() } : []
        return StrokeStyle(lineWidth: flag() ? CGFloat.random(in: 0...12, using: &source) : number(),
                           lineCap: pick([.butt, .round, .square]), lineJoin: pick([.miter, .round, .bevel]),
                           miterLimit: flag() ? 10 : number(), dash: dash, dashPhase: flag() ? 0 : number())
    }

    public mutating func fillStyle() -> FillStyle { FillStyle(eoFill: flag(), antialiased: flag() || flag()) }

    public mutating func shading() -> GraphicsContext.Shading {
        switch Int.random(in: 0..<10, using: &source) {
        case 0: return .linearGradient(gradient(), startPoint: point(), endPoint: point(), options: gradientOptions())
        case 1: return .radialGradient(gradient(), center: point(), startRadius: number(), endRadius: number(),
                                       options: gradientOptions())
        case 2: return .conicGradient(gradient(), center: point(), angle: angle(), options: gradientOptions())
        case 3: return .tiledImage(image(), origin: point(), sourceRect: rect(), scale: number())
        case 4: return .palette([.color(color()), .color(color())])
        case 5: return .style(LinearGradient(gradient: gradient(), startPoint: UnitPoint(x: number(), y: number()),
                                             endPoint: UnitPoint(x: number(), y: number())))
        case 6: return .foreground
        default: return .color(color())
        }
    }

    public mutating func image() -> Image {
        switch Int.random(in: 0..<4, using: &source) {
        case 0: return Image(systemName: pick(["star.fill", "heart", "no.such.symbol", "wifi"]))
        case 1:
            // Sizes are kept sane here: an impossible size is its own test.
            let w = CGFloat.random(in: 0...40, using: &source), h = CGFloat.random(in: 0...40, using: &source)
            let c = color()
            return Image(size: CGSize(width: w, height: h)) { $0.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: w, height: h)), with: .color(c)) }
        case 2: return Image("no-such-image")
        default:
            let s = CGFloat.random(in: 1...16, using: &source)
            let c = color()
            return Image(size: CGSize(width: s, height: s), opaque: flag()) { $0.fill(Path(CGRect(x: 0, y: 0, width: s / 2, height: s)), with: .color(c)) }
        }
    }

    public mutating func text() -> Text {
        var text = Text(verbatim: pick(["Hi", "", "Ünïcødé", "مرحبا", "a\nb\tc", "👍🏽", String(repeating: "W", count: 40)]))
        text = text.font(.system(size: flag() ? CGFloat.random(in: 1...30, using: &source) : number()))
        if flag() { text = text.foregroundColor(color()) }
        if flag() { text = text.kerning(number()) }
        return text
    }

    public mutating func filter() -> GraphicsContext.Filter {
        switch Int.random(in: 0..<13, using: &source) {
        case 0: return .blur(radius: flag() ? CGFloat.random(in: 0...8, using: &source) : number(),
                             options: GraphicsContext.BlurOptions(rawValue: UInt32.random(in: 0..<4, using: &source)))
        case 1: return .shadow(color: color(), radius: flag() ? CGFloat.random(in: 0...6, using: &source) : number(),
                               x: number(), y: number(), blendMode: blendMode(),
                               options: GraphicsContext.ShadowOptions(rawValue: UInt32.random(in: 0..<16, using: &source)))
        case 2: return .alphaThreshold(min: unit(), max: unit(), color: color())
        case 3:
            var m = ColorMatrix()
            m.r1 = Float(number()); m.g4 = Float(number()); m.a5 = Float(number()); m.b2 = Float(unit())
            return .colorMatrix(m)
        case 4: return .hueRotation(angle())
        case 5: return .saturation(Double(number()))
        case 6: return .brightness(unit())
        case 7: return .contrast(Double(number()))
        case 8: return .colorInvert(unit())
        case 9: return .grayscale(unit())
        case 10: return .luminanceToAlpha
        case 11: return .colorMultiply(color())
        default:
            var p = ProjectionTransform(flag() ? transform() : CGAffineTransform(rotationAngle: Double(number())))
            p.m13 = flag() ? 0 : number() / 1000
            p.m23 = flag() ? 0 : number() / 1000
            return .projectionTransform(p)
        }
    }

    public mutating func blendMode() -> GraphicsContext.BlendMode {
        Int.random(in: 0..<20, using: &source) == 0 ? GraphicsContext.BlendMode(rawValue: Int32.random(in: -5...100, using: &source))
            : GraphicsContext.BlendMode(rawValue: Int32.random(in: 0...27, using: &source))
    }

    // MARK: Calls

    /// Makes up to `callBudget` calls on `context` (fewer when layers use some).
    public mutating func draw(into context: inout GraphicsContext, depth: Int = 0) {
        let count = Int.random(in: 1..<16, using: &source)
        for _ in 0..<count where calls < callBudget {
            calls += 1
            call(&context, depth: depth)
        }
    }

    mutating func call(_ context: inout GraphicsContext, depth: Int) {
        switch Int.random(in: 0..<22, using: &source) {
        case 0, 1, 2: context.fill(path(), with: shading(), style: fillStyle())
        case 3, 4: context.stroke(path(), with: shading(), style: strokeStyle())
        case 5: context.stroke(path(), with: shading(), lineWidth: number())
        case 6: context.clip(to: path(), style: fillStyle(), options: flag() ? .inverse : [])
        case 7: context.translateBy(x: number(), y: number())
        case 8: context.scaleBy(x: number(), y: number())
        case 9: context.rotate(by: angle())
        case 10: context.concatenate(transform())
        case 11: context.opacity = unit()
        case 12: context.blendMode = blendMode()
        case 13, 14: context.addFilter(filter(), options: flag() ? .linearColor : [])
        case 15:
            guard depth < maximumDepth else { return }
            context.drawLayer { layer in self.draw(into: &layer, depth: depth + 1) }
        case 16:
            guard depth < maximumDepth else { return }
            context.clipToLayer(opacity: unit(), options: flag() ? .inverse : []) { layer in
                self.draw(into: &layer, depth: depth + 1)
            }
        case 17: context.draw(text(), at: point(), anchor: UnitPoint(x: number(), y: number()))
        case 18:
            let resolved = context.resolve(text())
            context.draw(resolved, in: rect())
            _ = resolved.measure(in: size())
        case 19: context.draw(image(), in: rect(), style: fillStyle())
        case 20: context.draw(context.resolve(image()), at: point(), anchor: UnitPoint(x: number(), y: number()))
        default:
            if let symbol = context.resolveSymbol(id: pick([0, 1, 7])) {
                if flag() { context.draw(symbol, at: point(), anchor: .center) } else { context.draw(symbol, in: rect()) }
            }
        }
    }
}

/// SplitMix64: a small, fast, seedable generator (the same stream on every platform).
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension HostileDrawing where Source == SplitMix64 {
    public init(seed: UInt64) { self.init(source: SplitMix64(seed: seed)) }
}

/// One stress canvas: 48 × 32 points, a colour mode and scale chosen by the seed,
/// with two tagged symbols, drawn by `HostileDrawing(seed:)`; with `vectors`, its
/// recording is also written as PDF and SVG (which must not trap either).
@MainActor
public func renderHostileCanvas(seed: UInt64, vectors: Bool = true) -> CGImage? {
    var settings = SplitMix64(seed: seed ^ 0x5EED)
    let mode = [ColorRenderingMode.nonLinear, .linear, .extendedLinear].randomElement(using: &settings)!
    let scale: CGFloat = [1, 1, 2, 0.5].randomElement(using: &settings)!
    let opaque = Bool.random(using: &settings)
    let canvas = Canvas(opaque: opaque, colorMode: mode) { context, _ in
        var drawing = HostileDrawing(seed: seed)
        drawing.draw(into: &context)
    } symbols: {
        Circle().fill(Color.orange).frame(width: 12, height: 12).tag(0)
        Text("Sym").tag(1)
    }
    let renderer = ImageRenderer(content: canvas.frame(width: 48, height: 32))
    renderer.scale = scale
    guard vectors else { return renderer.cgImage }
    let recording = renderer.recording
    // What falls back to pixels is drawn at the canvas's own scale (a hostile
    // drawing's cost grows with its pixels).
    _ = recording.pdfData(fallbackScale: Double(scale))
    _ = recording.svgDocument(fallbackScale: Double(scale))
    return recording.cgImage(scale: scale)
}
