import CanvasCodecs
import CoreGraphics
import Foundation
import OpenCanvas

/// PNG, JPEG and APNG decoding on any bytes, through the public decoders
/// (`CGImage(pngDataProviderSource:…)`, `CGImage(jpegDataProviderSource:…)`) and the
/// APNG reader; whatever decodes is drawn, scaled and in each orientation.
/// Every input goes to every decoder, so a corpus of plain image files works.
enum ImageDecodeTarget {
    @MainActor
    static func run(_ bytes: [UInt8]) {
        let provider = CGDataProvider(data: Data(bytes))
        var images: [CGImage] = []
        if let png = CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) {
            images.append(png)
        }
        if let jpeg = CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) {
            images.append(jpeg)
        }
        if let animation = try? APNG.decode(bytes) {
            // Frames must be whole pictures of the stated size.
            for frame in animation.frames where frame.count != animation.width * animation.height * 4 {
                fatalError("image-decode: an APNG frame of \(frame.count) bytes for \(animation.width) × \(animation.height)")
            }
            precondition(animation.delays.count == animation.frames.count, "image-decode: delays and frames differ")
        }
        // Drawing scales a huge image down through its mip levels, a cost in
        // proportion to its pixels (a 150-megapixel JPEG takes seconds): decoding
        // is what this target searches, so only images of up to 4 megapixels are drawn.
        images.removeAll { $0.width * $0.height > 4 << 20 }
        guard !images.isEmpty else { return }
        let orientations: [Image.Orientation] = [.up, .left, .downMirrored, .rightMirrored]
        let canvas = Canvas { context, size in
            for (i, image) in images.enumerated() {
                let drawn = Image(decorative: image, scale: 1 + CGFloat(i), orientation: orientations[bytes.count % 4])
                context.draw(drawn, in: CGRect(x: 0, y: 0, width: size.width, height: size.height))
                context.fill(Path(CGRect(x: 2, y: 2, width: 10, height: 10)),
                             with: .tiledImage(drawn, origin: .zero, sourceRect: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 0.5))
            }
        }
        _ = ImageRenderer(content: canvas.frame(width: 24, height: 24)).cgImage
    }
}
