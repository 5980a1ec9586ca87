import Testing
import Foundation
import OpenCanvas
import CanvasScenes
import RenderTesting

/// Every gallery scene against its reference image (rendered at 2×, tolerance 2/255
/// per channel; see `ReferenceImage`).
@MainActor
@Suite("Gallery scenes match their reference images")
struct SceneReferenceTests {
    @Test("scene", arguments: Scenes.all.map(\.name))
    func scene(_ name: String) throws {
        let scene = try #require(Scenes.named(name))
        let image = try #require(scene.image(scale: 2))
        #expect(image.width == Int(scene.size.width * 2))
        #expect(image.height == Int(scene.size.height * 2))
        try ReferenceImage.check(image, named: "scene-\(name)")
    }
}

/// The interactive scenes: every step's reading, and the last frame against its
/// reference image.
@MainActor
@Suite("Interactive scenes")
struct InteractiveSceneTests {
    @Test("tap-marks and drag-node step by step")
    func steps() throws {
        var readings: [String: [String]] = [:]
        var last: [String: CGImage] = [:]
        for scene in [Scenes.tapMarks, Scenes.dragNode] {
            scene.run(2) { step, image, reading in
                readings["\(scene.name)/\(step)"] = reading
                last[scene.name] = image
            }
        }
        #expect(readings["tap-marks/0-start"] == ["Marks, 0 marks"])
        #expect(readings["tap-marks/3-tap"] == ["Marks, 3 marks"])
        #expect(readings["drag-node/0-start"] == ["Graph", "Node 1", "Node 2", "Moving node, at 120, 40"])
        #expect(readings["drag-node/1-dragged"] == ["Graph", "Node 1", "Node 2", "Moving node, at 200, 120"])
        for (name, image) in last { try ReferenceImage.check(image, named: "interactive-\(name)") }
    }
}

/// Exact pixel probes of the README example, whose colours are known exactly.
@MainActor
@Suite("Pixel probes")
struct PixelProbeTests {
    @Test("the README example: clip, copy, rotation, translucency")
    func helloCanvas() throws {
        let image = try #require(Scenes.helloCanvas.image(scale: 2))
        #expect(image.width == 480 && image.height == 320)
        // Inside the clipped ellipse, left half: system blue, opaque.
        let blue = image.pixel(x: 10, y: 160)
        #expect(blue.red == 0 && blue.green == 122 && blue.blue == 255 && blue.alpha == 255)
        // Right half: the copy's clip kept the ellipse out; the original context was
        // not clipped. (400, 60) is outside the bar: transparent.
        #expect(image.pixel(x: 400, y: 60).alpha == 0)
        // On the bar, right of the ellipse (its centre is at (240, 160) in pixels; it
        // runs 30° clockwise): orange at 80 % over transparent.
        let bar = image.pixel(x: 300, y: 195)
        #expect(bar.alpha == 204)
        #expect(bar.red == 255 && bar.green == 149 && bar.blue == 0)
        // On the bar over the blue half: orange at 0.8 over blue.
        let mixed = image.premultipliedPixel(x: 180, y: 125)
        #expect(mixed.alpha == 255)
        #expect(abs(Int(mixed.red) - 204) <= 1)         // 255·0.8 + 0·0.2
        #expect(abs(Int(mixed.green) - 144) <= 1)       // 149·0.8 + 122·0.2
        #expect(abs(Int(mixed.blue) - 51) <= 1)         // 0·0.8 + 255·0.2
    }

    @Test("fill rules decide the star's centre")
    func starCentre() throws {
        let image = try #require(Scenes.starFillRules.image(scale: 1))
        let nonZero = image.pixel(x: 80, y: 78), evenOdd = image.pixel(x: 240, y: 78)
        #expect(nonZero.alpha == 255 && nonZero.red == 88 && nonZero.green == 86 && nonZero.blue == 214)
        #expect(evenOdd.alpha == 0)
        // A point of the star is filled under both rules.
        #expect(image.pixel(x: 80, y: 30).alpha == 255)
        #expect(image.pixel(x: 240, y: 30).alpha == 255)
    }

    @Test("path operations: the lens is filled by intersection, empty in the symmetric difference")
    func pathOperationLens() throws {
        let image = try #require(Scenes.pathOperations.image(scale: 1))
        // Each cell's square spans x + 12…62, y 16…66, its circle x + 34…80, y 34…80;
        // (x + 48, 50) is inside both, 11 pt from every edge.
        let intersection = image.pixel(x: 90 + 48, y: 50)
        #expect(intersection.alpha == 255 && intersection.red == 175 && intersection.green == 82 && intersection.blue == 222)
        #expect(image.pixel(x: 270 + 48, y: 50).alpha == 0)          // symmetric difference
        #expect(image.pixel(x: 0 + 48, y: 50).alpha == 255)          // union
        #expect(image.pixel(x: 180 + 48, y: 50).alpha == 0)          // subtracting
        #expect(image.pixel(x: 180 + 20, y: 24).alpha == 255)
    }
}

/// The app scenes: the world clock app and the control panel, every step's
/// reading and picture (light and dark) against references.
@MainActor
@Suite("App scenes")
struct AppSceneTests {
    func run(_ scene: InteractiveScene) -> [(String, CGImage, [String])] {
        var steps: [(String, CGImage, [String])] = []
        scene.run(1) { steps.append(($0, $1, $2)) }
        return steps
    }

    @Test func theWorldClockAppListsPushesGoesBackAndAdds() throws {
        let steps = run(Scenes.worldClockApp)
        #expect(steps.map(\.0) == ["0-list-light", "1-detail-light", "2-back-light", "3-added-light",
                                   "0-list-dark", "1-detail-dark", "2-back-dark", "3-added-dark"])
        let list = steps[0].2
        #expect(list == ["Add city, Button", "World Clock, Heading", "Lisbon, 14:37, Daytime, Button",
                         "New York, 09:37, Daytime, Button", "Tokyo, 23:37, Night, Button",
                         "Sydney, 01:37, Night, Button"])
        #expect(steps[1].2 == ["World Clock, Button", "Tokyo, Heading", "Clock", "23:37", "Night", "Night"])
        #expect(steps[2].2 == list)
        #expect(steps[3].2.last == "Reykjavík, 14:37, Daytime, Button")
        #expect(steps[4].2 == list)
        for (name, image, _) in steps { try ReferenceImage.check(image, named: "app-world-clock-\(name)") }
    }

    @Test func theControlPanelTunesItsCanvas() throws {
        let steps = run(Scenes.controlPanel)
        #expect(steps[0].2 == ["Ring of circles", "Circle, Selected, Button", "Square, Button", "Star, Button",
                               "Size, 40%, Adjustable", "Turn, 0%, Adjustable", "Grid, off, Switch button"])
        #expect(steps[1].2.prefix(2) == ["Ring of stars", "Circle, Button"])
        #expect(steps[2].2[4] != "Size, 40%, Adjustable")
        #expect(steps[3].2.last == "Grid, on, Switch button")
        // Each step changed the picture.
        for i in 1..<4 { #expect(steps[i].1.rgbaBytes() != steps[i - 1].1.rgbaBytes()) }
        for (name, image, _) in steps { try ReferenceImage.check(image, named: "app-control-panel-\(name)") }
    }
}
