import Foundation
import OpenCanvasDrawing
import OpenCanvasViews

/// Renders previews to PNG files: what Xcode's canvas shows, for a terminal or CI.
///
///     try PreviewRenderer.render([ClockView_Previews.self, ChartView_Previews.self],
///                                to: URL(fileURLWithPath: "previews"))
///
/// Each preview of a provider becomes `<Provider>-<name>.png` (its display name,
/// or its position), each `#Preview` `<File>-<name>.png` (`<File>-Preview.png`,
/// `-Preview-2.png`, … when unnamed): on its device's screen in its orientation (`.device`, the
/// default: an iPhone 16 Pro, 402 × 874 points, unless `previewDevice` names one of
/// the devices below, on the screen's white or black background), at its ideal
/// size (`.sizeThatFits`) or at a fixed size (transparent around the view), in
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
    /// The device a `.device` preview is shown on when its `previewDevice` names
    /// none, or one that is not in `deviceSizes`.
    public static let defaultDevice = "iPhone 16 Pro"

    /// Renders every preview of `providers` into `directory` (made if missing);
    /// returns the files written, in order. The previews' clocks show `date`
    /// (now, as in Xcode's canvas, when `nil`; give one for pictures that are
    /// the same on every run).
    @discardableResult
    public static func render(_ providers: [any PreviewProvider.Type], to directory: URL,
                              scale: CGFloat = 2, date: Date? = nil) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written: [URL] = []
        for (name, image) in images(of: providers, scale: scale, date: date) {
            let file = directory.appendingPathComponent(name + ".png")
            guard let image, let png = image.pngData() else { throw PreviewRenderingError.notRendered(preview: name) }
            try png.write(to: file)
            written.append(file)
        }
        return written
    }

    /// Renders every preview in the program — each `#Preview` and each
    /// `PreviewProvider` type, found without being named (see `allProviders`) —
    /// into `directory`; only those of `module` when it is given. One call in a
    /// test renders a package's previews:
    ///
    ///     @Test @MainActor func previews() throws {
    ///         try PreviewRenderer.renderAll(to: URL(fileURLWithPath: "previews"), module: "MyApp")
    ///     }
    @discardableResult
    public static func renderAll(to directory: URL, module: String? = nil, scale: CGFloat = 2,
                                 date: Date? = nil) throws -> [URL] {
        try render(allProviders(module: module), to: directory, scale: scale, date: date)
    }

    /// The previews of `providers` as images, with the names `render` gives their
    /// files (`nil` for a preview with no pixels: a zero or impossible size).
    public static func images(of providers: [any PreviewProvider.Type], scale: CGFloat = 2,
                              date: Date? = nil) -> [(name: String, image: CGImage?)] {
        named(providers).map { ($0.name, image(of: $0.preview, scale: scale, date: date)) }
    }

    /// The file names (without `.png`) of the previews of `providers`, in order:
    /// `<Provider>-<display name or position>` for a provider's previews, and
    /// `<File>-<name>` for a `#Preview` (`<File>-Preview`, `-Preview-2`, … for
    /// unnamed ones, numbered by line), unique.
    package static func named(_ providers: [any PreviewProvider.Type]) -> [(name: String, preview: FoundPreview)] {
        var found: [(name: String, preview: FoundPreview)] = []
        var unnamedInFile: [String: Int] = [:]
        var used: Set<String> = []
        for provider in providers {
            for (index, preview) in previews(ofAny: provider).enumerated() {
                var name: String
                if let source = preview.traits.source {
                    if let label = preview.traits.displayName {
                        name = "\(fileName(source.fileStem))-\(fileName(label))"
                    } else {
                        let n = unnamedInFile[source.fileID, default: 0] + 1
                        unnamedInFile[source.fileID] = n
                        name = "\(fileName(source.fileStem))-Preview" + (n > 1 ? "-\(n)" : "")
                    }
                } else {
                    name = "\(fileName(String(describing: provider)))-\(fileName(preview.traits.displayName ?? "\(index)"))"
                }
                if used.contains(name) {
                    var k = 2
                    while used.contains("\(name)-\(k)") { k += 1 }
                    name += "-\(k)"
                }
                used.insert(name)
                found.append((name, preview))
            }
        }
        return found
    }

    /// The previews of one provider, with what their modifiers say.
    package static func previews<P: PreviewProvider>(of provider: P.Type) -> [FoundPreview] {
        _PreviewTraitModifier.previews(in: provider.previews)
    }

    package static func previews(ofAny provider: any PreviewProvider.Type) -> [FoundPreview] {
        func open<P: PreviewProvider>(_ p: P.Type) -> [FoundPreview] { previews(of: p) }
        return open(provider)
    }

    /// One preview as an image.
    package static func image(of preview: FoundPreview, scale: CGFloat, date: Date? = nil) -> CGImage? {
        let traits = preview.traits
        var size: CGSize
        switch traits.layout {
        case .sizeThatFits:
            size = ViewTree.idealSize(of: preview.view, colorScheme: traits.colorScheme ?? .light)
        case .fixed(let width, let height):
            size = CGSize(width: width, height: height)
        case .device:
            let deviceName = traits.device?.rawValue ?? defaultDevice
            size = deviceSizes[deviceName] ?? deviceSizes[defaultDevice]!
            if traits.orientation.isLandscape { size = CGSize(width: size.height, height: size.width) }
        }
        // On a device's screen the view sits on the window's background, white or
        // black as `systemBackground` is; other layouts keep their transparency.
        let scheme = traits.colorScheme ?? .light
        let onScreen = traits.layout == .device
        let host = HeadlessHost(size: size, scale: scale) {
            ZStack {
                if onScreen { scheme == .dark ? Color.black : Color.white }
                preview.view
            }
        }
        host.colorScheme = scheme
        if let date { host.date = date }
        let image = host.render()
        return image.width > 0 && image.height > 0 ? image : nil
    }

    private static func fileName(_ s: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let mapped = String(s.map { allowed.contains($0) ? $0 : "_" })
        return mapped.isEmpty ? "_" : mapped
    }
}

/// Why a preview could not be rendered.
public enum PreviewRenderingError: Error, CustomStringConvertible {
    /// The preview (named as its file, without `.png`) had no pixels: a zero or
    /// impossible size, so no file was written.
    case notRendered(preview: String)

    public var description: String {
        switch self {
        case let .notRendered(preview):
            return "the preview \(preview) has no pixels (a zero or impossible size)"
        }
    }
}
