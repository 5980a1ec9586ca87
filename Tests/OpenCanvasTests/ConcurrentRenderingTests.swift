import Testing
import Foundation
import OpenCanvas
import CanvasScenes

/// Rendering off the main actor: a `GraphicsContext` closure recorded and
/// rasterized in several tasks at once gives the same bytes as on the main
/// actor; a view recorded by `ImageRenderer` is rasterized in another task.
@Suite("Rendering from any thread or task")
struct ConcurrentRenderingTests {
    static func draw(_ context: inout GraphicsContext) {
        context.fill(Path(roundedRect: CGRect(x: 10, y: 10, width: 180, height: 80), cornerRadius: 12),
                     with: .linearGradient(Gradient(colors: [.blue, .mint]), startPoint: .zero,
                                           endPoint: CGPoint(x: 200, y: 100)))
        var blurred = context
        blurred.addFilter(.blur(radius: 3))
        blurred.fill(Path(ellipseIn: CGRect(x: 120, y: 20, width: 50, height: 50)), with: .color(.orange))
        context.draw(Text("Server-side").font(.headline), at: CGPoint(x: 70, y: 50))
        context.draw(Image(size: CGSize(width: 20, height: 20)) { c in
            c.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.red))
        }, at: CGPoint(x: 30, y: 80))
    }

    @Test func tasksRenderTheSameBytesAsOneThread() async throws {
        let reference = try #require(GraphicsContext.image(size: CGSize(width: 200, height: 100), scale: 2, Self.draw))
        let bytes = reference.rgbaBytes()
        let results = await withTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    GraphicsContext.image(size: CGSize(width: 200, height: 100), scale: 2, Self.draw)?.rgbaBytes()
                }
            }
            var all: [[UInt8]?] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == bytes })
        // Not blank: the gradient's blue at the left.
        #expect(reference.pixel(x: 30, y: 60).blue > 150)
    }

    /// Every drawn gallery scene — gradients of every kind, text in many scripts and
    /// fonts, images, filters, shadows, layers, clip layers, blend modes, strokes and
    /// dashes, path operations — rendered in eight tasks at once, each task starting
    /// at another scene so that different drawings run side by side, gives the bytes
    /// of rendering the scenes one after another on one thread.
    /// (The serial pass runs on the main actor: a scene's resources made once, such
    /// as the photographs' decoded image, are made there first.)
    @MainActor @Test func everyGalleryDrawingRendersTheSameInEightTasksAtOnce() async throws {
        let scenes = Scenes.all.filter { $0.content == nil }
        #expect(scenes.count > 20)
        let serial = scenes.map(Self.render)
        #expect(serial.allSatisfy { $0 != nil })
        let results = await withTaskGroup(of: [(Int, [UInt8]?)].self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<scenes.count).map { k in
                        let i = (k + task * 3) % scenes.count
                        return (i, Self.render(scenes[i]))
                    }
                }
            }
            var all: [[(Int, [UInt8]?)]] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        for task in results {
            for (i, bytes) in task where bytes != serial[i] {
                Issue.record("\(scenes[i].name): rendered in a task differs from the serial render")
            }
        }
    }

    nonisolated static func render(_ s: Scene) -> [UInt8]? {
        GraphicsContext.image(size: s.size, scale: 1) { c in s.draw(&c, s.size) }?.rgbaBytes()
    }

    @Test func aRecordingIsRasterizedElsewhere() async throws {
        let drawing = GraphicsContext.record(size: CGSize(width: 200, height: 100), colorScheme: .dark, Self.draw)
        let there = await Task.detached { drawing.cgImage(scale: 1)?.rgbaBytes() }.value
        #expect(there == drawing.cgImage(scale: 1)?.rgbaBytes())
        _ = drawing.cgImage(scale: CGFloat.nan)                    // a bad scale does not trap
        #expect(GraphicsContext.image(size: CGSize(width: -1, height: CGFloat.nan), Self.draw) == nil)
    }

    @MainActor @Test func aViewRecordedOnTheMainActorIsRasterizedInATask() async throws {
        let renderer = ImageRenderer(content: Text("Hello").padding().background(Color.yellow))
        let direct = try #require(renderer.cgImage)
        let recording = renderer.recording
        let elsewhere = await Task.detached { recording.cgImage(scale: 1) }.value
        #expect(elsewhere?.rgbaBytes() == direct.rgbaBytes())
    }
}
