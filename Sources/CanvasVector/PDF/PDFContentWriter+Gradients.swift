import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasRender

/// Gradients as PDF shadings: linear as axial (type 2), radial as radial (type 3),
/// colours as a stitching function of exponential (linear) pieces between the
/// stops. PDF's shadings have no alpha, so a gradient with translucent stops also
/// sets a soft mask: the same shading of its alphas, as gray. `repeat` and
/// `mirror` widen the shading's domain over the painted area and stitch one copy
/// of the colours per period (reversed every other one for `mirror`).
extension PDFContentWriter {
    /// Paints `gradient` through the clip of `area` (operators in the current user space).
    mutating func writeGradient(_ gradient: GradientPaint, area: PDFPathWriter, rule: FillRule,
                                into out: inout PDFBytes) {
        let stops = gradient.colors.stops
        guard !stops.isEmpty, !area.isEmpty, gradient.transform.isFinite,
              gradient.transform.determinant != 0 else { return }
        document.retain(gradient)
        out.append(area.out.bytes)
        out.op(rule == .evenOdd ? "W* n" : "W n")
        let periods = self.periods(of: gradient, over: area)
        let box = gradient.transform.inverted.map { area.bounds.transformed(by: $0) } ?? area.bounds
        let t = gradient.transform
        if stops.contains(where: { $0.color.a < 1 }) {
            let alpha = shading(gradient, periods: periods, box: box, alpha: true)
            var mask = PDFBytes()
            mask.numbers(t.a, t.b, t.c, t.d, t.tx, t.ty); mask.op("cm")
            mask.op("/\(alpha) sh")
            out.op("/\(softMask(content: mask.bytes, luminosity: true, bbox: area.bounds)) gs")
        }
        out.numbers(t.a, t.b, t.c, t.d, t.tx, t.ty); out.op("cm")
        out.op("/\(shading(gradient, periods: periods, box: box, alpha: false)) sh")
    }

