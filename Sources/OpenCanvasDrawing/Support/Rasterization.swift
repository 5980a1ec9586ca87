import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasRender

/// Turns a recording into an image.
package enum Rasterization {
    /// The pixel dimensions of `size` points at `scale`, or the reason there are none.
    static func pixelSize(_ size: CGSize, scale: CGFloat) -> Result<(Int, Int), Pixmap.SizeError> {
        let w = Double(size.width) * Double(scale), h = Double(size.height) * Double(scale)
        guard w.isFinite, h.isFinite, w > 0, h > 0 else {
            return .failure(.notPositive(width: w.isFinite ? Int(clamping: w.rounded(.up)) : 0,
                                         height: h.isFinite ? Int(clamping: h.rounded(.up)) : 0))
        }
        // Compare in floating point before converting: no trap on huge values.
        let limit = Double(Pixmap.maxPixelCount)
        guard w.rounded(.up) <= limit, h.rounded(.up) <= limit,
              w.rounded(.up) * h.rounded(.up) <= limit else {
            return .failure(.tooLarge(width: Int(clamping: w.rounded(.up)), height: Int(clamping: h.rounded(.up))))
        }
        return .success((Int(w.rounded(.up)), Int(h.rounded(.up))))
    }

    /// The list rendered to 8-bit premultiplied sRGB pixels, composited in
    /// `colorMode` (the linear modes render in floating point, then encode).
    static func pixmap(of list: DisplayList, size: CGSize, scale: CGFloat, opaque: Bool,
                       colorMode: ColorRenderingMode, renderer: Renderer) -> Pixmap? {
        do {
            let (w, h) = try pixelSize(size, scale: scale).get()
            let pixmap = try Pixmap(width: w, height: h)
            try render(list, into: pixmap, scale: scale, opaque: opaque, colorMode: colorMode, renderer: renderer)
            return pixmap
        } catch {
            report(error)
            return nil
        }
    }

    /// Renders into `pixmap`, whose pixels need not be initialized: every one is
    /// written (cleared first, by the threads that draw it) — except, in the 8-bit
    /// mode, rows outside `clearRows` when given, which already hold the clear value.
    private static func render(_ list: DisplayList, into pixmap: Pixmap, scale: CGFloat, opaque: Bool,
                               colorMode: ColorRenderingMode, renderer: Renderer,
                               clearRows: Range<Int>? = nil, onlyRows: Range<Int>? = nil) throws {
        let device = Transform.scale(Double(scale), Double(scale))
        switch colorMode {
        case .nonLinear:
            renderer.render(list, into: pixmap, device: device, clear: opaque ? 0xFF00_0000 : 0, clearRows: clearRows,
                            onlyRows: onlyRows)
        case .linear, .extendedLinear:
            let surface = try FloatPixmap(width: pixmap.width, height: pixmap.height)
            if opaque { surface.pixels.update(repeating: SIMD4(0, 0, 0, 1), count: pixmap.width * pixmap.height) }
            renderer.render(list, into: surface, extended: colorMode == .extendedLinear, device: device)
            surface.encode(into: pixmap)
        }
    }

    /// The list rendered into a new image: straight into the image's storage.
    /// With `reusing` (a host's previous frame that nothing else refers to), its
    /// memory is drawn into when the size matches, and only the rows its drawing
    /// touched are cleared: a steady stream of frames allocates no pixels.
    ///
    /// With `previousList` (the list `previous` was drawn from, at this scale), a
    /// frame drawn into `previous`'s memory redraws only the rows where the two
    /// lists differ (`Renderer.rowsChanged`).
    package static func image(of list: DisplayList, size: CGSize, scale: CGFloat, opaque: Bool,
                              colorMode: ColorRenderingMode = .nonLinear, renderer: Renderer,
                              reusing previous: CGImage? = nil, previousList: DisplayList? = nil) -> CGImage? {
        do {
            let (w, h) = try pixelSize(size, scale: scale).get()
            let count = w * h * 4
            let clear: UInt32 = opaque ? 0xFF00_0000 : 0
            // The previous frame's memory when it fits (only the rows its drawing
            // touched need clearing), else new memory, not zeroed here: the
            // renderer clears each band as it draws it.
            var clearRows: Range<Int>? = nil
            var reused: [UInt8]? = nil
            var reusedImage: CGImage? = nil
            var onlyRows: Range<Int>? = nil
            let device = Transform.scale(Double(scale), Double(scale))
            if colorMode == .nonLinear, let previous, previous.width == w, previous.height == h,
               let rows = previous.frameRows, rows.clear == clear {
                let bytes = previous.surrenderBytes()
                if bytes.count == count {
                    reused = bytes; clearRows = rows.drawn; reusedImage = previous
                    // Only what changed since that frame, when its list is known.
                    if let previousList,
                       let changed = renderer.rowsChanged(from: previousList, to: list, device: device, height: h) {
                        onlyRows = changed
                        clearRows = changed.clamped(to: rows.drawn)
                    }
                }
            }
            // Taken out of `reused`, so the buffer has one owner and is written in place.
            var bytes = reused.take() ?? [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
            try bytes.withUnsafeMutableBytes { raw in
                try Pixmap.withBorrowedMemory(raw, width: w, height: h, wrapper: &renderer.frameWrapper) { pixmap in
                    try render(list, into: pixmap, scale: scale, opaque: opaque, colorMode: colorMode,
                               renderer: renderer, clearRows: clearRows, onlyRows: onlyRows)
                }
            }
            // The last frame's image object itself, when its memory was reused: the
            // host made sure nothing else holds it, so no one sees it change.
            let image: CGImage
            if let reusedImage {
                reusedImage.restock(bytes)
                image = reusedImage
            } else {
                image = CGImage(width: w, height: h, premultiplied: bytes)
            }
            if colorMode == .nonLinear {
                image.frameRows = (clear, renderer.rowsDrawn(by: list, device: device, height: h))
            }
            renderer.rowsRedrawn = onlyRows?.count ?? h
            return image
        } catch {
            report(error)
            return nil
        }
    }

    static func report(_ error: Error) {
        let message = "OpenCanvas: \((error as? Pixmap.SizeError)?.description ?? "\(error)"); nothing was rendered"
        if case .tooLarge = error as? Pixmap.SizeError {
            Diagnostics.report(.sizeTooLarge, message)
        } else {
            Diagnostics.report(.invalidSize, message)
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
