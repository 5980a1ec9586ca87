// canvas-bench: the raster-anchor scenes of ../shared/bench/SCENES.md, drawn by
// OpenCanvas, printing the same CSV lines as the Cairo, tiny-skia and Skia harnesses
// so that ../shared/bench/report.py merges them.
//
//   engine "opencanvas":        public API (Path, Color, GraphicsContext.fill/stroke,
//                               display list), flushed to pixels inside the timer
//   engine "opencanvas-engine": the same display items built directly (no public API)
//
// Knobs: BENCH_FILTER (substring of "Test/Style"), BENCH_COUNT_SCALE, BENCH_REPEATS,
// BENCH_SAVE_DIR (PNG of each 64-px canvas), BENCH_ENGINES (comma list; default both),
// BENCH_SIZES (comma list of sizes, for profiling one).
// Styles: Solid and Linear (a three-stop linear gradient per shape, SCENES.md §5) for
// every test; our Radial and Conic styles for FillRectU, FillCircle and FillPolyNZi10;
// then "Blur1024": a Gaussian blur of a 1024 × 1024 picture at σ = 2, 10 and 50 (the
// size column holds σ; one blur per "shape"). BENCH_STYLES restricts the styles
// (comma list, e.g. "Solid,Linear"); "Gaussian" names the blur cells.
// Last, "Text/Solid" (Text.swift): 2,000 labels of 12 characters in the system font
// (Inter) at 13 px, drawn and re-drawn through GraphicsContext.draw(Text, at:anchor:);
// size column 13, ns per label; its Cairo peer is Benchmarks/peers/cairo_text.c. Its
// extra engines: "opencanvas-record" (recording only) and "opencanvas-host" (the labels in
// a Canvas, one HeadlessHost frame per repetition, as users' frames run). Engines a cell
// does not know are skipped. With BENCH_FILTER=PathOps… only: path operations
// (PathOps.swift; Benchmarks/pathops.sh runs them against Skia's PathOps).

import Foundation
import OpenCanvas
import CanvasGeometry
import CanvasRender
import CanvasPaint
import CanvasCodecs