    /// The periods of a repeating gradient that the painted area reaches (`0…1`
    /// for `pad`): whole periods `k0…k1`, at most 512, and where the shading starts
    /// (`k0`, or later when a radial gradient's radius reaches 0 inside period `k0`).
    private func periods(of gradient: GradientPaint, over area: PDFPathWriter) -> Periods {
        let none = Periods(start: 0, end: 1, k0: 0, k1: 1)
        guard gradient.extend != .pad, let inverse = gradient.transform.inverted else { return none }
        let box = area.bounds.transformed(by: inverse)
        guard box.isFinite else { return none }
        let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY),
                       Point(box.maxX, box.maxY)]
        var lo = 0.0, hi = 1.0
        switch gradient.geometry {
        case .linear(let a, let b):
            let d = b - a
            let len2 = d.x * d.x + d.y * d.y
            guard len2 > 0 else { return none }
            let ts = corners.map { (($0.x - a.x) * d.x + ($0.y - a.y) * d.y) / len2 }
            lo = ts.min()!; hi = ts.max()!
        case .radial(let c, let r0, let r1):
            guard r1 != r0 else { return none }
            let far = corners.map { (($0.x - c.x) * ($0.x - c.x) + ($0.y - c.y) * ($0.y - c.y)).squareRoot() }.max()!
            let nx = min(max(c.x, box.minX), box.maxX), ny = min(max(c.y, box.minY), box.maxY)
            let near = ((nx - c.x) * (nx - c.x) + (ny - c.y) * (ny - c.y)).squareRoot()
            let ta = (near - r0) / (r1 - r0), tb = (far - r0) / (r1 - r0)
            lo = min(ta, tb); hi = max(ta, tb)
            // Radii must stay ≥ 0 at both ends of the shading.
            let zero = -r0 / (r1 - r0)
            if r1 > r0 { lo = max(lo, zero) } else { hi = min(hi, zero) }
        case .conic:
            return none
        }
        guard lo.isFinite, hi.isFinite, hi > lo else { return none }
        // Both ends clamped to ±10⁶ periods before converting: an area far out along the
        // gradient (t beyond ±10¹⁸, which Int cannot hold) must not trap. (Found by the
        // drawing fuzzer: t near −10³⁰⁰ at both ends.)
        var k0 = Int(min(max(-1e6, lo.rounded(.down)), 1e6)), k1 = Int(max(min(1e6, hi.rounded(.up)), -1e6))
        if k1 <= k0 { k1 = k0 + 1 }
        if k1 - k0 > 512 {
            let middle = (k0 + k1) / 2
            k0 = middle - 256; k1 = middle + 256
        }
        let start = max(Double(k0), min(lo, Double(k1))), end = min(Double(k1), max(hi, start))
        return Periods(start: start, end: end, k0: k0, k1: k1)
    }

    /// Periods `k0 ..< k1` of a repeating gradient, the shading running from
    /// `start` to `end` within them (part-way where a radial gradient's radius
    /// reaches 0).
    struct Periods: Hashable {
        var start: Double
        var end: Double
        var k0: Int
        var k1: Int
    }

    /// A shading resource for the gradient over periods `k0…k1`: its colours, or
    /// its alphas as gray.
    private mutating func shading(_ gradient: GradientPaint, periods: Periods, box: Rect, alpha: Bool) -> String {
        if case .conic(let c, let a0, let a1) = gradient.geometry {
            return conicShading(gradient.colors, center: c, start: a0, end: a1, box: box, alpha: alpha)
        }
        let key = "sh \(ObjectIdentifier(gradient)) \(periods) \(alpha)"
        if let name = document.cache[key] { return name }
        let base = function(gradient.colors, alpha: alpha)
        let (k0, k1, start, end) = (periods.k0, periods.k1, periods.start, periods.end)
        var function = "\(base) 0 R"
        var domain = "[0 1]"
        if gradient.extend != .pad {
            var bounds: [String] = [], encode: [String] = []
            for k in k0..<k1 {
                if k > k0 { bounds.append(String(k)) }
                let reversed = gradient.extend == .mirror && k.magnitude % 2 == 1
                // The first and last periods may be partial (where a radius reaches 0).
                let f = k == k0 ? start - Double(k0) : 0
                let g = k == k1 - 1 ? end - Double(k) : 1
                encode.append(reversed ? "\(PDFSyntax.number(1 - f)) \(PDFSyntax.number(1 - g))"
                                       : "\(PDFSyntax.number(f)) \(PDFSyntax.number(g))")
            }
            if k0 != 0 || k1 != 1 || start != 0 || end != 1 {
                function = "<< /FunctionType 3 /Domain [\(PDFSyntax.number(start)) \(PDFSyntax.number(end))] /Functions ["
                    + String(repeating: "\(base) 0 R ", count: k1 - k0) + "] /Bounds [" + bounds.joined(separator: " ")
                    + "] /Encode [" + encode.joined(separator: " ") + "] >>"
            }
            domain = "[\(PDFSyntax.number(start)) \(PDFSyntax.number(end))]"
        }
        let coords: String
        let type: Int
        switch gradient.geometry {
        case .linear(let a, let b):
            let d = b - a
            let p0 = a + d * start, p1 = a + d * end
            coords = [p0.x, p0.y, p1.x, p1.y].map(PDFSyntax.number).joined(separator: " ")
            type = 2
        case .radial(let c, let r0, let r1):
            let ra = max(0, r0 + (r1 - r0) * start), rb = max(0, r0 + (r1 - r0) * end)
            coords = [c.x, c.y, ra, c.x, c.y, rb].map(PDFSyntax.number).joined(separator: " ")
            type = 3
        case .conic:
            // Conic gradients are drawn as images (see PDFContentWriter); never reached.
            coords = "0 0 0 0"
            type = 2
        }
        let n = document.allocate()
        document.write(n, "<< /ShadingType \(type) /ColorSpace /\(alpha ? "DeviceGray" : "DeviceRGB") "
            + "/Coords [\(coords)] /Domain \(domain) /Function \(function) /Extend [true true] >>")
        let name = document.addResource("Shading", prefix: "Sh", object: n)
        document.cache[key] = name
        return name
    }

    /// The colours at 0, at every stop and at 1; stops mixed in another space than
    /// sRGB's encoded values are sampled between (PDF mixes encoded values).
    static func colorPoints(_ colors: GradientColors) -> [(Double, RGBA)] {
        var points: [(Double, RGBA)] = []
        let stops = colors.stops
        if stops[0].location > 0 { points.append((0, stops[0].color)) }
        for (i, s) in stops.enumerated() {
            if i > 0, colors.interpolation != .workingSpace {
                let a = stops[i - 1].location
                for k in 1..<8 {
                    let t = a + (s.location - a) * Double(k) / 8
                    if t > a, t < s.location { points.append((t, colors.color(at: t))) }
                }
            }
            points.append((s.location, s.color))
        }
        if stops[stops.count - 1].location < 1 { points.append((1, stops[stops.count - 1].color)) }
        return points
    }

    /// An object holding the colours (or alphas) of `colors` as a function of 0…1.
    private func function(_ colors: GradientColors, alpha: Bool) -> Int {
        let points = PDFContentWriter.colorPoints(colors)
        func values(_ c: RGBA) -> String {
            alpha ? PDFSyntax.number(clamp01(c.a))
                  : [c.r, c.g, c.b].map { PDFSyntax.number(clamp01($0)) }.joined(separator: " ")
        }
        var pieces: [String] = [], bounds: [Double] = []
        for (a, b) in zip(points, points.dropFirst()) where b.0 > a.0 {
            if !pieces.isEmpty { bounds.append(a.0) }
            pieces.append("<< /FunctionType 2 /Domain [0 1] /C0 [\(values(a.1))] /C1 [\(values(b.1))] /N 1 >>")
        }
        let n = document.allocate()
        if pieces.isEmpty {
            let c = values(points.last!.1)
            document.write(n, "<< /FunctionType 2 /Domain [0 1] /C0 [\(c)] /C1 [\(c)] /N 1 >>")
        } else if pieces.count == 1 {
            document.write(n, pieces[0])
        } else {
            document.write(n, "<< /FunctionType 3 /Domain [0 1] /Functions [" + pieces.joined(separator: " ")
                + "] /Bounds [" + bounds.map(PDFSyntax.number).joined(separator: " ") + "] /Encode ["
                + String(repeating: "0 1 ", count: pieces.count) + "] >>")
        }
        return n
    }

    /// A conic gradient as a function-based shading (type 1): a PostScript
    /// calculator function (type 4) of the point, relative to the centre, that
    /// finds its angle (`atan`), the position in the turn as the renderer does
    /// (`GradientShader`: the last whole turn of a longer span; a shorter span's gap
    /// split between the end colours) and the colour there, over `box` (gradient
    /// space).
    private mutating func conicShading(_ colors: GradientColors, center c: Point, start a0: Double, end a1: Double,
                                       box: Rect, alpha: Bool) -> String {
        let turn = 2 * Double.pi
        let span = a1 - a0
        guard a0.isFinite, a1.isFinite, span != 0, box.isFinite, c.isFinite else { return "" }
        let direction: Double = span > 0 ? 1 : -1
        let scale = turn / abs(span)
        let base: Double, offset: Double, split: Double?
        if abs(span) >= turn {
            base = (a1 - direction * turn) / turn
            offset = (a1 - direction * turn - a0) / span
            split = nil
        } else {
            base = a0 / turn; offset = 0; split = 1 + (scale - 1) / 2
        }
        let n = PDFSyntax.number
        var code = "{ exch 0.0000001 add atan 360 div \(n(base)) sub \(n(direction)) mul dup floor sub "
            + "\(n(scale)) mul \(n(offset)) add "
        if let split { code += "dup 1 gt { \(n(split)) lt { 2 } { -1 } ifelse } if " }
        code += "dup 0 lt { pop 0 } if dup 1 gt { pop 1 } if "
        let points = PDFContentWriter.colorPoints(colors)
        var segments: [(Double, Double, RGBA, RGBA)] = []
        for (a, b) in zip(points, points.dropFirst()) where b.0 > a.0 { segments.append((a.0, b.0, a.1, b.1)) }
        func segment(_ s: (Double, Double, RGBA, RGBA)) -> String {
            let f = "\(n(s.0)) sub \(n(s.1 - s.0)) div "
            if alpha { return f + "\(n(clamp01(s.3.a) - clamp01(s.2.a))) mul \(n(clamp01(s.2.a))) add" }
            let (p, q) = (s.2, s.3)
            return f + "dup \(n(clamp01(q.r) - clamp01(p.r))) mul \(n(clamp01(p.r))) add exch "
                + "dup \(n(clamp01(q.g) - clamp01(p.g))) mul \(n(clamp01(p.g))) add exch "
                + "\(n(clamp01(q.b) - clamp01(p.b))) mul \(n(clamp01(p.b))) add"
        }
        if segments.isEmpty {
            let last = points.last?.1 ?? .transparent
            code += alpha ? "pop \(n(clamp01(last.a)))" : "pop \(n(clamp01(last.r))) \(n(clamp01(last.g))) \(n(clamp01(last.b)))"
        } else {
            // Nested tests: the segment whose end is past t.
            var lookup = segment(segments[segments.count - 1])
            for s in segments.dropLast().reversed() {
                lookup = "dup \(n(s.1)) lt { \(segment(s)) } { \(lookup) } ifelse"
            }
            code += lookup
        }
        code += " }"
        let x0 = box.minX - c.x, x1 = max(box.maxX - c.x, x0 + 1e-3)
        let y0 = box.minY - c.y, y1 = max(box.maxY - c.y, y0 + 1e-3)
        let domain = [x0, x1, y0, y1].map(n).joined(separator: " ")
        let function = document.allocate()
        document.writeStream(function, entries: "/FunctionType 4 /Domain [\(domain)] /Range [\(alpha ? "0 1" : "0 1 0 1 0 1")]",
                             data: Array(code.utf8))
        let object = document.allocate()
        document.write(object, "<< /ShadingType 1 /ColorSpace /\(alpha ? "DeviceGray" : "DeviceRGB") /Domain [\(domain)] "
            + "/Matrix [1 0 0 1 \(n(c.x)) \(n(c.y))] /Function \(function) 0 R >>")
        return document.addResource("Shading", prefix: "Sh", object: object)
    }
}
