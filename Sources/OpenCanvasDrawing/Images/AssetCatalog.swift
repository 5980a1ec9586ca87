import Foundation
import CanvasGeometry

/// Asset catalogs (`.xcassets` folders) in a bundle's resources, read as Xcode
/// compiles them on Apple platforms: colour sets (`Name.colorset`, with their "any"
/// and dark appearances) for `Color("Name")`, image sets (`name.imageset`, with
/// their 1×, 2× and 3× files) for `Image("name")`. Groups (folders) inside a
/// catalog are searched; a name is found in the first catalog that has it.
/// Declare the catalog as a resource of the target (`resources: [.copy("Assets.xcassets")]`)
/// so that SwiftPM puts it in the bundle on Linux.
enum AssetCatalog {
    /// A colour set's colours: its universal ("any") appearance and its dark one.
    struct ColorSet {
        var light: (Double, Double, Double, Double)
        var dark: (Double, Double, Double, Double)?
    }

    private struct Cache {
        var catalogs: [String: [URL]] = [:]
        var colors: [String: ColorSet?] = [:]
        var reported: Set<String> = []
    }
    private static let cache = Locked(Cache())

    /// The `.xcassets` folders of `bundle` (within three folder levels of its resources).
    static func catalogs(in bundle: Bundle) -> [URL] {
        let key = bundle.bundlePath
        if let hit = cache.withLock({ $0.catalogs[key] }) { return hit }
        var found: [URL] = []
        let root = (bundle.resourceURL ?? URL(fileURLWithPath: bundle.bundlePath)).path
        // By path, not by URL: a bundle is often an executable's folder, with
        // hundreds of build products in it, and Foundation's URL resource values cost
        // about 50 µs an item here (a first `Image("name")` waited 40 ms for them).
        func search(_ path: String, depth: Int) {
            guard depth <= 3, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() {
                let item = path + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: item, isDirectory: &isDirectory),
                      isDirectory.boolValue else { continue }
                if name.hasSuffix(".xcassets") {
                    found.append(URL(fileURLWithPath: item, isDirectory: true))
                } else {
                    search(item, depth: depth + 1)
                }
            }
        }
        search(root, depth: 0)
        cache.withLock { $0.catalogs[key] = found }
        return found
    }

    /// The folder `name.<kind>` in a catalog (or a group of it), if any.
    static func set(_ name: String, kind: String, in bundle: Bundle) -> URL? {
        for catalog in catalogs(in: bundle) {
            if let hit = find("\(name).\(kind)", under: catalog, depth: 0) { return hit }
        }
        return nil
    }

    private static func find(_ folder: String, under url: URL, depth: Int) -> URL? {
        let direct = url.appendingPathComponent(folder)
        if FileManager.default.fileExists(atPath: direct.appendingPathComponent("Contents.json").path) { return direct }
        guard depth < 8, let items = try? FileManager.default.contentsOfDirectory(
            at: url, includingPropertiesForKeys: [.isDirectoryKey]) else { return nil }
        for item in items.sorted(by: { $0.path < $1.path }) where item.pathExtension.isEmpty {
            if let hit = find(folder, under: item, depth: depth + 1) { return hit }
        }
        return nil
    }

    /// The colour set `name`, or `nil` (reported once per bundle and name).
    static func color(_ name: String, bundle: Bundle) -> ColorSet? {
        let key = bundle.bundlePath + "/" + name
        if let hit = cache.withLock({ $0.colors[key] }) { return hit }
        let set = self.set(name, kind: "colorset", in: bundle).flatMap(parseColorSet)
        cache.withLock { $0.colors[key] = .some(set) }
        if set == nil { reportMissing("colour", name, bundle) }
        return set
    }

    static func reportMissing(_ what: String, _ name: String, _ bundle: Bundle) {
        let first = cache.withLock { $0.reported.insert("\(what) \(bundle.bundlePath)/\(name)").inserted }
        if first {
            Diagnostics.report(what == "colour" ? .colorUnavailable : .imageUnavailable,
                               "OpenCanvas: no \(what) named '\(name)' was found in the asset catalogs of \(bundle.bundlePath)")
        }
    }

    private static func json(_ folder: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("Contents.json")) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func isDark(_ entry: [String: Any]) -> Bool {
        let appearances = entry["appearances"] as? [[String: Any]] ?? []
        return appearances.contains { ($0["appearance"] as? String) == "luminosity" && ($0["value"] as? String) == "dark" }
    }

    private static func isOtherVariant(_ entry: [String: Any]) -> Bool {
        // High-contrast and light-only entries are not the defaults.
        let appearances = entry["appearances"] as? [[String: Any]] ?? []
        return appearances.contains { ($0["appearance"] as? String) == "contrast" }
            || appearances.contains { ($0["value"] as? String) == "light" }
    }

    static func parseColorSet(_ folder: URL) -> ColorSet? {
        guard let colors = json(folder)?["colors"] as? [[String: Any]] else { return nil }
        var light: (Double, Double, Double, Double)?
        var dark: (Double, Double, Double, Double)?
        for entry in colors {
            guard let color = entry["color"] as? [String: Any], let c = components(color) else { continue }
            if isDark(entry) {
                if !isOtherVariant(entry), dark == nil { dark = c }
            } else if !isOtherVariant(entry), light == nil {
                light = c
            }
        }
        guard let light else { return nil }
        return ColorSet(light: light, dark: dark)
    }

    /// A colour's extended sRGB components from its `color` entry.
    static func components(_ color: [String: Any]) -> (Double, Double, Double, Double)? {
        guard let values = color["components"] as? [String: Any] else { return nil }
        func value(_ key: String) -> Double? {
            guard let raw = values[key] else { return nil }
            if let n = raw as? Double { return n }
            guard let s = (raw as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if s.hasPrefix("0x") || s.hasPrefix("0X") { return UInt8(s.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            if s.contains(".") { return Double(s) }
            return Int(s).map { Double($0) / 255 }            // 8-bit integer components
        }
        let alpha = value("alpha") ?? 1
        let space = (color["color-space"] as? String) ?? "srgb"
        if let white = value("white") {
            return (white, white, white, alpha)
        }
        guard let r = value("red"), let g = value("green"), let b = value("blue"),
              r.isFinite, g.isFinite, b.isFinite, alpha.isFinite else { return nil }
        let srgb: (Double, Double, Double)
        switch space {
        case "display-p3": srgb = Color.toSRGB(.displayP3, r, g, b)
        case "extended-linear-srgb", "linear-srgb": srgb = Color.toSRGB(.sRGBLinear, r, g, b)
        default: srgb = (r, g, b)
        }
        return (srgb.0, srgb.1, srgb.2, alpha)
    }

    /// The file of image set `name` best for `displayScale` (the display's scale or
    /// the nearest below, else any), and its scale.
    static func image(_ name: String, bundle: Bundle, displayScale: CGFloat) -> (URL, Double)? {
        guard let folder = set(name, kind: "imageset", in: bundle),
              let images = json(folder)?["images"] as? [[String: Any]] else { return nil }
        var byScale: [Int: URL] = [:]
        for entry in images where !isDark(entry) && !isOtherVariant(entry) {
            guard let file = entry["filename"] as? String else { continue }
            let scale = Int((entry["scale"] as? String)?.dropLast() ?? "1") ?? 1
            if byScale[scale] == nil { byScale[scale] = folder.appendingPathComponent(file) }
        }
        let wanted = max(1, min(3, Int(displayScale.rounded(.up))))
        for s in stride(from: wanted, through: 1, by: -1) { if let url = byScale[s] { return (url, Double(s)) } }
        guard let (scale, url) = byScale.min(by: { $0.key < $1.key }) else { return nil }
        return (url, Double(scale))
    }
}

extension Color {
    /// The colour named `name` in the asset catalogs of `bundle` (the main bundle
    /// by default), with its dark appearance if the colour set has one. A name no
    /// catalog has draws nothing (it is reported once).
    public init(_ name: String, bundle: Bundle? = nil) {
        guard let set = AssetCatalog.color(name, bundle: bundle ?? .main) else {
            self.init(srgb: 0, 0, 0, 0, name: name)
            return
        }
        self.init(srgb: set.light.0, set.light.1, set.light.2, set.light.3, name: name)
        if let d = set.dark { dark = DarkComponents(red: d.0, green: d.1, blue: d.2, opacity: d.3) }
    }
}
