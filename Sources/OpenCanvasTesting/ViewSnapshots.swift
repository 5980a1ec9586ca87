import Foundation
import OpenCanvasDrawing
import OpenCanvasViews
import OpenCanvasHeadless
import CanvasCodecs

/// The date a view's clock shows in a snapshot unless a strategy is given one:
/// fixed, so that clocks, timelines and animations draw the same on every run.
public let snapshotDate = Date(timeIntervalSinceReferenceDate: 0)

/// A headless host whose current frame a snapshot reads: the steps of a test
/// (taps, drags, presses, `advance(by:)`) happen on it before the snapshot.
@MainActor
public protocol SnapshotHost: AnyObject {
    /// The current frame's pixels, rendered again if anything changed.
    func render() -> CGImage
    /// The accessibility elements of the current frame, in reading order.
    var accessibilityElements: [AccessibilityElement] { get }
    /// The current frame's laid-out view tree as text, one node per line: what
    /// a `.layout` snapshot compares.
    var layoutText: String { get }
    /// The clock the host's views see; setting it moves their timelines to it.
    var date: Date { get set }
    /// Moves the clock forward by `interval` seconds, rendering a frame at every
    /// timeline entry on the way.
    func advance(by interval: TimeInterval)
}

extension HeadlessHost: SnapshotHost {
    /// The current frame's laid-out view tree as text, one node per line with
    /// its frame, indented by depth.
    public var layoutText: String { layoutDescription }
}

/// The host a view snapshot renders through: at `size`, or at the view's ideal size.
@MainActor
func host<V: View>(for view: V, size: CGSize?, scale: CGFloat, colorScheme: ColorScheme, date: Date) -> HeadlessHost<V> {
    let fitted = size ?? ViewTree.idealSize(of: view, colorScheme: colorScheme)
    let host = HeadlessHost(size: fitted, scale: scale) { view }
    host.colorScheme = colorScheme
    host.date = date
    return host
}

extension Snapshotting where Value: View, Format == CGImage {
    /// The view as an image: at `size` points (its ideal size when `nil`), `scale`
    /// pixels per point, in `colorScheme`, its clock at `date`. See
    /// `Diffing.image(precision:perceptualPrecision:)` for the tolerances.
    public static func image(size: CGSize? = nil, scale: CGFloat = 1, colorScheme: ColorScheme = .light,
                             date: Date = snapshotDate, precision: Double = 1,
                             perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { view in
            let image = host(for: view, size: size, scale: scale, colorScheme: colorScheme, date: date).render()
            guard image.width > 0, image.height > 0 else {
                throw SnapshotError("the view has no pixels at this size (\(size.map { "\($0.width) × \($0.height)" } ?? "its ideal size"))")
            }
            return image
        }
    }

    /// `image()` with the defaults: the ideal size, 1 pixel per point, light, exact.
    public static var image: Snapshotting { image() }

    /// Frames of the view's animations, its clock starting at `date` and moving
    /// 1/`fps` s per frame for `seconds`, laid side by side in rows of up to
    /// `columns` (one image compared frame by frame as pixels).
    public static func frames(seconds: Double, fps: Double = 10, size: CGSize? = nil, scale: CGFloat = 1,
                              colorScheme: ColorScheme = .light, date: Date = snapshotDate, columns: Int = 10,
                              precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { view in
            try frameStrip(host(for: view, size: size, scale: scale, colorScheme: colorScheme, date: date),
                           seconds: seconds, fps: fps, columns: columns)
        }
    }
}

extension Snapshotting where Value: View, Format == String {
    /// The view's accessibility elements, one per line: what a screen reader
    /// speaks, then the label, value, traits and frame of each.
    public static func accessibility(size: CGSize? = nil, colorScheme: ColorScheme = .light,
                                     date: Date = snapshotDate) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { view in
            accessibilityText(host(for: view, size: size, scale: 1, colorScheme: colorScheme, date: date))
        }
    }

    /// `accessibility()` with the defaults: the ideal size, light, the clock at
    /// `snapshotDate`.
    public static var accessibility: Snapshotting { accessibility() }

    /// The frames of the laid-out view tree, one node per line, indented by depth.
    public static func layout(size: CGSize? = nil, colorScheme: ColorScheme = .light,
                              date: Date = snapshotDate) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { view in
            host(for: view, size: size, scale: 1, colorScheme: colorScheme, date: date).layoutText
        }
    }

    /// `layout()` with the defaults: the ideal size, light, the clock at
    /// `snapshotDate`.
    public static var layout: Snapshotting { layout() }
}

