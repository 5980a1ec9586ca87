import CanvasGeometry
import CanvasRaster
import CanvasPaint
import CanvasRender

/// Images as PDF image XObjects: 8-bit DeviceRGB, Flate-compressed, with their
/// alpha as a DeviceGray soft mask (`SMask`) unless every pixel is opaque. A
/// template image (a tint) is written with the tint's colour and the image's alpha.
enum PDFImages {
    /// The XObject name of `source` of `pixels`, written once per `key` (when given).
    static func xObject(for pixels: Pixmap, source: PixelRect, tint: RGBA?, interpolate: Bool, key: String?,
                        in document: PDFDocument) -> String {
        if let key, let name = document.cache[key] { return name }
        let straight = PDFRasterFallback.straightRGBA(pixels, source: source, tint: tint)
        let w = max(1, straight?.area.width ?? 1), h = max(1, straight?.area.height ?? 1)
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        var alpha = [UInt8](repeating: 0, count: w * h)
        var opaque = straight != nil
        if let (rgba, _) = straight {
            for i in 0..<(w * h) {
                rgb[3 * i] = rgba[4 * i]; rgb[3 * i + 1] = rgba[4 * i + 1]; rgb[3 * i + 2] = rgba[4 * i + 2]
                alpha[i] = rgba[4 * i + 3]
                if alpha[i] != 255 { opaque = false }
            }
        }
        var mask = ""
        if !opaque {
            let m = document.allocate()
            document.writeStream(m, entries: "/Type /XObject /Subtype /Image /Width \(w) /Height \(h) "
                + "/ColorSpace /DeviceGray /BitsPerComponent 8\(interpolate ? " /Interpolate true" : "")", data: alpha)
            mask = " /SMask \(m) 0 R"
        }
        let n = document.allocate()
        document.writeStream(n, entries: "/Type /XObject /Subtype /Image /Width \(w) /Height \(h) "
            + "/ColorSpace /DeviceRGB /BitsPerComponent 8\(interpolate ? " /Interpolate true" : "")\(mask)", data: rgb)
        let name = document.addResource("XObject", prefix: "Im", object: n)
        if let key { document.cache[key] = name }
        return name
    }
}

extension PDFImages {
    /// A JPEG file as an image XObject as it is (`DCTDecode`), when it is a baseline
    /// or progressive file of one or three components of the expected size; `nil`
    /// otherwise (then its pixels are written).
    static func jpegXObject(_ bytes: [UInt8], width: Int, height: Int, interpolate: Bool, key: String,
                            in document: PDFDocument) -> String? {
        if let name = document.cache[key] { return name }
        guard let frame = jpegFrame(bytes), frame.width == width, frame.height == height,
              frame.components == 1 || frame.components == 3 else { return nil }
        let n = document.allocate()
        document.writeStream(n, entries: "/Type /XObject /Subtype /Image /Width \(width) /Height \(height) "
            + "/ColorSpace /\(frame.components == 1 ? "DeviceGray" : "DeviceRGB") /BitsPerComponent 8 "
            + "/Filter /DCTDecode\(interpolate ? " /Interpolate true" : "")", data: bytes, compress: false)
        let name = document.addResource("XObject", prefix: "Im", object: n)
        document.cache[key] = name
        return name
    }

    /// The size and component count in a JPEG file's start-of-frame segment.
    static func jpegFrame(_ b: [UInt8]) -> (width: Int, height: Int, components: Int)? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return nil }
            // SOF0–SOF2 (baseline, extended, progressive Huffman), which poppler decodes.
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                let height = Int(b[i + 5]) << 8 | Int(b[i + 6]), width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return (width, height, Int(b[i + 9]))
            }
            if (0xC3...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC { return nil }
            i += 2 + length
        }
        return nil
    }
}

extension PDFContentWriter {
    /// Paints an image paint through the clip of `area` (current user space): the
    /// image drawn once (its edges extend over the rest of the area, as the
    /// renderer's clamped sampling does), or a tiling pattern for a tiled image.
    mutating func writeImagePaint(_ image: ImagePaint, area: PDFPathWriter, rule: FillRule, itemTransform: Transform,
                                  into out: inout PDFBytes) {
        guard !area.isEmpty, image.transform.isFinite, image.transform.determinant != 0 else { return }
        document.retain(image)
        let source = image.source.intersection(image.pixels.bounds)
        guard !source.isEmpty else { return }
        let interpolate = image.quality != .nearest
        let key = "im \(ObjectIdentifier(image.levels)) \(source) \(image.tint.map { "\($0)" } ?? "") \(interpolate)"
        let name: String
        if image.tint == nil, source == image.pixels.bounds, let jpeg = image.levels.encoded, jpeg.format == .jpeg,
           let passed = PDFImages.jpegXObject(jpeg.bytes, width: source.width, height: source.height,
                                             interpolate: interpolate, key: key, in: document) {
            name = passed
        } else {
            name = PDFImages.xObject(for: image.pixels, source: source, tint: image.tint,
                                     interpolate: interpolate, key: key, in: document)
        }
        // The unit square of image space onto the source rectangle (first row at the top).
        let unit = Transform(a: Double(source.width), b: 0, c: 0, d: -Double(source.height),
                             tx: Double(source.x0), ty: Double(source.y0 + source.height))
        let toUser = unit.concatenating(image.transform)
        switch image.wrap {
        case .clamp:
            out.append(area.out.bytes)
            out.op(rule == .evenOdd ? "W* n" : "W n")
            out.numbers(toUser.a, toUser.b, toUser.c, toUser.d, toUser.tx, toUser.ty); out.op("cm")
            out.op("/\(name) Do")
        case .tile:
            let m = toUser.concatenating(itemTransform).concatenating(patternBase)
            let n = document.allocate()
            var cell = PDFBytes()
            cell.op("/\(name) Do")
            document.writeStream(n, entries: "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 "
                + "/BBox [0 0 1 1] /XStep 1 /YStep 1 /Resources \(document.resourcesObject) 0 R /Matrix ["
                + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(PDFSyntax.number).joined(separator: " ") + "]", data: cell.bytes)
            let pattern = document.addResource("Pattern", prefix: "P", object: n)
            out.op("/Pattern cs /\(pattern) scn")
            out.append(area.out.bytes)
            out.op(rule == .evenOdd ? "f*" : "f")
        }
    }
}
