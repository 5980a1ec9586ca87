import Foundation
import OpenCanvasDrawing

/// A type that produces view previews (Xcode's canvas on Apple platforms). On
/// Linux, `PreviewRenderer` (in the headless host) renders every preview of the
/// providers it is given to PNG files, with their layouts, devices, orientations
/// and names.
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The type of view `previews` returns.
    associatedtype Previews: View
    /// The previews: one view, or several (a group or a list of views), each with
    /// its own preview modifiers.
    @ViewBuilder static var previews: Previews { get }
    /// The platform the previews are for (`nil`: the one being built for). Accepted;
    /// `PreviewRenderer` does not read it.
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    /// No particular platform.
    public static var platform: PreviewPlatform? { nil }
}

/// The platform a preview is for.
public enum PreviewPlatform: Hashable, Sendable {
    /// The Apple platforms a preview can be for.
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// How a preview is sized.
public enum PreviewLayout: Hashable, Sendable {
    /// The device's screen (the default).
    case device
    /// The view's ideal size.
    case sizeThatFits
    /// A fixed size, in points.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview is shown on, by the name Xcode uses ("iPhone 15 Pro").
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// The orientation of a preview's device.
public struct InterfaceOrientation: Hashable, Sendable {
    let name: String
    package let isLandscape: Bool
    /// The device held upright (the default).
    public static let portrait = InterfaceOrientation(name: "portrait", isLandscape: false)
    /// The device held upside down; drawn at the same size as portrait.
    public static let portraitUpsideDown = InterfaceOrientation(name: "portraitUpsideDown", isLandscape: false)
    /// The device turned on its side: its screen's width and height swap.
    public static let landscapeLeft = InterfaceOrientation(name: "landscapeLeft", isLandscape: true)
    /// The device turned on its other side: its screen's width and height swap.
    public static let landscapeRight = InterfaceOrientation(name: "landscapeRight", isLandscape: true)
}

/// What a preview's modifiers say about it.
package struct PreviewTraits: Sendable {
    package var layout: PreviewLayout = .device
    package var displayName: String?
    package var device: PreviewDevice?
    package var orientation: InterfaceOrientation = .portrait
    package var colorScheme: ColorScheme?
    /// Where a `#Preview` is written (nil for a `PreviewProvider`'s previews).
    package var source: PreviewSource?
    package init() {}
}

/// The file and line of a `#Preview`.
package struct PreviewSource: Hashable, Sendable {
    /// `Module/File.swift`.
    package let fileID: String
    package let line: Int
    package var module: String { String(fileID.prefix { $0 != "/" }) }
    /// The file's name without its folder or `.swift`.
    package var fileStem: String {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        return file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
    }
}

/// A preview modifier: no effect on the view (a preview is drawn as the view
/// is); `PreviewRenderer` reads it from the preview's view value.
public struct _PreviewTraitModifier: _PrimitiveViewModifier {
    let apply: @Sendable (inout PreviewTraits) -> Void

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(OpenCanvasViews.makeNode(content, environment: inputs.environment))
    }
}

extension View {
    private func previewTrait(_ apply: @escaping @Sendable (inout PreviewTraits) -> Void)
        -> ModifiedContent<Self, _PreviewTraitModifier> {
        ModifiedContent(content: self, modifier: _PreviewTraitModifier(apply: apply))
    }

    /// Sizes the preview: the device's screen, the view's ideal size, or fixed.
    public func previewLayout(_ value: PreviewLayout) -> ModifiedContent<Self, _PreviewTraitModifier> {
        previewTrait { $0.layout = value }
    }

    /// Names the preview (its file name when rendered).
    public func previewDisplayName(_ value: String?) -> ModifiedContent<Self, _PreviewTraitModifier> {
        previewTrait { $0.displayName = value }
    }

    /// Shows the preview on a device (`nil`: the default device).
    public func previewDevice(_ value: PreviewDevice?) -> ModifiedContent<Self, _PreviewTraitModifier> {
        previewTrait { $0.device = value }
    }

    /// Turns the preview's device.
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> ModifiedContent<Self, _PreviewTraitModifier> {
        previewTrait { $0.orientation = value }
    }
}

/// One preview found in a provider's `previews`: the view, and its traits.
package struct FoundPreview {
    package let view: AnyView
    package let traits: PreviewTraits
}

extension _PreviewTraitModifier {
    /// The previews in a `previews` value: a group or a list of views is several
    /// previews; preview modifiers around them (or around the group) are read,
    /// `preferredColorScheme` too.
    package static func previews<V: View>(in view: V) -> [FoundPreview] {
        var found: [FoundPreview] = []
        collect(view, PreviewTraits(), into: &found)
        return found
    }

    private static func collect(_ value: Any, _ traits: PreviewTraits, into found: inout [FoundPreview]) {
        guard let view = value as? any View else { return }
        if let split = view as? any PreviewSplittable {
            for part in split.previewParts { collect(part, traits, into: &found) }
            return
        }
        var traits = traits
        var inner: Any = view
        // Read the traits of the modifiers around the preview's root (outermost first).
        while let modified = inner as? any PreviewModified {
            modified.apply(to: &traits)
            inner = modified.previewContent
            if inner is any PreviewSplittable {
                collect(inner, traits, into: &found)
                return
            }
        }
        found.append(FoundPreview(view: AnyView(erasing: view), traits: traits))
    }
}

/// Views whose parts are separate previews (`Group`, tuples of views).
@MainActor protocol PreviewSplittable { var previewParts: [Any] { get } }

extension Group: PreviewSplittable {
    var previewParts: [Any] {
        if let tuple = content as? any PreviewSplittable { return tuple.previewParts }
        return [content]
    }
}

extension TupleView: PreviewSplittable {
    var previewParts: [Any] { Mirror(reflecting: value).children.map(\.value) }
}

/// A modified view, as preview traits see it.
@MainActor protocol PreviewModified {
    var previewContent: Any { get }
    func apply(to traits: inout PreviewTraits)
}

extension ModifiedContent: PreviewModified where Content: View, Modifier: _PrimitiveViewModifier {
    var previewContent: Any { content }
    func apply(to traits: inout PreviewTraits) {
        if let m = modifier as? _PreviewTraitModifier { m.apply(&traits) }
        if let m = modifier as? _PreferredColorSchemeModifier, let scheme = m.scheme { traits.colorScheme = scheme }
    }
}