extension Snapshotting where Value: SnapshotHost, Format == CGImage {
    /// The host's current frame.
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { host in
            let image = host.render()
            guard image.width > 0, image.height > 0 else { throw SnapshotError("the host has no pixels at its size") }
            return image
        }
    }

    /// `image()` with the defaults: the host's current frame, compared exactly.
    public static var image: Snapshotting { image() }

    /// Frames from the host's current date on, 1/`fps` s apart, for `seconds`
    /// (the host's clock is left at the end).
    public static func frames(seconds: Double, fps: Double = 10, columns: Int = 10,
                              precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { host in
            try frameStrip(host, seconds: seconds, fps: fps, columns: columns)
        }
    }
}

extension Snapshotting where Value: SnapshotHost, Format == String {
    /// The host's current accessibility elements, one per line: what a screen
    /// reader speaks, then the label, value, hint, traits and frame of each.
    public static var accessibility: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { accessibilityText($0) }
    }

    /// The frames of the host's current laid-out view tree, one node per line.
    public static var layout: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { $0.layoutText }
    }
}

/// One line per element: `"Add, Button" label="Add" traits=[button] frame=(…)`.
@MainActor
func accessibilityText(_ host: some SnapshotHost) -> String {
    host.accessibilityElements.map { e in
        var line = "\"\(e.reading)\" label=\"\(e.label)\""
        if let value = e.value { line += " value=\"\(value)\"" }
        if let hint = e.hint { line += " hint=\"\(hint)\"" }
        if !e.traits.isEmpty { line += " traits=\(e.traits)" }
        let f = e.frame
        line += " frame=(\(Int(f.minX.rounded())), \(Int(f.minY.rounded())), \(Int(f.width.rounded())) × \(Int(f.height.rounded())))"
        return line
    }.joined(separator: "\n") + "\n"
}

/// Frames of a host laid out in a grid, left to right, top to bottom.
@MainActor
func frameStrip(_ host: some SnapshotHost, seconds: Double, fps: Double, columns: Int) throws -> CGImage {
    guard seconds.isFinite, seconds >= 0, fps.isFinite, fps > 0, seconds * fps <= 10_000 else {
        throw SnapshotError("frames(seconds: \(seconds), fps: \(fps)): both must be finite and positive, at most 10 000 frames")
    }
    let count = Int((seconds * fps).rounded(.down)) + 1
    var frames: [CGImage] = []
    for i in 0..<count {
        if i > 0 { host.advance(by: 1 / fps) }
        frames.append(host.render())
    }
    guard let first = frames.first, first.width > 0, first.height > 0 else {
        throw SnapshotError("the host has no pixels at its size")
    }
    let columns = max(1, min(columns, count)), rows = (count + columns - 1) / columns
    let w = first.width, h = first.height
    guard w * columns <= 16384, h * rows <= 16384 else {
        throw SnapshotError("\(count) frames of \(w) × \(h) pixels do not fit in one 16384-pixel image")
    }
    var rgba = [UInt8](repeating: 0, count: w * columns * h * rows * 4)
    for (index, frame) in frames.enumerated() where frame.width == w && frame.height == h {
        let pixels = frame.rgbaBytes(), ox = (index % columns) * w, oy = (index / columns) * h
        for y in 0..<h {
            let from = y * w * 4, to = ((oy + y) * w * columns + ox) * 4
            rgba.replaceSubrange(to..<(to + w * 4), with: pixels[from..<(from + w * 4)])
        }
    }
    let png = try PNGCodec.encode(rgba: rgba, width: w * columns, height: h * rows)
    guard let image = CGImage(pngDataProviderSource: CGDataProvider(data: Data(png)), decode: nil,
                              shouldInterpolate: false, intent: .defaultIntent) else {
        throw SnapshotError("the frames could not be joined")
    }
    return image
}

extension Snapshotting where Value == CGImage, Format == CGImage {
    /// An image made elsewhere (`ImageRenderer`, `PreviewRenderer.images`, a
    /// `GraphicsContext` of your own), compared as pixels.
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { $0 }
    }

    /// `image()` with the defaults: the image itself, compared exactly.
    public static var image: Snapshotting { image() }
}
