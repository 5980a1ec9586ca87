import Foundation
import OpenCanvas
import CanvasPaint
import CanvasEffects

/// The "Blur1024" cells: a Gaussian blur of a 1024 × 1024 picture (the FillRectU
/// 64 Solid scene) at σ = 2, 10 and 50 px, printed as
/// `engine,Blur1024,Gaussian,σ,1,median_ns,min_ns,0`.
///
///   opencanvas         the public API: a blur filter on a fill with the picture as
///                      a tiled image (image shading, the filter, the composite)
///   opencanvas-engine  the filter alone: the 8-bit picture to a float plane, the
///                      blur, and back to 8 bits
@MainActor
func runBlurCells() {
    let key = "Blur1024/Gaussian"
    if !filter.isEmpty && !key.contains(filter) { return }
    if let styleFilter = env["BENCH_STYLES"], !styleFilter.split(separator: ",").contains("Gaussian") { return }
    let (shapes, _) = generate(.fillRectU, .solid, size: 64, count: 1250)
    let picture = Image(size: CGSize(width: canvasSize, height: canvasSize)) { c in
        drawPublic(&c, .fillRectU, .solid, shapes)
    }
    canvas.clear()
    canvas.draw { drawPublic(&$0, .fillRectU, .solid, shapes) }
    let pixels = canvas.pixmap
    let full = pixels.bounds
    for sigma in [2.0, 10, 50] {
        for engine in engines where engine == "opencanvas" || engine == "opencanvas-engine" {
            var times: [Double] = []
            for rep in 0...repeats {
                if engine == "opencanvas-engine" {
                    let t0 = now()
                    if let plane = Plane.from(pixels, rect: full, linearize: false),
                       let blurred = GaussianBlur.blur(plane, sigma: sigma, output: full) {
                        _ = blurred.pixmap8(encode: false)
                    }
                    let t1 = now()
                    if rep > 0 { times.append(t1 - t0) }
                } else {
                    canvas.clear()
                    let t0 = now()
                    canvas.draw { c in
                        c.addFilter(.blur(radius: sigma))
                        c.fill(Path(CGRect(x: 0, y: 0, width: canvasSize, height: canvasSize)), with: .tiledImage(picture))
                    }
                    let t1 = now()
                    if rep > 0 { times.append(t1 - t0) }
                }
            }
            times.sort()
            print(String(format: "%@,Blur1024,Gaussian,%d,1,%.1f,%.1f,%016llx", engine, Int(sigma),
                         times[times.count / 2], times[0], UInt64(0)))
            fflush(nil)
        }
    }
}
