// canvas-gallery: renders OpenCanvas's own example scenes to PNG files.
//
//   canvas-gallery [--output DIR] [--scale S] [--pdf] [--svg] [NAME ...]
//
// Writes DIR/NAME.png for every scene (or the named ones), the interactive scenes'
// steps as DIR/NAME-STEP.png with their accessibility readings in DIR/NAME-STEP.txt,
// plus DIR/index.md listing them, and says where. The default folder is ./gallery-output, the default scale 2.

import Foundation
import OpenCanvas
import OpenCanvasWindow
import CanvasScenes

var output = "gallery-output"
var scale: CGFloat = 2
var names: [String] = []
var export: String?
var live: String?
var seconds = 4.0
var fps = 30.0
var writePDF = false
var writeSVG = false
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
    case "--export":
        guard let v = args.popFirst() else {
            FileHandle.standardError.write(Data("--export needs an animated scene's name; try --list\n".utf8))
            exit(2)
        }
        export = v
    case "--live":
        guard let v = args.popFirst() else {
            FileHandle.standardError.write(Data("--live needs an animated scene's name; try --list\n".utf8))
            exit(2)
        }
        live = v
    case "--seconds":
        guard let v = args.popFirst(), let s = Double(v), s > 0, s.isFinite, s <= 3600 else {
            FileHandle.standardError.write(Data("--seconds needs a number of seconds (up to 3600)\n".utf8))
            exit(2)
        }
        seconds = s
    case "--fps":
        guard let v = args.popFirst(), let f = Double(v), f > 0, f <= 240 else {
            FileHandle.standardError.write(Data("--fps needs a frame rate (up to 240)\n".utf8))
            exit(2)
        }
        fps = f
    case "--pdf":
        writePDF = true
    case "--svg":
        writeSVG = true
    case "--list":
        for scene in Scenes.all { print("\(scene.name)\t\(scene.summary)") }
        for scene in Scenes.interactive { print("\(scene.name)\t\(scene.summary) (interactive: --live)") }
        for scene in Scenes.animated { print("\(scene.name)\t\(scene.summary) (animated: --live, --export)") }
        exit(0)
    case "--help", "-h":
        print("usage: canvas-gallery [--output DIR] [--scale S] [--pdf] [--svg] [--list] [NAME ...]")
        print("       (--pdf and --svg also write DIR/NAME.pdf and DIR/NAME.svg: the scene as vectors)")
        print("       canvas-gallery --export NAME [--seconds S] [--fps F] [--output DIR] [--scale S]")
        print("       canvas-gallery --live NAME      (an animated or interactive scene in a window on $DISPLAY;")
        print("                                        Escape closes it; its accessibility goes to AT-SPI)")
        exit(0)
    default:
        names.append(arg)
    }
}

// A live window on the X display; without one, the same scene goes to files.
// Interactive scenes open as they start, to be used (and read by a screen reader).
if let name = live, let scene = Scenes.interactiveNamed(name) {
    let shown: Bool = MainActor.assumeIsolated {
        guard let window = WindowHost(title: "OpenCanvas — \(name)", size: scene.size, content: { scene.view() }) else {
            return false
        }
        print("\(name): \(scene.summary). Escape or the close button ends it.")
        if window.publishesAccessibility { print("Its accessibility tree is on AT-SPI (Orca reads it).") }
        window.run()
        return true
    }
    if shown { exit(0) }
    FileHandle.standardError.write(Data("no X display to open; \(name) is interactive and has no animation to export\n".utf8))
    exit(1)
}
if let name = live {
    guard let scene = Scenes.animatedNamed(name) else {
        FileHandle.standardError.write(Data("unknown scene \(name) for --live; try --list\n".utf8))
        exit(2)
    }
    let shown: Bool = MainActor.assumeIsolated {
        guard let window = WindowHost(title: "OpenCanvas — \(name)", size: scene.size, content: { scene.view() }) else {
            return false
        }
        print("\(name): \(scene.summary). Escape or the close button ends it.")
        window.run()
        print("\(window.renderCount) frames shown")
        return true
    }
    if shown { exit(0) }
    let display = ProcessInfo.processInfo.environment["DISPLAY"].map { "DISPLAY=\($0) cannot be opened" } ?? "DISPLAY is not set"
    print("No X display (\(display)); rendering \(name) to files instead.")
    export = name
}

// An animation export: numbered PNGs, an animated PNG, and an MP4 when ffmpeg is there.
if let name = export {
    guard let scene = Scenes.animatedNamed(name) else {
        FileHandle.standardError.write(Data("unknown animated scene \(name); try --list\n".utf8))
        exit(2)
    }
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    let code: Int32 = MainActor.assumeIsolated {
        let host = HeadlessHost(size: scene.size, scale: scale) { scene.view() }
        host.date = AnimatedScene.start
        let bar = ProgressBar(title: scene.name)
        let frames = host.recordFrames(seconds: seconds, fps: fps) { bar.update($0, of: $1) }
        do {
            try AnimationExport.writePNGs(frames, to: folder.appendingPathComponent("\(name)-frames"))
            try AnimationExport.apngData(frames, fps: fps).write(to: folder.appendingPathComponent("\(name).png"))
            print("\(frames.count) frames: \(folder.path)/\(name)-frames/, \(folder.path)/\(name).png (animated PNG)")
            do {
                try AnimationExport.writeMP4(frames, fps: fps, to: folder.appendingPathComponent("\(name).mp4"))
                print("\(folder.path)/\(name).mp4")
            } catch {
                print("no MP4: \(error)")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            return 1
        }
    }
    exit(code)
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
        // The scene as vectors, when asked for: NAME.pdf, NAME.svg.
        var documents: [(String, () -> Data)] = []
        if writePDF { documents.append(("pdf", { scene.pdfData(title: scene.name) })) }
        if writeSVG { documents.append(("svg", { Data(scene.svgDocument(title: scene.name).utf8) })) }
        for (ext, make) in documents {
            let data = make()
            let documentFile = folder.appendingPathComponent("\(scene.name).\(ext)")
            do {
                try data.write(to: documentFile)
                print("\(documentFile.path)  \(data.count) bytes")
            } catch {
                FileHandle.standardError.write(Data("\(scene.name): \(error)\n".utf8))
                failures += 1
            }
        }
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
