import Testing
import Foundation
import Synchronization
@testable import CanvasPaint
import CanvasGeometry
import CanvasRaster
import CPixelKernels

/// The kernel tests' random pixels: a 64-bit linear congruential generator, and valid
/// premultiplied colours (each channel at most the alpha) drawn from it.
struct PixelRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt32 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt32(truncatingIfNeeded: state >> 32)
    }

    mutating func premultiplied(opaque: Bool = false) -> UInt32 {
        let p = next()
        let a = opaque ? 255 : p >> 24
        let c = PremultipliedColor(packed: p)
        return PremultipliedColor(r: UInt8(min(UInt32(c.r), a)), g: UInt8(min(UInt32(c.g), a)),
                                  b: UInt8(min(UInt32(c.b), a)), a: UInt8(a)).packed
    }
}

extension PixelRandom {
    /// Random spans on rows −1 … `height`, from a little left of the surface to a
    /// little right of it, with gaps of 0–5 pixels between them: constant (full or
    /// any) coverage or per-pixel coverage (a fifth of it 0, a fifth 255), each
    /// `length(&self)` pixels long.
    mutating func spans(width: Int, height: Int, length: (inout PixelRandom) -> Int) -> SpanBuffer {
        var spans = SpanBuffer()
        for row in -1...height {
            var x = Int(next() % 8) - 4
            while x < width + 4 {
                let n = length(&self)
                switch next() % 4 {
                case 0: spans.addConstant(x: x, y: row, length: n, alpha: 255)
                case 1: spans.addConstant(x: x, y: row, length: n, alpha: UInt8(truncatingIfNeeded: next()))
                default:
                    let m = spans.reserveMask(x: x, y: row, length: n)
                    for i in 0..<n {
                        let v = next() % 5
                        m[i] = v == 0 ? 0 : (v == 1 ? 255 : UInt8(truncatingIfNeeded: next()))
                    }
                }
                x += n + Int(next() % 6)
            }
        }
        return spans
    }
}

@Suite("Compositing kernels")
struct KernelTests {
    @Test("div255 rounds to nearest for every product of two bytes")
    func div255Exact() {
        for a in 0...255 { for b in 0...255 {
            let exact = (Double(a * b) / 255).rounded()
            #expect(Double(div255(UInt32(a * b))) == exact)
        } }
    }

