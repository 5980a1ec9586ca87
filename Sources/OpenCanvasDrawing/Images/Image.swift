import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasCodecs
import CanvasRender

/// An image: a bitmap (`CGImage`), a file in a bundle's resources (PNG or JPEG), or a
/// drawing made with a `GraphicsContext` (`Image(size:renderer:)`). In a canvas, draw
/// it with `GraphicsContext.draw(_:in:)` or `draw(_:at:anchor:)`, or tile it with
/// `Shading.tiledImage`.
public struct Image: Sendable {
    /// How a bitmap's pixels are turned to be upright.
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        /// `up` draws the pixels as stored, `down` turned 180°, `left` turned 90°
        /// counterclockwise, `right` 90° clockwise; each `Mirrored` form is the same,
        /// then flipped horizontally.
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }

    /// Whether an image draws its own colours or is a mask for the foreground.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// `template` draws the image's alpha in the foreground style; `original` draws
        /// its own colours.
        case template, original
    }

    /// How pixels are sampled when an image is drawn at another size or under a
    /// transform.
    public enum Interpolation: Hashable, Sendable {
        /// The nearest pixel: hard pixel edges.
        case none
        /// Bilinear.
        case low
        /// Bilinear, averaging pixels first when drawn at under half size.
        case medium
        /// Bicubic, averaging pixels first when drawn at under half size.
        case high
    }

    /// How the middle of a resizable image fills its space.
    public enum ResizingMode: Hashable, Sendable {
        /// `tile` repeats the edges and middle between the cap insets at the image's
        /// own size; `stretch` scales them to fill their space. (Without cap insets
        /// the whole image is scaled either way.)
        case tile, stretch
    }

    enum Content: Sendable {
        case bitmap(CGImage, scale: CGFloat, orientation: Orientation)
        case drawing(Drawing)
        case named(String, bundle: Bundle?)
        /// An SF Symbol name, drawn from the icon font (`SystemSymbols`).
        case symbol(String)
    }

    let content: Content
    /// The accessibility label (unused by drawing).
    package let label: Text?
    var renderingMode: TemplateRenderingMode?
    var interpolationMode: Interpolation = .medium
    var isAntialiased = true
    package var capInsets: EdgeInsets?
    var resizingMode: ResizingMode = .stretch

    init(content: Content, label: Text?) {
        self.content = content
        self.label = label
    }

    /// An image of a bitmap whose pixels are `scale` per point, announced by
    /// `label` to accessibility.
    public init(_ cgImage: CGImage, scale: CGFloat, orientation: Orientation = .up, label: Text) {
        self.init(content: .bitmap(cgImage, scale: scale, orientation: orientation), label: label)
    }

    /// An image of a bitmap that accessibility ignores.
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Orientation = .up) {
        self.init(content: .bitmap(cgImage, scale: scale, orientation: orientation), label: nil)
    }

    /// The image file `name` (PNG or JPEG; the extension may be left out) from a
    /// bundle's resources (the main bundle by default). A `name@2x` or `name@3x`
    /// file is preferred where the display scale asks for it. A name that is not
    /// found draws nothing (and is reported once).
    public init(_ name: String, bundle: Bundle? = nil) {
        self.init(content: .named(name, bundle: bundle), label: Text(name))
    }

    /// A system symbol by its SF Symbols name (`"star.fill"`), drawn as a vector
    /// template from Material Icons and sized by the environment's font. A name
    /// with no symbol draws nothing and is reported once.
    public init(systemName: String) {
        // Read as the name's words ("star fill"), in the manner of SF Symbols' labels.
        self.init(content: .symbol(systemName), label: Text(verbatim: systemName.replacingOccurrences(of: ".", with: " ")))
    }

    /// A system symbol with a variable value. The Material icons that stand in
    /// for SF Symbols have no variable layers, so the symbol is drawn whole
    /// whatever the value (as SF Symbols draw a symbol without variable layers).
    public init(systemName: String, variableValue: Double?) {
        self.init(systemName: systemName)
    }

    /// Whether two images show the same thing (the same bitmap object, drawing,
    /// file name or symbol, with the same options); images have no other equality.
    func isSame(as other: Image) -> Bool {
        guard renderingMode == other.renderingMode, interpolationMode == other.interpolationMode,
              isAntialiased == other.isAntialiased, capInsets == other.capInsets, resizingMode == other.resizingMode else {
            return false
        }
        switch (content, other.content) {
        case (.bitmap(let a, let s, let o), .bitmap(let b, let t, let p)): return a === b && s == t && o == p
        case (.drawing(let a), .drawing(let b)): return a === b
        case (.named(let a, let x), .named(let b, let y)): return a == b && x == y
        case (.symbol(let a), .symbol(let b)): return a == b
        default: return false
        }
    }

    /// The SF Symbol name of a system image, or `nil`.
    var systemSymbolName: String? {
        if case .symbol(let name) = content { return name }
        return nil
    }

    /// The image file `name` from a bundle's resources, as `init(_:bundle:)`,
    /// announced by `label` to accessibility.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        self.init(content: .named(name, bundle: bundle), label: label)
    }

    /// A named image that accessibility ignores.
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(content: .named(name, bundle: bundle), label: nil)
    }

    /// An image drawn by `renderer` into a `size`-point context (rendered at the
    /// display scale of wherever the image is drawn).
    public init(size: CGSize, label: Text? = nil, opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                renderer: @escaping (inout GraphicsContext) -> Void) {
        self.init(content: .drawing(Drawing(size: size, opaque: opaque, colorMode: colorMode, renderer: renderer)),
                  label: label)
    }

    // MARK: Modifiers

    /// The image drawn into whatever frame it is given; with cap insets, the edges
    /// keep their size and only the middle stretches (or tiles).
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var i = self
        i.capInsets = capInsets
        i.resizingMode = resizingMode
        return i
    }

    /// `.template` draws the image's alpha in the foreground style; `.original` (or
    /// `nil`, the default for bitmaps) its own colours.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        var i = self
        i.renderingMode = renderingMode
        return i
    }

    /// How the image's pixels are sampled when it is drawn at another size or under
    /// a transform (`.medium` unless set).
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var i = self
        i.interpolationMode = interpolation
        return i
    }

    /// Whether the edges of the drawn image are anti-aliased.
    public func antialiased(_ isAntialiased: Bool) -> Image {
        var i = self
        i.isAntialiased = isAntialiased
        return i
    }

    // MARK: Pixels

    /// An image drawn by a closure, rendered (and kept) per display scale.
    final class Drawing: @unchecked Sendable {
        let size: CGSize
        let opaque: Bool
        let colorMode: ColorRenderingMode
        let renderer: (inout GraphicsContext) -> Void
        private let cache = Locked<[CGFloat: ImageLevels]>([:])

        init(size: CGSize, opaque: Bool, colorMode: ColorRenderingMode, renderer: @escaping (inout GraphicsContext) -> Void) {
            self.size = size; self.opaque = opaque; self.colorMode = colorMode; self.renderer = renderer
        }

        func pixels(scale: CGFloat) -> ImageLevels? {
            if let p = cache.withLock({ $0[scale] }) { return p }
            let recorder = GraphicsContext.Recorder()
            var environment = EnvironmentValues()
            environment.displayScale = scale
            var context = GraphicsContext(recorder: recorder, base: .identity, size: size, environment: environment)
            renderer(&context)
            // Rendered once per scale and kept, so a renderer of its own is made here.
            guard let pixmap = Rasterization.pixmap(of: recorder.list, size: size, scale: scale, opaque: opaque,
                                                    colorMode: colorMode, renderer: Renderer()) else { return nil }
            let levels = ImageLevels(pixmap)
            cache.withLock { $0[scale] = levels }
            return levels
        }
    }

    /// The image's pixels (upright, with their halved levels), pixels per point, and
    /// whether it is a template by default, at `displayScale`.
    func pixels(displayScale: CGFloat) -> (ImageLevels, scale: Double)? {
        let display = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        switch content {
        case .bitmap(let image, let scale, let orientation):
            guard scale.isFinite, scale > 0, let p = image.levels(orientation) else { return nil }
            return (p, Double(scale))
        case .drawing(let d):
            guard let p = d.pixels(scale: display) else { return nil }
            return (p, Double(display))
        case .named(let name, let bundle):
            guard let (levels, scale) = NamedImages.shared.load(name, bundle: bundle, displayScale: display) else {
                return nil
            }
            return (levels, scale)
        case .symbol:
            return nil      // vectors: see SymbolDrawing
        }
    }
}

