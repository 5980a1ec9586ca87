import Foundation
import Observation
import OpenCanvas
import CanvasPaint
import CanvasCodecs

/// The text cell, "Text/Solid": labels drawn and re-drawn, printed as
/// `opencanvas,Text,Solid,13,2000,median_ns,min_ns,hash` (ns per label). Its Cairo peer
/// is Benchmarks/peers/cairo_text.c; both define the cell exactly like this:
///
/// - Canvas 1024 × 1024 px, premultiplied, cleared to transparent before every
///   repetition (the clear is outside the timer).
/// - 2,000 labels of 12 characters (BENCH_COUNT_SCALE does not apply). RNG: SplitMix64
///   (scenes.h's sc_u64 / sc_f64 / sc_u32) seeded with state 0x54455854 ("TEXT"). For
///   each label in order: 12 characters, each `alphabet[u32 % 63]` with alphabet =
///   "A–Z a–z 0–9" followed by a space (63 characters); then the baseline origin
///   x = f64 × 900, y = 16 + f64 × 1000; then the colour 0xFF000000 | (u32 & 0xFFFFFF)
///   (opaque ARGB).
/// - Scene hash: FNV-1a style as scenes.h (offset basis 0xCBF29CE484222325), per label:
///   each of its 12 bytes as one word, the bit patterns of x then y, the colour.
/// - Font: Inter (the system font where `fonts-inter` is installed), regular, upright,
///   13 px (1 pt = 1 px), grayscale antialiasing, unhinted outlines. Cairo: Inter through
///   fontconfig and FreeType, CAIRO_HINT_STYLE_NONE, hint metrics off.
/// - Each label drawn with a solid colour, source-over.
/// - Timing: one warm-up repetition (it fills the glyph caches: "drawn and re-drawn"),
///   then BENCH_REPEATS timed repetitions, each drawing all 2,000 labels (for us: the
///   whole `canvas.draw`, recording and rasterizing); median and minimum ns per label.
///   BENCH_SAVE_DIR: PNG of the last canvas, opencanvas-Text-Solid-13.png.
///
/// Only the engine "opencanvas" (the public API, as a user writes it) runs this cell.
enum TextCell {
    static let count = 2000
    static let length = 12
    static let size = 13      // px
    static let seed: UInt64 = 0x54455854
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ".utf8)

    struct Label {
        var text: String
        var x: Double      // baseline origin
        var y: Double
        var color: UInt32  // opaque 0xAARRGGBB
    }

    /// The labels of the cell and its scene hash.
    static func generate() -> ([Label], UInt64) {
        precondition(alphabet.count == 63)
        var rng = SplitMix64(state: seed)
        var hash: UInt64 = 0xCBF29CE484222325
        func mix(_ w: UInt64) { hash = (hash ^ w) &* 0x100000001B3 }
        var labels: [Label] = []
        labels.reserveCapacity(count)
        for _ in 0..<count {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for _ in 0..<length { bytes.append(alphabet[Int(rng.u32() % 63)]) }
            let x = rng.f64() * 900
            let y = 16 + rng.f64() * 1000
            let c: UInt32 = 0xFF00_0000 | (rng.u32() & 0x00FF_FFFF)
            for b in bytes { mix(UInt64(b)) }
            mix(x.bitPattern)
            mix(y.bitPattern)
            mix(UInt64(c))
            labels.append(Label(text: String(decoding: bytes, as: UTF8.self), x: x, y: y, color: c))
        }
        return (labels, hash)
    }
}

/// What the host's text cell changes to make a new frame.
@Observable final class FrameCounter {
    var count = 0
}