    /// Every kernel level against the per-pixel reference, over random pixels and
    /// every span length up to 40 (so that all vector bodies and tails run).
    @Test("SIMD kernels equal the scalar reference at every level", arguments: Kernels.Level.allCases)
    func kernelsMatchReference(level: Kernels.Level) {
        Kernels.withLevel(level) { got in
            var rng = PixelRandom(seed: 12345 &+ UInt64(level.rawValue))
            func next() -> UInt32 { rng.next() }
            func premultiplied() -> UInt32 { rng.premultiplied() }
            for n in 1...40 {
                for _ in 0..<20 {
                    let color = premultiplied()
                    let dst = (0..<n).map { _ in premultiplied() }
                    let mask = (0..<n).map { i in i % 7 == 0 ? UInt8(0) : (i % 5 == 0 ? 255 : UInt8(truncatingIfNeeded: next())) }
                    var a = dst, b = dst
                    a.withUnsafeMutableBufferPointer { Kernels.sourceOver($0.baseAddress!, n, color) }
                    for i in 0..<n { #expect(a[i] == ReferenceKernels.sourceOver(dst[i], color), "level \(got) n \(n)") }
                    mask.withUnsafeBufferPointer { m in
                        b.withUnsafeMutableBufferPointer { Kernels.sourceOver($0.baseAddress!, mask: m.baseAddress!, n, color) }
                    }
                    for i in 0..<n {
                        #expect(b[i] == ReferenceKernels.sourceOver(dst[i], color, coverage: mask[i]), "level \(got) n \(n)")
                    }
                    var f = dst
                    f.withUnsafeMutableBufferPointer { Kernels.fill($0.baseAddress!, n, color) }
                    #expect(f.allSatisfy { $0 == color })
                }
            }
        }
    }

    /// The rectangle kernel (one call per box; narrow boxes as per-lane vectors at
    /// the AVX2 level) against the per-pixel reference: coverage `h(x)·v(y)` rounded
    /// to a byte, the colour stored where that is 255 and the colour is opaque,
    /// otherwise composited source over with the colour scaled by it.
    @Test("rectangle boxes equal the per-pixel reference at every level", arguments: Kernels.Level.allCases)
    func boxesMatchReference(level: Kernels.Level) throws {
        try Kernels.withLevel(level) { got in
            var rng = PixelRandom(seed: 777 &+ UInt64(level.rawValue))
            func unit() -> Double { Double(rng.next()) / Double(UInt32.max) }
            func premultiplied(opaque: Bool = false) -> UInt32 { rng.premultiplied(opaque: opaque) }
            let size = 96
            for trial in 0..<400 {
                // Widths 0.2 … 80 (both sides of the 64-pixel vector limit), on whole
                // pixels for a third of the boxes.
                let aligned = trial % 3 == 0
                var w = trial % 5 == 0 ? unit() * 2 : unit() * 80, h = unit() * 40
                var x = unit() * 10, y = unit() * 10
                if aligned { x = x.rounded(); y = y.rounded(); w = max(1, w.rounded()); h = max(1, h.rounded()) }
                let r = Rect(x: x, y: y, width: w, height: h)
                guard let box = PixelBox(r, clip: PixelRect(x0: 0, y0: 0, x1: size, y1: size), antialiased: true) else {
                    continue
                }
                let color = PremultipliedColor(packed: premultiplied(opaque: trial % 4 == 0))
                let pixmap = try Pixmap(width: size, height: size)
                for i in 0..<(size * size) { pixmap.pixels[i] = premultiplied() }
                let before = Array(UnsafeBufferPointer(start: pixmap.pixels, count: size * size))
                Compositor.fill(box, color: color, into: pixmap)
                func cover(_ x: Int, _ y: Int) -> Double {
                    guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
                    let hx = box.x1 - box.x0 == 1 ? box.firstColumn
                        : (x == box.x0 ? box.firstColumn : (x == box.x1 - 1 ? box.lastColumn : 1))
                    let vy = box.y1 - box.y0 == 1 ? box.firstRow
                        : (y == box.y0 ? box.firstRow : (y == box.y1 - 1 ? box.lastRow : 1))
                    return hx * vy
                }
                var wrong = 0
                for py in 0..<size { for px in 0..<size {
                    let i = py * size + px
                    let a = UInt8(min(max(cover(px, py), 0), 1) * 255 + 0.5)
                    let expected: UInt32
                    if a == 0 { expected = before[i] }
                    else if a == 255 && color.a == 255 { expected = color.packed }
                    else { expected = ReferenceKernels.sourceOver(before[i], color.scaled(by: a).packed) }
                    if pixmap.pixels[i] != expected { wrong += 1 }
                } }
                #expect(wrong == 0, "level \(got), box \(box): \(wrong) pixels differ")
            }
        }
    }

    /// The renderer's path for a solid rectangle on the pixel grid (no coverage
    /// worked out) against the general box it replaces, byte for byte: with and
    /// without anti-aliasing, opaque and translucent colours, every level. Rectangles
    /// off the grid or reaching outside the clip are not whole-pixel ones.
    @Test("whole-pixel rectangles equal their boxes at every level", arguments: Kernels.Level.allCases)
    func wholePixelRectsMatchBoxes(level: Kernels.Level) throws {
        try Kernels.withLevel(level) { got in
            var rng = PixelRandom(seed: 9090 &+ UInt64(level.rawValue))
            func unit() -> Double { Double(rng.next()) / Double(UInt32.max) }
            let size = 96
            let clip = PixelRect(x0: 0, y0: 0, x1: size, y1: size)
            var drawn = 0
            for trial in 0..<300 {
                let x = (unit() * 100 - 4).rounded(), y = (unit() * 100 - 4).rounded()
                let r = Rect(x: x, y: y, width: (unit() * 70).rounded(), height: (unit() * 30).rounded())
                let color = PremultipliedColor(packed: rng.premultiplied(opaque: trial % 3 == 0))
                guard let whole = RectCoverage.wholePixels(r, within: clip) else {
                    #expect(r.minX < 0 || r.minY < 0 || r.maxX > Double(size) || r.maxY > Double(size)
                            || r.width == 0 || r.height == 0, "\(r) should be whole pixels")
                    continue
                }
                #expect(whole == PixelRect(x0: Int(r.minX), y0: Int(r.minY), x1: Int(r.maxX), y1: Int(r.maxY)))
                for antialiased in [true, false] {
                    let box = try #require(PixelBox(r, clip: clip, antialiased: antialiased))
                    let a = try Pixmap(width: size, height: size), b = try Pixmap(width: size, height: size)
                    for i in 0..<(size * size) { let p = rng.premultiplied(); a.pixels[i] = p; b.pixels[i] = p }
                    Compositor.fill(whole, color: color, into: a)
                    Compositor.fill(box, color: color, into: b)
                    let same = (0..<(size * size)).allSatisfy { a.pixels[$0] == b.pixels[$0] }
                    #expect(same, "level \(got), \(r), antialiased \(antialiased)")
                }
                drawn += 1
            }
            #expect(drawn > 100)
            // Off the grid, not finite, or outside the clip: no whole-pixel rectangle.
            for r in [Rect(x: 0.5, y: 0, width: 4, height: 4), Rect(x: 0, y: 0, width: 4, height: 3.75),
                      Rect(x: -1, y: 0, width: 4, height: 4), Rect(x: 0, y: 0, width: 97, height: 4),
                      Rect(x: .nan, y: 0, width: 4, height: 4), Rect(x: 0, y: 0, width: .infinity, height: 4),
                      Rect(x: 2, y: 2, width: 0, height: 4)] {
                #expect(RectCoverage.wholePixels(r, within: clip) == nil, "\(r)")
            }
        }
    }

