import Foundation
import OpenCanvasDrawing

/// A geometric value of a view (a rect or a point) kept in a form any other
/// view can read in its own coordinates, with `GeometryProxy`'s subscript:
///
///     .anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
///     .overlayPreferenceValue(BoundsKey.self) { anchor in
///         GeometryReader { proxy in
///             if let anchor { Rectangle().stroke().frame(width: proxy[anchor].width, height: proxy[anchor].height)
///                 .offset(x: proxy[anchor].minX, y: proxy[anchor].minY) }
///         }
///     }
///
/// Here an anchor holds its value in the root view's coordinates; a proxy
/// moves it into the reader's. (Transform effects such as `scaleEffect` are
/// not applied to anchors; offsets and layout are.)
public struct Anchor<Value> {
    let global: Value
    let localize: @Sendable (Value, CGPoint) -> Value

    /// Where an anchor's value comes from: a rect or a point of the view.
    public struct Source {
        let make: @Sendable (CGRect) -> Anchor<Value>
    }
}

extension Anchor: Equatable where Value: Equatable {
    public static func == (a: Anchor, b: Anchor) -> Bool { a.global == b.global }
}

extension Anchor: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(global) }
}

extension Anchor: @unchecked Sendable where Value: Sendable {}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source { frame in anchor(frame) } }

    /// A rect in the view's own coordinates.
    public static func rect(_ r: CGRect) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { frame in anchor(r.offsetBy(dx: frame.minX, dy: frame.minY)) }
    }

    private static func anchor(_ global: CGRect) -> Anchor<CGRect> {
        Anchor(global: global) { rect, origin in rect.offsetBy(dx: -origin.x, dy: -origin.y) }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ p: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in anchor(CGPoint(x: frame.minX + p.x, y: frame.minY + p.y)) }
    }

    /// A point given as a fraction of the view's size.
    public static func unitPoint(_ u: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in
            anchor(CGPoint(x: frame.minX + u.x * frame.width, y: frame.minY + u.y * frame.height))
        }
    }

    /// The view's top-leading corner.
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    /// The midpoint of the view's top edge.
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    /// The view's top-trailing corner.
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    /// The midpoint of the view's leading edge.
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    /// The centre of the view.
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    /// The midpoint of the view's trailing edge.
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    /// The view's bottom-leading corner.
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    /// The midpoint of the view's bottom edge.
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    /// The view's bottom-trailing corner.
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
    /// The view's origin (its top-leading corner).
    public static var zero: Anchor<CGPoint>.Source { unitPoint(.zero) }

    private static func anchor(_ global: CGPoint) -> Anchor<CGPoint> {
        Anchor(global: global) { p, origin in CGPoint(x: p.x - origin.x, y: p.y - origin.y) }
    }
}

extension GeometryProxy {
    /// An anchor's value in this reader's coordinates.
    public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.localize(anchor.global, globalFrame.origin)
    }
}

/// `anchorPreference` and `transformAnchorPreference`: a preference made from the
/// view's geometry when it is placed.
public struct _AnchorWritingModifier<A, Key: PreferenceKey>: _PrimitiveViewModifier {
    let source: Anchor<A>.Source
    /// The new value, from the descendants' value and the anchor.
    let combine: (inout Key.Value, Anchor<A>) -> Void
    let replacesDescendants: Bool

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let source = self.source, combine = self.combine, replaces = replacesDescendants
        let child = OpenCanvasViews.makeNode(content, environment: inputs.environment)
        return _ViewOutputs(PreferenceNode(child: child, key: ObjectIdentifier(Key.self), value: Key.defaultValue) { frame, node in
            var value = replaces ? Key.defaultValue : preferenceValue(Key.self, under: node.child)
            combine(&value, source.make(frame))
            return value
        })
    }
}

extension View {
    /// Sets a preference from a geometric value of the view (its bounds, a point).
    public func anchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value)
        -> ModifiedContent<Self, _AnchorWritingModifier<A, K>> {
        ModifiedContent(content: self, modifier: _AnchorWritingModifier(source: value, combine: { $0 = transform($1) },
                                                                         replacesDescendants: true))
    }

    /// Changes the preference the view's descendants produce with a geometric
    /// value of the view.
    public func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void)
        -> ModifiedContent<Self, _AnchorWritingModifier<A, K>> {
        ModifiedContent(content: self, modifier: _AnchorWritingModifier(source: value, combine: transform,
                                                                         replacesDescendants: false))
    }
}