@MainActor
func runTextCells() {
    let key = "Text/Solid"
    if !filter.isEmpty && !key.contains(filter) { return }
    if let styleFilter = env["BENCH_STYLES"], !styleFilter.split(separator: ",").contains("Solid") { return }
    let (labels, hash) = TextCell.generate()
    let n = labels.count
    /// `inverted` draws each label in its colour's complement: the host's frames
    /// alternate the two, so that every label is redrawn in every frame.
    func drawLabels(_ ctx: inout GraphicsContext, inverted: Bool = false) {
            for label in labels {
                // Our API places a text by an anchor in its box, not by its baseline. The
                // label's top goes 13 px above the baseline point: with Inter the top of
                // the line box is 12.59 px above the baseline (typographic ascender
                // 2728/2816 em, no line gap), so our baselines sit 0.41 px above Cairo's.
                // The cost is the same, and the cost is what the cell measures.
                let text = Text(verbatim: label.text)
                    .font(.system(size: CGFloat(TextCell.size)))
                    .foregroundColor(color(inverted ? label.color ^ 0x00FF_FFFF : label.color))
                ctx.draw(text, at: CGPoint(x: label.x, y: label.y - Double(TextCell.size)), anchor: .topLeading)
            }
    }
    // "opencanvas-engine": the labels recorded once (resolved, laid out, glyph runs
    // made), then only rasterized and composited each repetition.
    if engines.contains("opencanvas-engine") {
        let list = canvas.record { drawLabels(&$0) }
        var times: [Double] = []
        for rep in 0...repeats {
            canvas.clear()
            let t0 = now()
            canvas.render(list)
            let t1 = now()
            if rep > 0 { times.append((t1 - t0) / Double(n)) }
        }
        times.sort()
        print(String(format: "opencanvas-engine,Text,Solid,%d,%d,%.1f,%.1f,%016llx", TextCell.size, n,
                     times[times.count / 2], times[0], hash))
    }
    // "opencanvas-record": the public API's share without rasterizing (texts built,
    // resolved, laid out or found in the layout cache, recorded).
    if engines.contains("opencanvas-record") {
        var times: [Double] = []
        for rep in 0...repeats {
            let t0 = now()
            _ = canvas.record { drawLabels(&$0) }
            let t1 = now()
            if rep > 0 { times.append((t1 - t0) / Double(n)) }
        }
        times.sort()
        print(String(format: "opencanvas-record,Text,Solid,%d,%d,%.1f,%.1f,%016llx", TextCell.size, n,
                     times[times.count / 2], times[0], hash))
    }
    // "opencanvas-host": the labels in a `Canvas` shown by a `HeadlessHost`, one
    // frame per repetition (the canvas reads a counter that each repetition bumps):
    // what a user's frames cost, renderer and glyph cache kept as the host keeps them.
    // Each frame draws every label in the other of its two colours, so the host's
    // damage tracking cannot skip them: every label is rasterized in every frame,
    // as Cairo's are (the same labels in the same colours each frame would cost
    // recording and comparing only).
    if engines.contains("opencanvas-host") {
        let frame = FrameCounter()
        let host = HeadlessHost(size: CGSize(width: 1024, height: 1024)) {
            Canvas { ctx, _ in
                drawLabels(&ctx, inverted: frame.count & 1 == 1)
            }
        }
        var times: [Double] = []
        for rep in 0...repeats {
            frame.count = rep
            let t0 = now()
            _ = host.render()
            let t1 = now()
            if rep > 0 { times.append((t1 - t0) / Double(n)) }
        }
        if env["BENCH_FRAMES_LOG"] != nil { print(times.map { String(Int($0)) }.joined(separator: " ")) }
        times.sort()
        print(String(format: "opencanvas-host,Text,Solid,%d,%d,%.1f,%.1f,%016llx", TextCell.size, n,
                     times[times.count / 2], times[0], hash))
    }
    guard engines.contains("opencanvas") else { return }
    var times: [Double] = []
    for rep in 0...repeats {
        canvas.clear()
        let t0 = now()
        canvas.draw { drawLabels(&$0) }
        let t1 = now()
        if rep > 0 { times.append((t1 - t0) / Double(n)) }
    }
    times.sort()
    if let dir = saveDir {
        let rgba = canvas.pixmap.unpremultipliedRGBA()
        if let png = try? PNGCodec.encode(rgba: rgba, width: canvas.pixmap.width, height: canvas.pixmap.height) {
            try? Data(png).write(to: URL(fileURLWithPath: "\(dir)/opencanvas-Text-Solid-13.png"))
        }
    }
    print(String(format: "opencanvas,Text,Solid,%d,%d,%.1f,%.1f,%016llx", TextCell.size, n,
                 times[times.count / 2], times[0], hash))
    fflush(nil)
}
