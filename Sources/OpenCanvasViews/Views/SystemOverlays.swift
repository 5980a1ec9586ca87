import Foundation
import OpenCanvasDrawing

/// The regions of the safe area a view may extend into.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The safe area of the device and of containers: bars, the notch, the home indicator.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The area the software keyboard covers.
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    /// Every region.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// Whether a system element is shown.
public enum Visibility: Hashable, Sendable, CaseIterable {
    /// `automatic` lets the system decide; `visible` shows the element, `hidden` hides it.
    case automatic, visible, hidden
}

/// The modifiers that leave a view as it is here, each for a documented reason:
/// system chrome OpenCanvas's hosts do not have — no safe area (a host's view
/// fills its window or image; `GeometryProxy.safeAreaInsets` is zero), no status
/// bar, no home indicator — so that code written for an iPhone lays out as it
/// does there on a device without a notch; and `contentTransition` (see
/// `ContentTransition`).
public struct _PassThroughModifier: _PrimitiveViewModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(OpenCanvasViews.makeNode(content, environment: inputs.environment))
    }
}

extension View {
    /// Extends the view into the safe area (there is none in OpenCanvas's hosts).
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
        -> ModifiedContent<Self, _PassThroughModifier> {
        ModifiedContent(content: self, modifier: _PassThroughModifier())
    }

    /// Extends the view into the safe area (the older form; soft-deprecated, as in
    /// SwiftUI: no warning).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> ModifiedContent<Self, _PassThroughModifier> {
        ModifiedContent(content: self, modifier: _PassThroughModifier())
    }

    /// Hides the status bar (there is none).
    public func statusBarHidden(_ hidden: Bool = true) -> ModifiedContent<Self, _PassThroughModifier> {
        ModifiedContent(content: self, modifier: _PassThroughModifier())
    }

    /// Hides the home indicator and similar overlays (there are none).
    public func persistentSystemOverlays(_ visibility: Visibility) -> ModifiedContent<Self, _PassThroughModifier> {
        ModifiedContent(content: self, modifier: _PassThroughModifier())
    }
}
