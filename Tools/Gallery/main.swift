// canvas-gallery: renders OpenCanvas's own example scenes to PNG files.
//
//   canvas-gallery [--output DIR] [--scale S] [NAME ...]
//
// Writes DIR/NAME.png for every scene (or the named ones), the interactive scenes'
// steps as DIR/NAME-STEP.png with their accessibility readings in DIR/NAME-STEP.txt,
// plus DIR/index.md listing them, and says where. The default folder is ./gallery-output, the default scale 2.

import Foundation
import OpenCanvas
import CanvasScenes

var output = "gallery-output"
var scale: CGFloat = 2
var names: [String] = []
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    switch arg {
    case "--output", "-o":
        guard let v = args.popFirst() else {
            FileHandle.standardError.write(Data("--output needs a folder\n".utf8))
            exit(2)
        }
        output = v
    case "--scale":
        guard let v = args.popFirst(), let s = Double(v), s > 0, s.isFinite else {
            FileHandle.standardError.write(Data("--scale needs a positive number\n".utf8))
            exit(2)
        }
        scale = CGFloat(s)
    case "--list":
        for scene in Scenes.all { print("\(scene.name)\t\(scene.summary)") }
        for scene in Scenes.interactive { print("\(scene.name)\t\(scene.summary) (interactive)") }
        exit(0)
    case "--help", "-h":
        print("usage: canvas-gallery [--output DIR] [--scale S] [--list] [NAME ...]")
        exit(0)
    default:
        names.append(arg)
    }
}

let selected = names.isEmpty ? Scenes.all : names.compactMap { name in
    if let s = Scenes.named(name) { return s }
    if !Scenes.interactive.contains(where: { $0.name == name }) {
        FileHandle.standardError.write(Data("unknown scene \(name); try --list\n".utf8))
    }
    return nil
}
let folder = URL(fileURLWithPath: output, isDirectory: true)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

var index = "# OpenCanvas gallery\n\nRendered at \(scale)× by `canvas-gallery`.\n\n"
var failures = 0
MainActor.assumeIsolated {
    for scene in selected {
        let start = Date()
        guard let image = scene.image(scale: scale), let png = image.pngData() else {
            FileHandle.standardError.write(Data("\(scene.name): could not render\n".utf8))
            failures += 1
            continue
        }
        let file = folder.appendingPathComponent("\(scene.name).png")
        do {
            try png.write(to: file)
        } catch {
            FileHandle.standardError.write(Data("\(scene.name): \(error)\n".utf8))
            failures += 1
            continue
        }
        let ms = Date().timeIntervalSince(start) * 1000
        print(String(format: "%@  %d×%d  %.1f ms  %@", file.path, image.width, image.height, ms, scene.summary))
        index += "## \(scene.name)\n\n\(scene.summary)\n\n![\(scene.name)](\(scene.name).png)\n\n"
    }
}
// Interactive scenes: each step's frame, and what a screen reader reads beside it.
var steps = 0
MainActor.assumeIsolated {
    for scene in Scenes.interactive where names.isEmpty || names.contains(scene.name) {
        index += "## \(scene.name) (interactive)\n\n\(scene.summary)\n\n"
        scene.run(scale) { step, image, reading in
            let base = "\(scene.name)-\(step)"
            guard let png = image.pngData() else { failures += 1; return }
            do {
                try png.write(to: folder.appendingPathComponent("\(base).png"))
                try (reading.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("\(base).txt"),
                                                                    atomically: true, encoding: .utf8)
            } catch {
                failures += 1
                return
            }
            steps += 1
            print("\(folder.appendingPathComponent(base).path).png  \(reading.joined(separator: " | "))")
            index += "![\(base)](\(base).png)\n\n" + reading.map { "> \($0)\n" }.joined() + "\n"
        }
    }
}
try index.write(to: folder.appendingPathComponent("index.md"), atomically: true, encoding: .utf8)
print("Wrote \(selected.count) scene(s) and \(steps) interactive frame(s) to \(folder.path)")
exit(failures == 0 ? 0 : 1)