/// Distances inward from each edge (SwiftUI's `EdgeInsets`).
@frozen
public struct EdgeInsets: Equatable, Sendable {
    /// The inset from each edge, in points.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat

    /// Insets of the given distances from each edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// Zero insets on every edge.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// Image files found in bundles, decoded once and kept (the last 64).
final class NamedImages: Sendable {
    static let shared = NamedImages()

    private struct State {
        var loaded: [String: (ImageLevels, Double)] = [:]
        var order: [String] = []
        var reported: Set<String> = []
    }
    private let state = Locked(State())

    /// The decoded image for `name` at the best scale variant for `displayScale`.
    func load(_ name: String, bundle: Bundle?, displayScale: CGFloat) -> (ImageLevels, Double)? {
        let bundle = bundle ?? .main
        guard let (url, scale) = find(name, in: bundle, displayScale: displayScale)
                ?? AssetCatalog.image(name, bundle: bundle, displayScale: displayScale) else {
            let first = state.withLock { $0.reported.insert("\(bundle.bundlePath)/\(name)").inserted }
            if first {
                Diagnostics.report(.imageUnavailable, "OpenCanvas: no image named '\(name)' was found in \(bundle.bundlePath)")
            }
            return nil
        }
        let key = url.path
        if let hit = state.withLock({ $0.loaded[key] }) { return hit }
        guard let data = try? Data(contentsOf: url), let decoded = ImageDecoding.decode([UInt8](data)),
              let pixmap = ImageDecoding.pixmap(decoded) else {
            let first = state.withLock { $0.reported.insert(key).inserted }
            if first { Diagnostics.report(.codecError, "OpenCanvas: the image \(key) could not be decoded") }
            return nil
        }
        let bytes = [UInt8](data)
        let jpeg = bytes.starts(with: [0xFF, 0xD8]) ? EncodedImage(format: .jpeg, bytes: bytes) : nil
        let entry = (ImageLevels(pixmap, encoded: jpeg), scale)
        state.withLock { s in
            s.loaded[key] = entry
            s.order.append(key)
            if s.order.count > 64 { s.loaded[s.order.removeFirst()] = nil }
        }
        return entry
    }

