import Testing
import Foundation
import OpenCanvas
import CanvasCodecs

/// The export formats read back by tools that are not ours: the MP4 by ffprobe
/// and ffmpeg, the animated PNG by Pillow (Debian's python3-pil). CI installs
/// both (Scripts/install-dependencies.sh); without them these tests fail saying so.
@MainActor @Suite("Exported animations, read back by other decoders")
struct ExportFormatTests {
    /// Ten frames of a square moving right, its colour changing, over a white
    /// background: 64 × 48 pixels (even, as H.264's 4:2:0 wants).
    static func frames() -> [CGImage] {
        (0..<10).map { i in
            let view = Canvas { context, size in
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
                context.fill(Path(CGRect(x: 4 + Double(i) * 4, y: 12, width: 20, height: 24)),
                             with: .color(Color(red: Double(i) / 9, green: 0.2, blue: 1 - Double(i) / 9)))
            }
            .frame(width: 64, height: 48)
            return ImageRenderer(content: view).cgImage!
        }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("oc-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theMP4IsWhatFfprobeAndFfmpegSee() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = Self.frames()
        let mp4 = folder.appendingPathComponent("square.mp4")
        try AnimationExport.writeMP4(frames, fps: 10, to: mp4)

        let probe = try Self.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames",
                                             "-show_entries", "stream=codec_name,width,height,nb_read_frames,avg_frame_rate",
                                             "-show_entries", "format=duration", "-of", "json", mp4.path])
        try #require(probe.status == 0, "ffprobe is missing or failed: apt-get install ffmpeg")
        let json = try #require(try JSONSerialization.jsonObject(with: probe.output) as? [String: Any])
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "h264")
        #expect(stream["width"] as? Int == 64 && stream["height"] as? Int == 48)
        #expect(stream["nb_read_frames"] as? String == "10")
        #expect(stream["avg_frame_rate"] as? String == "10/1")
        let duration = Double((json["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 1.0) < 0.05)

        // Frame 6, decoded by ffmpeg, is the PNG of frame 6 within H.264's loss:
        // on average within 3/255, and the square's colour within 12 at its centre.
        let decoded = folder.appendingPathComponent("frame6.png")
        let extract = try Self.run("ffmpeg", ["-v", "error", "-i", mp4.path, "-vf", "select=eq(n\\,6)", "-vframes", "1",
                                              decoded.path])
        try #require(extract.status == 0)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: decoded)))
        #expect(image.width == 64 && image.height == 48)
        let expected = frames[6].rgbaBytes()
        var total = 0
        for i in stride(from: 0, to: expected.count, by: 4) {
            for c in 0..<3 { total += abs(Int(image.rgba[i + c]) - Int(expected[i + c])) }
        }
        let mean = Double(total) / Double(64 * 48 * 3)
        #expect(mean < 3, "mean difference \(mean)")
        let centre = (24 * 64 + 38) * 4      // the square spans x 28…48 in frame 6
        for c in 0..<3 { #expect(abs(Int(image.rgba[centre + c]) - Int(expected[centre + c])) <= 12) }
    }

    @Test func theAnimatedPNGIsWhatPillowSees() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = Self.frames()
        let apng = folder.appendingPathComponent("square.png")
        try AnimationExport.apngData(frames, fps: 10).write(to: apng)
        // Pillow reads every frame, composited as APNG says, and writes its raw RGBA.
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        print(im.format, im.n_frames, im.size[0], im.size[1], im.info.get("duration"), im.info.get("loop"))
        for k in range(im.n_frames):
            im.seek(k)
            open(sys.argv[2] + "/%d.rgba" % k, "wb").write(im.convert("RGBA").tobytes())
        """
        let result = try Self.run("/usr/bin/python3", ["-c", script, apng.path, folder.path])
        try #require(result.status == 0, "Pillow is missing: apt-get install python3-pil")
        let summary = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(summary == "PNG 10 64 48 100.0 0")
        for (k, frame) in frames.enumerated() {
            let pixels = try Data(contentsOf: folder.appendingPathComponent("\(k).rgba"))
            #expect([UInt8](pixels) == frame.rgbaBytes(), "frame \(k) differs")
        }
    }

    @Test func badFrameRatesAreErrorsNotTraps() {
        let frames = Array(Self.frames().prefix(2))
        for fps in [Double.nan, .infinity, 0, -5] {
            #expect(throws: AnimationExport.Error.self) { try AnimationExport.apngData(frames, fps: fps) }
            #expect(throws: AnimationExport.Error.self) {
                try AnimationExport.writeMP4(frames, fps: fps, to: URL(fileURLWithPath: "/tmp/never.mp4"))
            }
        }
    }
}
