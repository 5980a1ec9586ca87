import Foundation
import OpenCanvasDrawing
import OpenCanvasViews

/// Renders previews to PNG files: what Xcode's canvas shows, for a terminal or CI.
///
///     try PreviewRenderer.render([ClockView_Previews.self, ChartView_Previews.self],
///                                to: URL(fileURLWithPath: "previews"))
///
/// Each preview of each provider becomes `<Provider>-<name>.png` (its display name,
/// or its position): on its device's screen in its orientation (`.device`, the
/// default: an iPhone 16 Pro, 402 × 874 points, unless `previewDevice` names one of
/// the devices below), at its ideal size (`.sizeThatFits`) or at a fixed size, in
/// its preferred colour scheme, `scale` pixels per point.
@MainActor
public enum PreviewRenderer {
    /// Screen sizes in points of the devices `previewDevice` may name.
    public static let deviceSizes: [String: CGSize] = [
        "iPhone 16 Pro": CGSize(width: 402, height: 874), "iPhone 16 Pro Max": CGSize(width: 440, height: 956),
        "iPhone 16": CGSize(width: 393, height: 852), "iPhone 16 Plus": CGSize(width: 430, height: 932),
        "iPhone 15 Pro": CGSize(width: 393, height: 852), "iPhone 15 Pro Max": CGSize(width: 430, height: 932),
        "iPhone 15": CGSize(width: 393, height: 852), "iPhone 15 Plus": CGSize(width: 430, height: 932),
        "iPhone 14": CGSize(width: 390, height: 844), "iPhone 14 Pro": CGSize(width: 393, height: 852),
        "iPhone 13": CGSize(width: 390, height: 844), "iPhone 13 mini": CGSize(width: 375, height: 812),
        "iPhone SE (3rd generation)": CGSize(width: 375, height: 667), "iPhone SE (2nd generation)": CGSize(width: 375, height: 667),
        "iPad (10th generation)": CGSize(width: 820, height: 1180), "iPad Air 11-inch (M2)": CGSize(width: 820, height: 1180),
        "iPad Pro 11-inch (M4)": CGSize(width: 834, height: 1210), "iPad Pro 13-inch (M4)": CGSize(width: 1032, height: 1376),
        "iPad mini (6th generation)": CGSize(width: 744, height: 1133),
    ]
    public static let defaultDevice = "iPhone 16 Pro"

    /// Renders every preview of `providers` into `directory` (made if missing);
    /// returns the files written, in order.
    @discardableResult
    public static func render(_ providers: [any PreviewProvider.Type], to directory: URL,
                              scale: CGFloat = 2) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written: [URL] = []
        for provider in providers {
            let name = String(describing: provider)
            for (index, preview) in previews(ofAny: provider).enumerated() {
                let label = preview.traits.displayName ?? "\(index)"
                let file = directory.appendingPathComponent("\(fileName(name))-\(fileName(label)).png")
                guard let image = image(of: preview, scale: scale), let png = image.pngData() else {
                    throw PreviewRenderingError.notRendered(provider: name, preview: label)
                }
                try png.write(to: file)
                written.append(file)
            }
        }
        return written
    }

    /// The previews of one provider, with what their modifiers say.
    package static func previews<P: PreviewProvider>(of provider: P.Type) -> [FoundPreview] {
        _PreviewTraitModifier.previews(in: provider.previews)
    }

    private static func previews(ofAny provider: any PreviewProvider.Type) -> [FoundPreview] {
        func open<P: PreviewProvider>(_ p: P.Type) -> [FoundPreview] { previews(of: p) }
        return open(provider)
    }

    /// One preview as an image.
    package static func image(of preview: FoundPreview, scale: CGFloat) -> CGImage? {
        let traits = preview.traits
        switch traits.layout {
        case .sizeThatFits:
            let renderer = ImageRenderer(content: preview.view)
            renderer.scale = scale
            renderer.colorScheme = traits.colorScheme ?? .light
            return renderer.cgImage
        case .fixed(let width, let height):
            return hosted(preview, size: CGSize(width: width, height: height), scale: scale)
        case .device:
            let deviceName = traits.device?.rawValue ?? defaultDevice
            var size = deviceSizes[deviceName] ?? deviceSizes[defaultDevice]!
            if traits.orientation.isLandscape { size = CGSize(width: size.height, height: size.width) }
            return hosted(preview, size: size, scale: scale)
        }
    }

    private static func hosted(_ preview: FoundPreview, size: CGSize, scale: CGFloat) -> CGImage {
        let host = HeadlessHost(size: size, scale: scale) { preview.view }
        host.colorScheme = preview.traits.colorScheme ?? .light
        return host.render()
    }

    private static func fileName(_ s: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let mapped = String(s.map { allowed.contains($0) ? $0 : "_" })
        return mapped.isEmpty ? "_" : mapped
    }
}

/// Why a preview could not be rendered.
public enum PreviewRenderingError: Error, CustomStringConvertible {
    case notRendered(provider: String, preview: String)

    public var description: String {
        switch self {
        case let .notRendered(provider, preview):
            return "the preview \(preview) of \(provider) has no pixels (a zero or impossible size)"
        }
    }
}