let env = ProcessInfo.processInfo.environment
let repeats = max(1, Int(env["BENCH_REPEATS"] ?? "") ?? 5)
let countScale = Double(env["BENCH_COUNT_SCALE"] ?? "") ?? 1
let filter = env["BENCH_FILTER"] ?? ""
let saveDir = env["BENCH_SAVE_DIR"]
let onlySizes = env["BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
let engines = (env["BENCH_ENGINES"] ?? "opencanvas,opencanvas-engine").split(separator: ",").map(String.init)

func color(_ c: UInt32) -> Color {
    Color(.sRGB, red: Double((c >> 16) & 255) / 255, green: Double((c >> 8) & 255) / 255,
          blue: Double(c & 255) / 255, opacity: Double(c >> 24) / 255)
}

func rgba(_ c: UInt32) -> RGBA {
    RGBA(r: Double((c >> 16) & 255) / 255, g: Double((c >> 8) & 255) / 255,
         b: Double(c & 255) / 255, a: Double(c >> 24) / 255)
}

let center = canvasSize / 2

/// The Linear style's gradient axis: from 20 % to 80 % of the shape's box.
func axis(_ sh: UnsafePointer<Shape>) -> (CGPoint, CGPoint) {
    (CGPoint(x: sh.pointee.x + 0.2 * sh.pointee.w, y: sh.pointee.y + 0.2 * sh.pointee.h), CGPoint(x: sh.pointee.x + 0.8 * sh.pointee.w, y: sh.pointee.y + 0.8 * sh.pointee.h))
}

/// The shading of a shape in a style, as a user would write it.
func shading(_ sh: UnsafePointer<Shape>, _ style: Style) -> GraphicsContext.Shading {
    switch style {
    case .solid:
        return .color(color(sh.pointee.colors[0]))
    case .linear, .radial, .conic:
        let gradient = Gradient(stops: [.init(color: color(sh.pointee.colors[0]), location: 0),
                                        .init(color: color(sh.pointee.colors[1]), location: 0.5),
                                        .init(color: color(sh.pointee.colors[2]), location: 1)])
        let center = CGPoint(x: sh.pointee.x + 0.5 * sh.pointee.w, y: sh.pointee.y + 0.5 * sh.pointee.h)
        switch style {
        case .radial: return .radialGradient(gradient, center: center, startRadius: 0, endRadius: 0.5 * sh.pointee.w)
        case .conic: return .conicGradient(gradient, center: center)
        default:
            let (start, end) = axis(sh)
            return .linearGradient(gradient, startPoint: start, endPoint: end)
        }
    }
}

/// The engine paint of a shape in a style.
func paint(_ sh: UnsafePointer<Shape>, _ style: Style) -> Paint {
    switch style {
    case .solid:
        return .solid(rgba(sh.pointee.colors[0]))
    case .linear, .radial, .conic:
        let colors = GradientColors([.init(location: 0, color: rgba(sh.pointee.colors[0])),
                                     .init(location: 0.5, color: rgba(sh.pointee.colors[1])),
                                     .init(location: 1, color: rgba(sh.pointee.colors[2]))])
        let center = Point(sh.pointee.x + 0.5 * sh.pointee.w, sh.pointee.y + 0.5 * sh.pointee.h)
        let geometry: GradientGeometry
        switch style {
        case .radial: geometry = .radial(center: center, startRadius: 0, endRadius: 0.5 * sh.pointee.w)
        case .conic: geometry = .conic(center: center, startAngle: 0, endAngle: 2 * .pi)
        default:
            let (start, end) = axis(sh)
            geometry = .linear(start: Point(start.x, start.y), end: Point(end.x, end.y))
        }
        return .gradient(GradientPaint(colors: colors, geometry: geometry))
    }
}

/// Draws the shapes through the public API, as a user would.
func drawPublic(_ context: inout GraphicsContext, _ test: Test, _ style: Style, _ shapes: [Shape]) {
    shapes.withUnsafeBufferPointer { drawPublic(&context, test, style, $0) }
}

/// The shapes are read in place, as the C and C++ peers read them (`const Shape&`):
/// a copy of each 344-byte shape is the harness's cost, not the engine's.
func drawPublic(_ context: inout GraphicsContext, _ test: Test, _ style: Style, _ shapes: UnsafeBufferPointer<Shape>) {
    guard let first = shapes.baseAddress else { return }
    for i in shapes.indices {
        let sh = first + i
        let shading = shading(sh, style)
        switch test {
        case .fillRectA, .fillRectU:
            context.fill(Path(CGRect(x: sh.pointee.x, y: sh.pointee.y, width: sh.pointee.w, height: sh.pointee.h)), with: shading)
        case .fillRectRot:
            var c = context
            c.translateBy(x: center, y: center)
            c.rotate(by: .radians(sh.pointee.angle))
            c.translateBy(x: -center, y: -center)
            c.fill(Path(CGRect(x: sh.pointee.x, y: sh.pointee.y, width: sh.pointee.w, height: sh.pointee.h)), with: shading)
        case .fillRoundU:
            context.fill(Path(roundedRect: CGRect(x: sh.pointee.x, y: sh.pointee.y, width: sh.pointee.w, height: sh.pointee.h),
                              cornerRadius: sh.pointee.r, style: .circular), with: shading)
        case .fillCircle:
            context.fill(Path(ellipseIn: CGRect(x: sh.pointee.x, y: sh.pointee.y, width: 2 * sh.pointee.r, height: 2 * sh.pointee.r)), with: shading)
        case .fillPolyNZ, .fillPolyEO:
            var p = Path()
            p.move(to: CGPoint(x: sh.pointee.points[0], y: sh.pointee.points[1]))
            for k in 1..<10 { p.addLine(to: CGPoint(x: sh.pointee.points[2 * k], y: sh.pointee.points[2 * k + 1])) }
            p.closeSubpath()
            context.fill(p, with: shading, style: FillStyle(eoFill: test == .fillPolyEO))
        case .strokeW2, .strokeW10:
            var p = Path()
            p.move(to: CGPoint(x: sh.pointee.points[0], y: sh.pointee.points[1]))
            for k in 1..<10 { p.addLine(to: CGPoint(x: sh.pointee.points[2 * k], y: sh.pointee.points[2 * k + 1])) }
            context.stroke(p, with: shading, style: StrokeStyle(lineWidth: test == .strokeW2 ? 2 : 10,
                                                                 lineCap: .butt, lineJoin: .round))
        }
    }
}

/// Builds the same display items directly.
func buildEngine(_ list: inout DisplayList, _ test: Test, _ style: Style, _ shapes: [Shape]) {
    shapes.withUnsafeBufferPointer { buildEngine(&list, test, style, $0) }
}

func buildEngine(_ list: inout DisplayList, _ test: Test, _ style: Style, _ shapes: UnsafeBufferPointer<Shape>) {
    guard let first = shapes.baseAddress else { return }
    for i in shapes.indices {
        let sh = first + i
        let paint = paint(sh, style)
        let box = CanvasGeometry.Rect(x: sh.pointee.x, y: sh.pointee.y, width: sh.pointee.w, height: sh.pointee.h)
        var transform = Transform.identity
        let geometry: Geometry
        var operation = DrawItem.Operation.fill(.nonZero, antialiased: true)
        switch test {
        case .fillRectA, .fillRectU:
            geometry = .rect(box)
        case .fillRectRot:
            geometry = .rect(box)
            transform = Transform.translation(-center, -center)
                .concatenating(.rotation(sh.pointee.angle)).concatenating(.translation(center, center))
        case .fillRoundU:
            geometry = .roundedRect(box, CornerRadii(uniform: sh.pointee.r, sh.pointee.r), .circular)
        case .fillCircle:
            geometry = .ellipse(box)
        case .fillPolyNZ, .fillPolyEO, .strokeW2, .strokeW10:
            var p = PathData()
            p.move(to: Point(sh.pointee.points[0], sh.pointee.points[1]))
            for k in 1..<10 { p.line(to: Point(sh.pointee.points[2 * k], sh.pointee.points[2 * k + 1])) }
            if test == .fillPolyNZ || test == .fillPolyEO {
                p.close()
                if test == .fillPolyEO { operation = .fill(.evenOdd, antialiased: true) }
            } else {
                operation = .stroke(StrokeParameters(width: test == .strokeW2 ? 2 : 10, cap: .butt, join: .round),
                                    antialiased: true)
            }
            geometry = .path(p)
        }
        list.append(DrawItem(geometry: geometry, transform: transform, operation: operation,
                                   paint: paint, clip: -1))
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) }

let canvas = try OffscreenCanvas(width: Int(canvasSize), height: Int(canvasSize))
var engineList = DisplayList()
FileHandle.standardError.write(Data("canvas-bench: kernels \(canvasKernelDescription())\n".utf8))

let styleFilter = env["BENCH_STYLES"].map { Set($0.split(separator: ",").map(String.init)) }
var cells: [(Test, Style)] = []
for test in Test.allCases { for style in Style.standard { cells.append((test, style)) } }
for test in Test.extraTests { for style in Style.extra { cells.append((test, style)) } }

for (test, style) in cells {
    let key = "\(test.rawValue)/\(style.rawValue)"
    if !filter.isEmpty && !key.contains(filter) { continue }
    if let styleFilter, !styleFilter.contains(style.rawValue) { continue }
    for (si, s) in sizes.enumerated() where onlySizes?.contains(s) ?? true {
        let n = max(1, Int(Double(baseCounts[si]) * countScale))
        let (shapes, hash) = generate(test, style, size: s, count: n)
        for engine in engines where engine == "opencanvas" || engine == "opencanvas-engine" {
            var times: [Double] = []
            for rep in 0...repeats {
                canvas.clear()
                let t0 = now()
                if engine == "opencanvas-engine" {
                    engineList.removeAll()
                    buildEngine(&engineList, test, style, shapes)
                    canvas.render(engineList)
                } else {
                    canvas.draw { drawPublic(&$0, test, style, shapes) }
                }
                let t1 = now()
                if rep > 0 { times.append((t1 - t0) / Double(n)) }
            }
            times.sort()
            if let dir = saveDir, s == 64 {
                let rgba = canvas.pixmap.unpremultipliedRGBA()
                if let png = try? PNGCodec.encode(rgba: rgba, width: canvas.pixmap.width, height: canvas.pixmap.height) {
                    try? Data(png).write(to: URL(fileURLWithPath: "\(dir)/\(engine)-\(test.rawValue)-\(style.rawValue)-64.png"))
                }
            }
            let line = String(format: "%@,%@,%@,%d,%d,%.1f,%.1f,%016llx", engine, test.rawValue, style.rawValue,
                              s, n, times[times.count / 2], times[0], hash)
            print(line)
            fflush(nil)
        }
    }
}

runBlurCells()
runTextCells()
MainActor.assumeIsolated { runFrameCells() }
runConcurrentCells()
runPathOpsCells()
