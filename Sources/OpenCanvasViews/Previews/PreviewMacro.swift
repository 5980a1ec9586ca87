import Foundation
import OpenCanvasDrawing

/// A preview of a view, as Xcode's canvas shows it:
///
///     #Preview { ClockView() }
///     #Preview("Dark", traits: .sizeThatFitsLayout) { ClockView().preferredColorScheme(.dark) }
///
/// The macro makes a `PreviewProvider` type for the preview (its name, traits and
/// view), which `PreviewRenderer` renders like any other provider.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "OpenCanvasMacros", type: "PreviewMacro")

/// A preview of a view with a name and one or more traits (a layout, an orientation).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                     _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "OpenCanvasMacros", type: "PreviewMacro")

/// Marks a `@State` (or other) variable declared inside a `#Preview` body. Here the
/// variable keeps the value it was declared with (a preview is drawn once).
@attached(peer)
public macro Previewable() = #externalMacro(module: "OpenCanvasMacros", type: "PreviewableMacro")

/// The namespace of preview traits.
public struct Preview {
    /// Traits of view previews.
    public struct ViewTraits: Sendable {}
}

/// A trait of a `#Preview`: its layout or its device's orientation.
public struct PreviewTrait<T>: @unchecked Sendable {
    let apply: @Sendable (inout PreviewTraits) -> Void
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The device's screen (the default).
    public static var defaultLayout: PreviewTrait { PreviewTrait { $0.layout = .device } }
    /// The view's ideal size.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait { $0.layout = .sizeThatFits } }
    /// A fixed size, in points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait { $0.layout = .fixed(width: width, height: height) }
    }
    /// A device held upright (the default).
    public static var portrait: PreviewTrait { PreviewTrait { $0.orientation = .portrait } }
    /// A device held upside down; drawn at the same size as portrait.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait { $0.orientation = .portraitUpsideDown } }
    /// A device turned on its side: its screen's width and height swap.
    public static var landscapeLeft: PreviewTrait { PreviewTrait { $0.orientation = .landscapeLeft } }
    /// A device turned on its other side: its screen's width and height swap.
    public static var landscapeRight: PreviewTrait { PreviewTrait { $0.orientation = .landscapeRight } }
}

/// What a `#Preview` expands to: its arguments and body, as one preview view with
/// the preview modifiers its traits stand for.
@MainActor
public struct _MacroPreview<Content: View> {
    let name: String?
    let traits: [PreviewTrait<Preview.ViewTraits>]
    let content: Content

    public init(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> Content) {
        self.name = name
        traits = []
        content = body()
    }

    public init(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                @ViewBuilder body: @escaping @MainActor () -> Content) {
        self.name = name
        self.traits = [traits] + additionalTraits
        content = body()
    }

    /// The preview, its name, traits and place in the source (`Module/File.swift`
    /// and the line of the `#Preview`) as preview modifiers.
    public func view(fileID: String, line: Int) -> some View {
        let traits = self.traits, name = self.name
        return content.modifier(_PreviewTraitModifier { t in
            for trait in traits { trait.apply(&t) }
            if let name { t.displayName = name }
            t.source = PreviewSource(fileID: fileID, line: line)
        })
    }
}