    @Test("a span is laid out as the kernels' oc_span")
    func spanLayout() {
        #expect(MemoryLayout<Span>.size == MemoryLayout<oc_span>.size)
        #expect(MemoryLayout<Span>.stride == MemoryLayout<oc_span>.stride)
        #expect(MemoryLayout<Span>.offset(of: \Span.x) == MemoryLayout<oc_span>.offset(of: \oc_span.x))
        #expect(MemoryLayout<Span>.offset(of: \Span.y) == MemoryLayout<oc_span>.offset(of: \oc_span.y))
        #expect(MemoryLayout<Span>.offset(of: \Span.length) == MemoryLayout<oc_span>.offset(of: \oc_span.length))
        #expect(MemoryLayout<Span>.offset(of: \Span.alpha) == MemoryLayout<oc_span>.offset(of: \oc_span.alpha))
        #expect(MemoryLayout<Span>.offset(of: \Span.maskOffset)
                == MemoryLayout<oc_span>.offset(of: \oc_span.mask_offset))
    }

    /// A shape's spans in one kernel call against compositing them pixel by pixel:
    /// constant and per-pixel spans of every length up to 40, some reaching past
    /// either side of the surface or lying on rows outside it (skipped).
    @Test("solid spans equal the per-pixel reference at every level", arguments: Kernels.Level.allCases)
    func spansMatchReference(level: Kernels.Level) throws {
        try Kernels.withLevel(level) { got in
            var rng = PixelRandom(seed: 4242 &+ UInt64(level.rawValue))
            func next() -> UInt32 { rng.next() }
            func premultiplied(opaque: Bool = false) -> UInt32 { rng.premultiplied(opaque: opaque) }
            let width = 48, height = 24
            for trial in 0..<60 {
                let color = PremultipliedColor(packed: premultiplied(opaque: trial % 3 == 0))
                let spans = rng.spans(width: width, height: height) { 1 + Int($0.next() % 40) }
                let pixmap = try Pixmap(width: width, height: height)
                for i in 0..<(width * height) { pixmap.pixels[i] = premultiplied() }
                var expected = Array(UnsafeBufferPointer(start: pixmap.pixels, count: width * height))
                for k in 0..<spans.spans.count {
                    let s = spans.spans[k]
                    guard s.y >= 0, Int(s.y) < height else { continue }
                    for i in 0..<Int(s.length) {
                        let x = Int(s.x) + i
                        guard x >= 0, x < width else { continue }
                        let a = s.isConstant ? s.alpha : spans.coverage[Int(s.maskOffset) + i]
                        let p = Int(s.y) * width + x
                        if a == 0 { continue }
                        expected[p] = a == 255 && color.a == 255
                            ? color.packed : ReferenceKernels.sourceOver(expected[p], color.scaled(by: a).packed)
                    }
                }
                Compositor.fill(spans, color: color, into: pixmap)
                var wrong = 0
                for i in 0..<(width * height) where pixmap.pixels[i] != expected[i] { wrong += 1 }
                #expect(wrong == 0, "level \(got), trial \(trial): \(wrong) pixels differ")
            }
        }
    }

    /// The gradient span kernel (one call per shape; runs of touching spans shaded
    /// once; short linear runs fused at the AVX2 level) against the row kernels of
    /// the same level and the per-pixel reference blend: each run, or span outside
    /// a run, shaded from its own start, 256 pixels at a time.
    @Test("gradient spans equal the row kernels and the per-pixel reference at every level",
          arguments: Kernels.Level.allCases)
    func gradientSpansMatchReference(level: Kernels.Level) throws {
        try Kernels.withLevel(level) { got in
            var rng = PixelRandom(seed: 777 &+ UInt64(level.rawValue))
            func next() -> UInt32 { rng.next() }
            let width = 300, height = 12
            let geometries: [GradientGeometry] = [
                .linear(start: Point(10, 2), end: Point(250, 9)),
                .linear(start: Point(40, 0), end: Point(60, 11)),
                .radial(center: Point(150, 6), startRadius: 3, endRadius: 90),
                .conic(center: Point(120, 5), startAngle: 0.3, endAngle: 4.5),
            ]
            for trial in 0..<48 {
                let geometry = geometries[trial % geometries.count]
                let extend: GradientExtend = [.pad, .repeat, .mirror][(trial / 4) % 3]
                guard let shader = GradientShader(geometry, extend: extend, gradientToDevice: .identity,
                                                  tableCount: 64) else { Issue.record("no shader"); return }
                let table = (0..<66).map { _ in rng.premultiplied() }
                // Short spans (fused at AVX2) and long ones (past a 256-pixel chunk).
                let spans = rng.spans(width: width, height: height) {
                    $0.next() % 3 == 0 ? 1 + Int($0.next() % 290) : 1 + Int($0.next() % 30)
                }
                let pixmap = try Pixmap(width: width, height: height)
                for i in 0..<(width * height) { pixmap.pixels[i] = rng.premultiplied() }
                var expected = Array(UnsafeBufferPointer(start: pixmap.pixels, count: width * height))
                // The kernel's pieces of work: a run of spans touching end to end on a
                // row, all inside the surface, up to 256 pixels in all (one span inside
                // the surface is a run of one), is shaded from its first pixel; any
                // other span is clipped and shaded from its own first pixel.
                var pieces: [(x: Int, y: Int, coverage: [UInt8])] = []
                var k = 0
                let count = spans.spans.count
                func coverage(_ s: Span) -> [UInt8] {
                    (0..<Int(s.length)).map { s.isConstant ? s.alpha : spans.coverage[Int(s.maskOffset) + $0] }
                }
                while k < count {
                    let s = spans.spans[k]
                    var end = Int(s.x) + Int(s.length)
                    if s.y >= 0, Int(s.y) < height, s.x >= 0, s.length > 0, s.length <= 256, end <= width {
                        var j = k + 1
                        while j < count, spans.spans[j].y == s.y, Int(spans.spans[j].x) == end, spans.spans[j].length > 0,
                              end + Int(spans.spans[j].length) <= width,
                              end + Int(spans.spans[j].length) - Int(s.x) <= 256 {
                            end += Int(spans.spans[j].length)
                            j += 1
                        }
                        pieces.append((Int(s.x), Int(s.y), (k..<j).flatMap { coverage(spans.spans[$0]) }))
                        k = j
                    } else {
                        if s.y >= 0, Int(s.y) < height, let (x0, n, skip) = s.clipped(toWidth: width) {
                            pieces.append((x0, Int(s.y), Array(coverage(s)[skip..<(skip + n)])))
                        }
                        k += 1
                    }
                }
                var row = [UInt32](repeating: 0, count: 256)
                for piece in pieces {
                    let n = piece.coverage.count
                    var off = 0
                    while off < n {
                        let m = min(256, n - off)
                        table.withUnsafeBufferPointer { t in
                            row.withUnsafeMutableBufferPointer {
                                shader.shade(x: piece.x + off, y: piece.y, count: m, table: t.baseAddress!,
                                             into: $0.baseAddress!)
                            }
                        }
                        for i in 0..<m {
                            let p = piece.y * width + piece.x + off + i
                            expected[p] = ReferenceKernels.sourceOver(expected[p], row[i], coverage: piece.coverage[off + i])
                        }
                        off += m
                    }
                }
                SpanCompositor().composite(spans, .gradient(shader, table: table), mode: .normal, into: pixmap)
                var wrong = 0
                for i in 0..<(width * height) where pixmap.pixels[i] != expected[i] { wrong += 1 }
                #expect(wrong == 0, "level \(got), trial \(trial): \(wrong) pixels differ")
            }
        }
    }

    /// A gradient-filled rectangle drawn from its separable coverage (one kernel call,
    /// no spans) against the same rectangle's spans through the span kernel: the
    /// same bytes at every level, for boxes up to 256 pixels wide (whose rows the
    /// span kernel shades as one run too). A quarter of the boxes are at most 26
    /// pixels wide: narrow linear boxes blend each row in one fused pass; a third are
    /// on whole pixels, whose full rows (wider boxes, AVX-512) are fused too.
    @Test("gradient boxes equal gradient spans at every level", arguments: Kernels.Level.allCases)
    func gradientBoxesMatchSpans(level: Kernels.Level) throws {
        try Kernels.withLevel(level) { got in
            var rng = PixelRandom(seed: 9090 &+ UInt64(level.rawValue))
            func unit() -> Double { Double(rng.next()) / Double(UInt32.max) }
            let width = 300, height = 40
            let clip = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
            for trial in 0..<80 {
                var r = Rect(x: unit() * 300 - 20, y: unit() * 40 - 5,
                             width: unit() * (trial % 4 == 0 ? 3 : trial % 4 == 1 ? 26 : 200),
                             height: unit() * (trial % 5 == 0 ? 2 : 30))
                // A third on whole pixels: wide ones take the sixteen-lane full rows.
                if trial % 3 == 1 {
                    r = Rect(x: r.minX.rounded(), y: r.minY.rounded(), width: max(1, r.width.rounded()),
                             height: max(1, r.height.rounded()))
                }
                let geometry: GradientGeometry = trial % 2 == 0
                    ? .linear(start: Point(unit() * 300, unit() * 40), end: Point(unit() * 300, unit() * 40))
                    : .radial(center: Point(unit() * 300, unit() * 40), startRadius: unit() * 5, endRadius: 10 + unit() * 100)
                let extend: GradientExtend = [.pad, .repeat, .mirror][trial % 3]
                guard let shader = GradientShader(geometry, extend: extend, gradientToDevice: .identity, tableCount: 128),
                      let box = PixelBox(r, clip: clip, antialiased: trial % 7 != 0) else { continue }
                let table = (0..<130).map { _ in rng.premultiplied() }
                let viaBox = try Pixmap(width: width, height: height), viaSpans = try Pixmap(width: width, height: height)
                for i in 0..<(width * height) { let p = rng.premultiplied(); viaBox.pixels[i] = p; viaSpans.pixels[i] = p }
                Compositor.fill(box, shader: shader, table: table, into: viaBox)
                var spans = SpanBuffer()
                RectCoverage.fill(r, clip: clip, antialiased: trial % 7 != 0, into: &spans)
                SpanCompositor().composite(spans, .gradient(shader, table: table), mode: .normal, into: viaSpans)
                var wrong = 0
                for i in 0..<(width * height) where viaBox.pixels[i] != viaSpans.pixels[i] { wrong += 1 }
                #expect(wrong == 0, "level \(got), trial \(trial): \(wrong) pixels differ")
            }
        }
    }

    @Test("the compositor's one-pixel blend equals the reference")
    func scalarBlend() {
        var state: UInt64 = 99
        for _ in 0..<100_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let s = UInt32(truncatingIfNeeded: state >> 32), d = UInt32(truncatingIfNeeded: state)
            let sa = s >> 24
            let src = PremultipliedColor(r: UInt8(min(s & 255, sa)), g: UInt8(min((s >> 8) & 255, sa)),
                                         b: UInt8(min((s >> 16) & 255, sa)), a: UInt8(sa)).packed
            #expect(Compositor.sourceOver(d, src) == ReferenceKernels.sourceOver(d, src))
        }
    }

    @Test("premultiplying 8-bit colours gives round(c · a / 255)")
    func premultiply() {
        for a in stride(from: 0, through: 255, by: 5) { for c in stride(from: 0, through: 255, by: 3) {
            let p = PremultipliedColor(red: Double(c) / 255, green: 0, blue: 1, alpha: Double(a) / 255)
            #expect(Int(p.r) == Int((Double(c * a) / 255).rounded()))
            #expect(Int(p.a) == a)
        } }
    }

    /// Regression: a one-pixel-wide, fully covered column was drawn as nothing.
    @Test("a rectangle box composites every pixel with its separable coverage, one-pixel boxes included")
    func boxFill() throws {
        let rects: [Rect] = [Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 3, y: 2, width: 1, height: 5),
                             Rect(x: 2, y: 4, width: 6, height: 1), Rect(x: 1.25, y: 1, width: 0.5, height: 3),
                             Rect(x: 1.5, y: 2.5, width: 4, height: 0.25), Rect(x: 0.5, y: 0.5, width: 7, height: 7)]
        for r in rects {
            let pixmap = try Pixmap(width: 10, height: 10)
            let box = try #require(PixelBox(r, clip: PixelRect(x0: 0, y0: 0, x1: 10, y1: 10), antialiased: true))
            Compositor.fill(box, color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), into: pixmap)
            for y in 0..<10 { for x in 0..<10 {
                let h = max(0, min(r.maxX, Double(x + 1)) - max(r.minX, Double(x)))
                let v = max(0, min(r.maxY, Double(y + 1)) - max(r.minY, Double(y)))
                let expected = (h * v * 255).rounded()
                #expect(abs(Double(pixmap.pixels[y * 10 + x] >> 24) - expected) <= 1, "\(r) at \(x), \(y)")
            } }
        }
    }
}

@Suite("Kernel levels are scoped to a thread")
struct KernelLevelScopeTests {
    @Test func aThreadsLevelDoesNotReachOtherThreads() {
        let process = Kernels.level
        Kernels.withLevel(.portable) { got in
            #expect(got == .portable)
            #expect(Kernels.level == .portable)
            // Another thread, meanwhile, runs at the process's level.
            let seen = Mutex<Kernels.Level?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                seen.withLock { $0 = Kernels.level }
                done.signal()
            }
            done.wait()
            #expect(seen.withLock { $0 } == process)
            // Nested scopes restore the outer one.
            Kernels.withLevel(.sse2) { _ in #expect(Kernels.level != .avx2) }
            #expect(Kernels.level == .portable)
        }
        #expect(Kernels.level == process)
    }
}
