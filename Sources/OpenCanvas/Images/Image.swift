import Foundation
import Synchronization
import CanvasGeometry
import CanvasPaint

/// An image: so far a bitmap (`CGImage`) or a drawing made with a
/// `GraphicsContext` (`Image(size:renderer:)`). Images are drawn with
/// `GraphicsContext.Shading.tiledImage` and the `.image` shape style; loading
/// files, named and system images come with the images issue.
public struct Image: Sendable {
    /// How a bitmap's pixels are turned to be upright.
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }

    enum Content: Sendable {
        case bitmap(CGImage, scale: CGFloat, orientation: Orientation)
        case drawing(Drawing)
    }

    /// An image drawn by a closure, rendered (and kept) per display scale.
    final class Drawing: @unchecked Sendable {
        let size: CGSize
        let opaque: Bool
        let colorMode: ColorRenderingMode
        let renderer: (inout GraphicsContext) -> Void
        private let cache = Mutex<[CGFloat: Pixmap]>([:])

        init(size: CGSize, opaque: Bool, colorMode: ColorRenderingMode, renderer: @escaping (inout GraphicsContext) -> Void) {
            self.size = size; self.opaque = opaque; self.colorMode = colorMode; self.renderer = renderer
        }

        func pixels(scale: CGFloat) -> Pixmap? {
            if let p = cache.withLock({ $0[scale] }) { return p }
            let recorder = GraphicsContext.Recorder()
            var environment = EnvironmentValues()
            environment.displayScale = scale
            var context = GraphicsContext(recorder: recorder, base: .identity, size: size, environment: environment)
            renderer(&context)
            guard let pixmap = Rasterization.pixmap(of: recorder.list, size: size, scale: scale, opaque: opaque,
                                                    colorMode: colorMode) else { return nil }
            cache.withLock { $0[scale] = pixmap }
            return pixmap
        }
    }

    let content: Content
    /// The accessibility label (unused by drawing).
    let label: Text?

    /// An image of a bitmap whose pixels are `scale` per point, announced by
    /// `label` to accessibility.
    public init(_ cgImage: CGImage, scale: CGFloat, orientation: Orientation = .up, label: Text) {
        content = .bitmap(cgImage, scale: scale, orientation: orientation)
        self.label = label
    }

    /// An image of a bitmap that accessibility ignores.
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Orientation = .up) {
        content = .bitmap(cgImage, scale: scale, orientation: orientation)
        label = nil
    }

    /// An image drawn by `renderer` into a `size`-point context (rendered at the
    /// display scale of wherever the image is drawn).
    public init(size: CGSize, label: Text? = nil, opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                renderer: @escaping (inout GraphicsContext) -> Void) {
        content = .drawing(Drawing(size: size, opaque: opaque, colorMode: colorMode, renderer: renderer))
        self.label = label
    }

    /// The image's pixels (upright) and pixels per point, at `displayScale`.
    func pixels(displayScale: CGFloat) -> (Pixmap, scale: Double)? {
        switch content {
        case .bitmap(let image, let scale, let orientation):
            guard scale.isFinite, scale > 0, let p = image.pixmap(orientation) else { return nil }
            return (p, Double(scale))
        case .drawing(let d):
            let s = displayScale.isFinite && displayScale > 0 ? displayScale : 1
            guard let p = d.pixels(scale: s) else { return nil }
            return (p, Double(s))
        }
    }
}

extension CGImage {
    /// The pixels as a pixmap turned upright (made once per orientation and kept).
    func pixmap(_ orientation: Image.Orientation) -> Pixmap? {
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
        pixmaps.withLock { $0[orientation] = out }
        return out
    }
}
