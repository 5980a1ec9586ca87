import Foundation
import CanvasCodecs
import CanvasGeometry
import OpenCanvasDrawing
import OpenCanvasViews

extension HeadlessHost {
    /// Renders `seconds` of the view at `fps` frames per second from the host's
    /// date: one image per frame (timelines at their entries), the same on every
    /// run. `progress` hears (frames done, frames in all).
    public func recordFrames(seconds: Double, fps: Double, progress: ((Int, Int) -> Void)? = nil) -> [CGImage] {
        guard seconds.isFinite, fps.isFinite, seconds > 0, fps > 0 else {
            Diagnostics.report(.nonFiniteValue)
            return []
        }
        let count = min(Int((seconds * fps).rounded(.down)) + 1, 100_000)
        let start = date
        var frames: [CGImage] = []
        frames.reserveCapacity(count)
        for i in 0..<count {
            date = start.addingTimeInterval(Double(i) / fps)
            frames.append(render())
            progress?(i + 1, count)
        }
        return frames
    }
}

/// Writes rendered frames as files: numbered PNGs, an animated PNG, or an MP4
/// through `ffmpeg` when it is installed.
public enum AnimationExport {
    /// Why frames could not be written.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// There were no frames to write.
        case noFrames
        /// A frame or the animated PNG could not be encoded; the text says which or why.
        case encoding(String)
        /// No `ffmpeg` executable was found on the `PATH`, so no MP4 was written.
        case ffmpegMissing
        /// `ffmpeg` exited with this non-zero status.
        case ffmpegFailed(Int32)
        /// The frame rate is not a finite, positive number.
        case invalidFrameRate(Double)

        public var description: String {
            switch self {
            case .noFrames: return "no frames to write"
            case .encoding(let why): return "could not encode: \(why)"
            case .ffmpegMissing: return "ffmpeg is not installed (apt-get install ffmpeg); no MP4 written"
            case .ffmpegFailed(let status): return "ffmpeg exited with status \(status)"
            case .invalidFrameRate(let fps): return "the frame rate \(fps) is not a finite, positive number"
            }
        }
    }

    /// Writes `frames` as `prefix0000.png`, `prefix0001.png`, … in `directory`.
    public static func writePNGs(_ frames: [CGImage], to directory: URL, prefix: String = "frame") throws {
        guard !frames.isEmpty else { throw Error.noFrames }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (i, frame) in frames.enumerated() {
            guard let png = frame.pngData() else { throw Error.encoding("frame \(i)") }
            try png.write(to: directory.appendingPathComponent(String(format: "%@%04d.png", prefix, i)))
        }
    }

    /// The frames as an animated PNG shown at `fps`, looping forever.
    public static func apngData(_ frames: [CGImage], fps: Double) throws -> Data {
        guard let first = frames.first else { throw Error.noFrames }
        guard fps.isFinite, fps > 0 else { throw Error.invalidFrameRate(fps) }
        // The frame delay as a fraction (APNG stores two 16-bit numbers): at most
        // 65.535 s a frame, at least a millisecond.
        let denominator: UInt16 = 1000
        let numerator = UInt16(clamping: Int(min(65_535, (1000 / fps).rounded())))
        do {
            return Data(try APNG.encode(frames: frames.map { $0.rgbaBytes() }, width: first.width, height: first.height,
                                        delayNumerator: max(1, numerator), delayDenominator: denominator))
        } catch {
            throw Error.encoding(error.description)
        }
    }

    /// Pipes the frames to `ffmpeg` as raw RGBA and writes an H.264 MP4 at `fps`.
    public static func writeMP4(_ frames: [CGImage], fps: Double, to url: URL) throws {
        guard let first = frames.first else { throw Error.noFrames }
        guard fps.isFinite, fps > 0 else { throw Error.invalidFrameRate(fps) }
        guard let ffmpeg = executable("ffmpeg") else { throw Error.ffmpegMissing }
        let process = Process()
        process.executableURL = ffmpeg
        // Even dimensions for yuv420p: pad by a pixel where needed.
        process.arguments = ["-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(first.width)x\(first.height)", "-r", String(fps), "-i", "-",
                             "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                             url.path]
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        for frame in frames { pipe.fileHandleForWriting.write(Data(frame.rgbaBytes())) }
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Error.ffmpegFailed(process.terminationStatus) }
    }

    static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

/// A progress bar on a terminal (standard error), for long exports; silent when
/// standard error is not a terminal.
public final class ProgressBar {
    let title: String
    let enabled = isatty(2) != 0
    private var last = -1

    /// A progress bar labelled `title`.
    public init(title: String) { self.title = title }

    /// Shows `done` of `total` as a bar and a percentage, redrawn only when the
    /// percentage changes, and ends the line when `done` reaches `total`. Does
    /// nothing when `total` is not positive or standard error is not a terminal.
    public func update(_ done: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != last else { return }
        last = percent
        let width = 30, filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(title) \(bar) \(percent)% (\(done)/\(total))".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