    private func find(_ name: String, in bundle: Bundle, displayScale: CGFloat) -> (URL, Double)? {
        let ns = name as NSString
        let ext = ns.pathExtension.lowercased()
        let base = ["png", "jpg", "jpeg"].contains(ext) ? ns.deletingPathExtension : name
        let extensions = ["png", "jpg", "jpeg"].contains(ext) ? [ext] : ["png", "jpg", "jpeg"]
        // Scale variants from the display's down to 1.
        let wanted = max(1, min(3, Int(displayScale.rounded(.up))))
        for s in stride(from: wanted, through: 1, by: -1) {
            let file = s == 1 ? base : "\(base)@\(s)x"
            for e in extensions {
                if let url = bundle.url(forResource: file, withExtension: e) { return (url, Double(s)) }
            }
        }
        return nil
    }
}

/// Decoding image files into pixmaps.
enum ImageDecoding {
    /// A PNG or JPEG file, told apart by its signature.
    static func decode(_ bytes: [UInt8]) -> PNGCodec.Decoded? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try? PNGCodec.decode(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try? JPEGCodec.decode(bytes) }
        return nil
    }

    /// Straight RGBA → a premultiplied pixmap.
    static func pixmap(_ d: PNGCodec.Decoded) -> Pixmap? {
        guard let p = try? Pixmap(width: d.width, height: d.height) else { return nil }
        d.rgba.withUnsafeBufferPointer { src in
            for i in 0..<(d.width * d.height) {
                let a = Double(src[4 * i + 3]) / 255
                p.pixels[i] = PremultipliedColor(red: Double(src[4 * i]) / 255, green: Double(src[4 * i + 1]) / 255,
                                                 blue: Double(src[4 * i + 2]) / 255, alpha: a).packed
            }
        }
        return p
    }
}

extension CGImage {
    /// The pixels turned upright with their levels (made once per orientation and kept).
    func levels(_ orientation: Image.Orientation) -> ImageLevels? {
        if let p = pixmaps.withLock({ $0[orientation] }) { return p }
        let rotated = orientation == .left || orientation == .leftMirrored || orientation == .right
            || orientation == .rightMirrored
        let w = rotated ? height : width, h = rotated ? width : height
        guard let out = try? Pixmap(width: w, height: h) else { return nil }
        premultiplied.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            for v in 0..<height {
                for u in 0..<width {
                    let (x, y): (Int, Int)
                    switch orientation {
                    case .up: (x, y) = (u, v)
                    case .upMirrored: (x, y) = (width - 1 - u, v)
                    case .down: (x, y) = (width - 1 - u, height - 1 - v)
                    case .downMirrored: (x, y) = (u, height - 1 - v)
                    case .left: (x, y) = (v, width - 1 - u)             // turned 90° counterclockwise
                    case .leftMirrored: (x, y) = (height - 1 - v, width - 1 - u)
                    case .right: (x, y) = (height - 1 - v, u)           // turned 90° clockwise
                    case .rightMirrored: (x, y) = (v, u)
                    }
                    out.pixels[y * w + x] = src[v * width + u]
                }
            }
        }
        let levels = ImageLevels(out, encoded: orientation == .up ? jpegSource.map { EncodedImage(format: .jpeg, bytes: $0) } : nil)
        pixmaps.withLock { $0[orientation] = levels }
        return levels
    }
}
