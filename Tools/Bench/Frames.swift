import Foundation
import OpenCanvas
import CanvasScenes
import CAllocationCounter

/// Whole frames of the gallery's animated scenes on an iPhone-sized screen
/// (402 × 874 points at 3×: 1206 × 2622 pixels) through `HeadlessHost`, each frame
/// one step of the scene's clock (1/60 s; the clock, which changes once a second,
/// one second). Prints the frame's median and minimum in ns (size column: the
/// pixel width; count: frames), then the same for its parts: `opencanvas-layout`
/// (views made and laid out), `opencanvas-record` (drawing recorded, canvas
/// renderers run), `opencanvas-raster` (pixels). A 60 Hz frame has 16.6 ms.
/// Then, from a second run of as many frames with the malloc counter on
/// (`Tools/AllocationCounter`, every thread's allocations): `opencanvas-allocations`
/// (heap blocks allocated per frame, median and minimum in the time columns),
/// `opencanvas-raster-allocations` (those made while rasterizing) and
/// `opencanvas-peak-bytes` (the most bytes a frame held above what was in use when
/// it began: its transient memory, the frame's pixels excluded when they are reused;
/// median and maximum).
@MainActor
func runFrameCells() {
    let key = "Frame/"
    let frames = max(5, Int(env["BENCH_FRAMES"] ?? "") ?? 60)
    // State-driven animations: the spring marker from its start (it springs across
    // at once), the bar chart from just before its data changes at 2 s.
    let cells: [(AnimatedScene, Double, Double)] = [
        (Scenes.particleField, 1.0 / 60, 0), (Scenes.analogClock, 1.0, 0), (Scenes.yearGridLive, 1.0 / 60, 0),
        (Scenes.springMarker, 1.0 / 60, 0), (Scenes.growingBars, 1.0 / 60, 1.95),
    ]
    for (scene, step, offset) in cells {
        if !filter.isEmpty && !(key + scene.name).contains(filter) { continue }
        let host = HeadlessHost(size: CGSize(width: 402, height: 874), scale: 3) { scene.view() }
        host.date = AnimatedScene.start
        _ = host.render()                                   // warm-up: fonts, caches
        if offset > 0 { host.advance(by: offset) }
        var total: [Double] = [], layout: [Double] = [], record: [Double] = [], raster: [Double] = []
        for _ in 0..<frames {
            host.date = host.date.addingTimeInterval(step)
            let t0 = now()
            _ = host.render()
            let t1 = now()
            total.append(t1 - t0)
            layout.append(host.frameTimings.layout * 1e9)
            record.append(host.frameTimings.record * 1e9)
            raster.append(host.frameTimings.raster * 1e9)
        }
        var allocations: [Double] = [], rasterAllocations: [Double] = [], peaks: [Double] = []
        var beforeRaster = AllocationCounts()
        host.willRasterize = { beforeRaster = allocation_counter_read() }
        for _ in 0..<frames {
            host.date = host.date.addingTimeInterval(step)
            beforeRaster = AllocationCounts()
            allocation_counter_start()
            _ = host.render()
            let counts = allocation_counter_read()
            allocation_counter_stop()
            allocations.append(Double(counts.allocations))
            rasterAllocations.append(Double(counts.allocations - beforeRaster.allocations))
            peaks.append(Double(counts.peakBytes))
        }
        host.willRasterize = nil
        for (engine, values) in [("opencanvas", total), ("opencanvas-layout", layout), ("opencanvas-record", record),
                                 ("opencanvas-raster", raster), ("opencanvas-allocations", allocations),
                                 ("opencanvas-raster-allocations", rasterAllocations)] {
            let sorted = values.sorted()
            print(String(format: "%@,Frame,%@,1206,%d,%.1f,%.1f,%016llx", engine, scene.name, frames,
                         sorted[sorted.count / 2], sorted[0], UInt64(0)))
        }
        let sortedPeaks = peaks.sorted()
        print(String(format: "opencanvas-peak-bytes,Frame,%@,1206,%d,%.0f,%.0f,%016llx", scene.name, frames,
                     sortedPeaks[sortedPeaks.count / 2], sortedPeaks[sortedPeaks.count - 1], UInt64(0)))
        fflush(nil)
    }
}
