import Testing
@testable import CanvasPaint
import CanvasGeometry

@Suite("Gradients")
struct GradientTests {
    static let red = RGBA(r: 1, g: 0, b: 0, a: 1), green = RGBA(r: 0, g: 1, b: 0, a: 1), blue = RGBA(r: 0, g: 0, b: 1, a: 1)

    func stops(_ s: [(Double, RGBA)]) -> [GradientColors.Stop] { s.map { .init(location: $0.0, color: $0.1) } }

    @Test("row 31: NaN locations are dropped, others clamped and sorted stably")
    func cleanup() {
        let c = GradientColors(stops([(0.8, Self.blue), (.nan, Self.red), (-3, Self.green), (0.5, Self.red), (0.5, Self.blue), (7, Self.green)]))
        #expect(c.stops.map(\.location) == [0, 0.5, 0.5, 0.8, 1])
        #expect(c.stops.map(\.color) == [Self.green, Self.red, Self.blue, Self.blue, Self.green])
        // A non-finite colour is dropped too.
        let bad = GradientColors(stops([(0.2, RGBA(r: .infinity, g: 0, b: 0, a: 1)), (0.4, Self.red)]))
        #expect(bad.stops.count == 1)
    }

    @Test("row 30: no stops is empty; one stop is a solid colour")
    func zeroAndOneStop() {
        #expect(GradientColors([]).isEmpty)
        let one = GradientColors(stops([(0.3, Self.red)]))
        for t in [-1.0, 0, 0.3, 0.9, 5] { #expect(one.color(at: t) == Self.red) }
        let table = GradientTable.rgba8(one, count: 32, opacity: 1)
        #expect(table.allSatisfy { $0 == 0xFF00_00FF })
    }

    @Test("two stops at one location make a hard edge: first colour below, last above")
    func hardEdge() {
        let c = GradientColors(stops([(0, Self.red), (0.5, Self.red), (0.5, Self.green), (0.5, Self.blue), (1, Self.blue)]))
        #expect(c.color(at: 0.4999) == Self.red)
        #expect(c.color(at: 0.5001) == Self.blue)
        let table = GradientTable.rgba8(c, count: 64, opacity: 1)
        // Sample i sits at entry i + 1.
        #expect(table[32] == 0xFF00_00FF && table[33] == 0xFFFF_0000)
        #expect(table[0] == 0xFF00_00FF && table[65] == 0xFFFF_0000)
    }

    @Test("tables interpolate straight colours, then premultiply; opacity scales alpha")
    func table() {
        let c = GradientColors(stops([(0, RGBA(r: 1, g: 0, b: 0, a: 1)), (1, RGBA(r: 0, g: 0, b: 1, a: 0))]))
        let t = GradientTable.rgba8(c, count: 256, opacity: 0.5)
        // Entry 129 holds sample 128, at t = 128.5/256: straight (0.498, 0, 0.502) at
        // alpha 0.498, times the opacity 0.5.
        #expect(t.count == 258)
        let p = PremultipliedColor(packed: t[129])
        let a = (1 - 128.5 / 256) * 0.5
        #expect(Int(p.a) == Int((a * 255).rounded()))
        #expect(abs(Int(p.r) - Int((1 - 128.5 / 256) * Double(p.a))) <= 1)
        #expect(abs(Int(p.b) - Int((128.5 / 256) * Double(p.a))) <= 1)
    }

    /// The table's segments are filled by a vector kernel; this is its twin, the
    /// entry-by-entry formula in Swift (interpolate in single precision, clamp,
    /// quantize alpha, premultiply by it), compared bit for bit over random stops
    /// (some outside 0…1, some sharing a location), sizes and opacities.
    @Test("encoded tables equal the entry-by-entry formula bit for bit")
    func tableMatchesFormula() {
        var state: UInt64 = 31
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func pack(_ v: SIMD4<Float>, _ opacity: Float) -> UInt32 {
            func clamp(_ x: Float) -> Float { x > 0 ? (x < 1 ? x : 1) : 0 }
            let a8 = UInt32(clamp(v.w) * opacity * 255 + 0.5)
            let fa = Float(a8)
            return UInt32(clamp(v.x) * fa + 0.5) | UInt32(clamp(v.y) * fa + 0.5) << 8
                | UInt32(clamp(v.z) * fa + 0.5) << 16 | a8 << 24
        }
        for trial in 0..<200 {
            let count = 1 + Int(unit() * 6)
            var raw: [GradientColors.Stop] = []
            for k in 0..<count {
                let location = k > 0 && trial % 5 == 0 ? raw[k - 1].location : unit() * 1.2 - 0.1
                raw.append(.init(location: location, color: RGBA(r: unit() * 1.4 - 0.2, g: unit(), b: unit(),
                                                                 a: unit())))
            }
            let plain = GradientColors(raw)
            guard !plain.isEmpty else { continue }
            let n = [16, 32, 64, 100, 1024][trial % 5]
            let opacity = trial % 3 == 0 ? 1 : unit()
            let table = GradientTable.rgba8(plain, count: n, opacity: opacity)
            let stops = plain.stops
            func vector(_ c: RGBA) -> SIMD4<Float> { SIMD4(Float(c.r), Float(c.g), Float(c.b), Float(c.a)) }
            let o = Float(min(max(opacity, 0), 1))
            var expected = [UInt32](repeating: 0, count: n + 2)
            expected[0] = pack(vector(stops[0].color), o)
            expected[n + 1] = pack(vector(stops[stops.count - 1].color), o)
            var k = 0
            for i in 0..<n {
                let t = (Float(i) + 0.5) * (1 / Float(n))
                if t < Float(stops[0].location) { expected[i + 1] = expected[0]; continue }
                if t >= Float(stops[stops.count - 1].location) { expected[i + 1] = expected[n + 1]; continue }
                while k + 1 < stops.count && Float(stops[k + 1].location) <= t { k += 1 }
                let a = vector(stops[k].color), b = vector(stops[k + 1].color)
                let start = Float(stops[k].location), scale = 1 / (Float(stops[k + 1].location) - start)
                expected[i + 1] = pack(a + (b - a) * ((t - start) * scale), o)
            }
            #expect(table == expected, "trial \(trial)")
        }
    }

    @Test("linear-light interpolation is brighter in the middle than encoded interpolation")
    func linearInterpolation() {
        let encoded = GradientColors(stops([(0, Self.red), (1, Self.green)]))
        var linear = encoded
        linear.interpolation = .linear
        let e = encoded.color(at: 0.5), l = linear.color(at: 0.5)
        #expect(abs(e.r - 0.5) < 1e-9 && abs(e.g - 0.5) < 1e-9)
        // Half of each in linear light, encoded: ≈ 0.735.
        #expect(abs(l.r - ColorTransfer.encoded(0.5)) < 1e-9 && abs(l.g - ColorTransfer.encoded(0.5)) < 1e-9)
        let t8 = GradientTable.rgba8(linear, count: 32, opacity: 1)
        #expect(abs(Int(PremultipliedColor(packed: t8[17]).r) - 185) <= 3)
        // Oklab keeps the ends and stays within gamut here.
        var ok = encoded
        ok.interpolation = .perceptual
        let end = ok.color(at: 1)
        #expect(abs(end.g - 1) < 1e-6 && abs(end.r) < 1e-6)
    }

    @Test("table length grows with the on-screen length, 16…1024, powers of two")
    func tableLength() {
        #expect(GradientTable.count(forLength: 0) == 16)
        #expect(GradientTable.count(forLength: .nan) == 16)
        #expect(GradientTable.count(forLength: 20) == 64)
        #expect(GradientTable.count(forLength: 300) == 1024)
        #expect(GradientTable.count(forLength: .infinity) == 16)
        #expect(GradientTable.count(forLength: 1e12) == 1024)
    }

    func indices(_ s: GradientShader, x: Int, y: Int, n: Int) -> [Int32] {
        var out = [Int32](repeating: -1, count: n)
        out.withUnsafeMutableBufferPointer { s.indices(x: x, y: y, count: n, into: $0.baseAddress!) }
        return out
    }

    @Test("linear shader: pad, repeat and mirror along a horizontal axis")
    func linearShader() throws {
        // Axis from x = 0 to x = 8: pixel centre x + ½ has t = (x + ½)/8 (kept off
        // the table's entry boundaries).
        let geometry = GradientGeometry.linear(start: Point(0, 0), end: Point(8, 0))
        let pad = try #require(GradientShader(geometry, extend: .pad, gradientToDevice: .identity, tableCount: 100))
        // Index floor(t · 100) + 1; 0 before the gradient, 101 after it.
        #expect(indices(pad, x: -3, y: 7, n: 16) == [0, 0, 0, 7, 19, 32, 44, 57, 69, 82, 94, 101, 101, 101, 101, 101])
        let rep = try #require(GradientShader(geometry, extend: .repeat, gradientToDevice: .identity, tableCount: 100))
        #expect(indices(rep, x: 6, y: 0, n: 5) == [82, 94, 7, 19, 32])
        #expect(indices(rep, x: -2, y: 0, n: 2) == [82, 94])
        let mir = try #require(GradientShader(geometry, extend: .mirror, gradientToDevice: .identity, tableCount: 100))
        #expect(indices(mir, x: 6, y: 0, n: 5) == [82, 94, 94, 82, 69])
        #expect(indices(mir, x: -2, y: 0, n: 2) == [19, 7])
        // The same axis rotated 90° by the transform runs down the rows.
        let turned = try #require(GradientShader(geometry, extend: .pad, gradientToDevice: .rotation(.pi / 2),
                                                 tableCount: 100))
        #expect(indices(turned, x: -40, y: 3, n: 1) == [44])
    }

    @Test("radial shader: distance from the centre between the radii")
    func radialShader() throws {
        let s = try #require(GradientShader(.radial(center: Point(0.5, 0.5), startRadius: 2.25, endRadius: 12.25),
                                            extend: .pad, gradientToDevice: .identity, tableCount: 100))
        // Pixel (x, 0) has its centre at distance x from (0.5, 0.5): t = (x − 2.25)/10.
        #expect(indices(s, x: 0, y: 0, n: 14) == [0, 0, 0, 8, 18, 28, 38, 48, 58, 68, 78, 88, 98, 101])
    }

    @Test("conic shader: clockwise from the start angle (y down); partial turns fill their gap")
    func conicShader() throws {
        let full = try #require(GradientShader(.conic(center: Point(50, 50), startAngle: 0, endAngle: 2 * .pi),
                                               extend: .pad, gradientToDevice: .identity, tableCount: 360))
        // Right of the centre: 0°; below: 90°; left: 180°; above: 270°.
        func angleIndex(_ x: Int, _ y: Int) -> Int32 { indices(full, x: x, y: y, n: 1)[0] - 1 }
        #expect(abs(Int(angleIndex(90, 49)) - 0) <= 1 || angleIndex(90, 49) >= 358)
        #expect(abs(Int(angleIndex(49, 90)) - 90) <= 1)
        #expect(abs(Int(angleIndex(10, 49)) - 180) <= 1)
        #expect(abs(Int(angleIndex(49, 10)) - 270) <= 1)
        // From 0° to 90°: the gap (90°…360°) shows the end colour up to 225°, then the start.
        let part = try #require(GradientShader(.conic(center: Point(50, 50), startAngle: 0, endAngle: .pi / 2),
                                               extend: .pad, gradientToDevice: .identity, tableCount: 100))
        #expect(indices(part, x: 10, y: 49, n: 1)[0] == 101)      // 180°: exactly the end colour
        #expect(indices(part, x: 49, y: 10, n: 1)[0] == 0)        // 270°: exactly the start colour
        #expect(abs(Int(indices(part, x: 78, y: 78, n: 1)[0]) - 51) <= 1)    // 45°: halfway
    }

    @Test("rows 29, 32, 33: degenerate gradients paint nothing; huge values never trap")
    func degenerate() {
        #expect(GradientShader(.linear(start: Point(3, 3), end: Point(3, 3)), extend: .pad, gradientToDevice: .identity, tableCount: 32) == nil)
        #expect(GradientShader(.radial(center: .zero, startRadius: 5, endRadius: 5), extend: .pad, gradientToDevice: .identity, tableCount: 32) == nil)
        #expect(GradientShader(.radial(center: .zero, startRadius: -1, endRadius: 5), extend: .pad, gradientToDevice: .identity, tableCount: 32) == nil)
        #expect(GradientShader(.linear(start: Point(0, 0), end: Point(.nan, 0)), extend: .pad, gradientToDevice: .identity, tableCount: 32) == nil)
        #expect(GradientShader(.linear(start: Point(0, 0), end: Point(10, 0)), extend: .pad, gradientToDevice: .scale(0, 1), tableCount: 32) == nil)
        // Endpoints around ±1e10 under huge and tiny matrices: indices stay in range.
        let cases: [(GradientGeometry, Transform)] = [
            (.linear(start: Point(-1e10, 0), end: Point(1e10, 1)), .identity),
            (.linear(start: Point(0, 0), end: Point(1e-12, 0)), .scale(1e12, 1e12)),
            (.linear(start: Point(0, 0), end: Point(1e-300, 0)), .identity),
            (.radial(center: Point(1e10, -1e10), startRadius: 0, endRadius: 1e-9), .scale(1e-8, 1e-8)),
            (.conic(center: Point(1e15, 1e15), startAngle: 0, endAngle: 1e-9), .identity),
        ]
        for (g, t) in cases {
            for extend in [GradientExtend.pad, .repeat, .mirror] {
                guard let s = GradientShader(g, extend: extend, gradientToDevice: t, tableCount: 64) else { continue }
                let out = indices(s, x: -5000, y: 3000, n: 64)
                #expect(out.allSatisfy { $0 >= 0 && $0 < 66 })
            }
        }
    }

    @Test("the SIMD row kernels pick the same table entries as the shader's indices, at every level",
          arguments: Kernels.Level.allCases)
    func rowKernels(level: Kernels.Level) throws {
        try Kernels.withLevel(level) { _ in
            let count = 256
            let table = (0..<(count + 2)).map { UInt32($0) }      // entry i holds i
            let t = Transform(a: 1.3, b: 0.4, c: -0.2, d: 0.9, tx: 7, ty: -3)
            let geometries: [GradientGeometry] = [
                .linear(start: Point(10, 20), end: Point(90, 60)),
                .radial(center: Point(50, 40), startRadius: 5, endRadius: 45),
                .conic(center: Point(50, 40), startAngle: 0.3, endAngle: 0.3 + 2 * .pi),
                .conic(center: Point(50, 40), startAngle: 1, endAngle: 3),
                .conic(center: Point(50, 40), startAngle: 2, endAngle: -9),
            ]
            for g in geometries {
                for extend in [GradientExtend.pad, .repeat, .mirror] {
                    let shader = try #require(GradientShader(g, extend: extend, gradientToDevice: t, tableCount: count))
                    for y in stride(from: -20, to: 140, by: 7) {
                        let n = 61
                        var viaKernel = [UInt32](repeating: 0, count: n)
                        table.withUnsafeBufferPointer { tb in
                            viaKernel.withUnsafeMutableBufferPointer {
                                shader.shade(x: -15, y: y, count: n, table: tb.baseAddress!, into: $0.baseAddress!)
                            }
                        }
                        let viaSwift = indices(shader, x: -15, y: y, n: n)
                        var mismatches = 0
                        for i in 0..<n {
                            let a = Int(viaKernel[i]), b = Int(viaSwift[i])
                            // Rounding may move a pixel on an entry boundary (or on the
                            // wrap of a repeat) to the neighbouring entry.
                            if a != b {
                                mismatches += 1
                                let wrapped = min(abs(a - b), abs(abs(a - b) - count))
                                #expect(wrapped <= 1 || (a <= 1 && b >= count) || (b <= 1 && a >= count),
                                        "\(g) \(extend) y \(y) i \(i): \(a) vs \(b)")
                            }
                        }
                        #expect(mismatches <= 3)
                    }
                }
            }
        }
    }
}
