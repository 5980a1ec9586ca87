/// The benchmark scenes of `../shared/bench/SCENES.md`, generated exactly as the C,
/// Rust and Python harnesses generate them (the scene hash proves it).

struct SplitMix64 {
    var state: UInt64
    mutating func u64() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func f64() -> Double { Double(u64() >> 11) * (1.0 / 9007199254740992.0) }
    mutating func u32() -> UInt32 { UInt32(truncatingIfNeeded: u64() >> 32) }
}

enum Test: String, CaseIterable {
    case fillRectA = "FillRectA", fillRectU = "FillRectU", fillRectRot = "FillRectRot"
    case fillRoundU = "FillRoundU", fillCircle = "FillCircle"
    case fillPolyNZ = "FillPolyNZi10", fillPolyEO = "FillPolyEOi10"
    case strokeW2 = "StrokePoly10W2", strokeW10 = "StrokePoly10W10"

    var isPolygon: Bool { [.fillPolyNZ, .fillPolyEO, .strokeW2, .strokeW10].contains(self) }

    /// The tests the extra gradient styles are measured on.
    static let extraTests: [Test] = [.fillRectU, .fillCircle, .fillPolyNZ]
}

enum Style: String, CaseIterable {
    case solid = "Solid", linear = "Linear"
    /// Our additions (not in SCENES.md): a radial gradient from the box's centre,
    /// radius 0 to half the box's width, and a conic gradient around the box's
    /// centre starting at 3 o'clock; the Linear style's colours and stops.
    case radial = "Radial", conic = "Conic"

    /// The styles of SCENES.md, drawn for every test.
    static let standard: [Style] = [.solid, .linear]
    /// The extra gradient styles, drawn for `extraTests`.
    static let extra: [Style] = [.radial, .conic]
}

/// One shape of a cell. Plain values (no arrays): the C and Rust harnesses read
/// their shapes from flat structs, and the loop over a cell's shapes should cost no
/// reference counting here either.
struct Shape {
    var x = 0.0, y = 0.0, w = 0.0, h = 0.0, r = 0.0, angle = 0.0
    var points = SIMD32<Double>()   // x0, y0, x1, y1, … (pointCount used)
    var pointCount = 0
    var colors = SIMD4<UInt32>()    // non-premultiplied 0xAARRGGBB (colorCount used)
    var colorCount = 0
}

let canvasSize = 1024.0
let sizes = [16, 64, 256]
let baseCounts = [20000, 5000, 1000]

/// Generates the shapes of one cell and its scene hash (FNV-1a over 64-bit words).
func generate(_ test: Test, _ style: Style, size s: Int, count n: Int) -> ([Shape], UInt64) {
    var C = SplitMix64(state: 0x19AE0DDAE3FA7391)
    var K = SplitMix64(state: 0x94BD7A499AD10011)
    var E = SplitMix64(state: 0x1ABD9CC9CAF0F123)
    let W = canvasSize, H = canvasSize, S = Double(s)
    var hash: UInt64 = 0xCBF29CE484222325
    func mix(_ w: UInt64) { hash = (hash ^ w) &* 0x100000001B3 }
    var shapes: [Shape] = []
    shapes.reserveCapacity(n)
    for i in 0..<n {
        var sh = Shape()
        switch test {
        case .fillRectA:
            sh.x = (C.f64() * (W - S)).rounded(.down)
            sh.y = (C.f64() * (H - S)).rounded(.down)
            sh.w = S; sh.h = S
        case .fillRectU, .fillRectRot, .fillCircle:
            sh.x = C.f64() * (W - S)
            sh.y = C.f64() * (H - S)
            sh.w = S; sh.h = S
            if test == .fillRectRot { sh.angle = Double(i) * 0.01 }
            if test == .fillCircle { sh.r = S * 0.5 }
        case .fillRoundU:
            let r = 4.0 + E.f64() * 36.0
            sh.x = C.f64() * (W - S)
            sh.y = C.f64() * (H - S)
            sh.w = S; sh.h = S
            sh.r = r < S * 0.5 ? r : S * 0.5
        default:
            sh.x = C.f64() * (W - S)
            sh.y = C.f64() * (H - S)
            sh.w = S; sh.h = S
            for _ in 0..<10 {
                let px = sh.x + C.f64() * S
                let py = sh.y + C.f64() * S
                sh.points[sh.pointCount] = px
                sh.points[sh.pointCount + 1] = py
                sh.pointCount += 2
            }
        }
        let colorCount = style == .solid ? 1 : 3
        for k in 0..<colorCount { sh.colors[k] = K.u32() }
        sh.colorCount = colorCount
        for v in [sh.x, sh.y, sh.w, sh.h, sh.r, sh.angle] { mix(v.bitPattern) }
        for k in 0..<sh.pointCount { mix(sh.points[k].bitPattern) }
        for k in 0..<sh.colorCount { mix(UInt64(sh.colors[k])) }
        shapes.append(sh)
    }
    return (shapes, hash)
}
