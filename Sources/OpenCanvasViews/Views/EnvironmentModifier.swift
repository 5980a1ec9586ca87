import Foundation
import OpenCanvasDrawing

/// Writes one environment value for a view and its descendants
/// (`.environment(\.locale, …)`, `.font(_:)`, `.lineLimit(_:)`, …).
@frozen
public struct _EnvironmentKeyWritingModifier<Value>: _PrimitiveViewModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value
}

extension _EnvironmentKeyWritingModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var inner = environment
        inner[keyPath: keyPath] = value
        return EnvironmentNode(child: OpenCanvasViews.makeNode(content, environment: inner), write: { [keyPath, value] in
            $0[keyPath: keyPath] = value
        })
    }
}

/// A node that changes the environment its child renders with.
final class EnvironmentNode: ViewNode {
    let child: ViewNode
    override var subnodes: [ViewNode] { [child] }
    let write: (inout EnvironmentValues) -> Void

    init(child: ViewNode, write: @escaping (inout EnvironmentValues) -> Void) {
        self.child = child
        self.write = write
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    override func place(in frame: CGRect) {
        super.place(in: frame)
        child.place(in: frame)
    }

    override func render(in context: RenderContext) {
        var inner = context
        write(&inner.environment)
        child.render(in: inner)
    }
}

extension View {
    /// Sets an environment value for this view and the views inside it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<V>> {
        ModifiedContent(content: self, modifier: _EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }

    /// The default font of text in this view.
    public func font(_ font: Font?) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<Font?>> {
        environment(\.font, font)
    }

    /// How lines of multiline text align with each other.
    public func multilineTextAlignment(_ alignment: TextAlignment)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<TextAlignment>> {
        environment(\.multilineTextAlignment, alignment)
    }

    /// The most lines text may take (`nil`: as many as it needs).
    public func lineLimit(_ number: Int?) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<Int?>> {
        environment(\.lineLimit, number)
    }

    /// The case the text inside is drawn in (`nil`: as written).
    public func textCase(_ textCase: Text.Case?) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<Text.Case?>> {
        environment(\.textCase, textCase)
    }

    /// Where text that does not fit is cut.
    public func truncationMode(_ mode: Text.TruncationMode)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<Text.TruncationMode>> {
        environment(\.truncationMode, mode)
    }
}

extension View {
    /// The colour of text and template images (the `.foreground` shading) in this
    /// view, SwiftUI's older spelling of a colour foreground style.
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _ForegroundStyleModifier> {
        ModifiedContent(content: self, modifier: _ForegroundStyleModifier(write: { env in
            env.foregroundColor = color
            env.foregroundStyle = nil
        }))
    }

    /// The foreground style (a colour, gradient or other style) of text, template
    /// images, shapes filled with `.foreground` and `.primary`…`.quinary` in this
    /// view; a style relative to the foreground (`.secondary`) is taken relative to
    /// the style outside.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _ForegroundStyleModifier> {
        if let color = style as? Color { return foregroundColor(color) }
        return ModifiedContent(content: self, modifier: _ForegroundStyleModifier(write: { env in
            env.foregroundStyle = AnyShapeStyle(_FixedShapeStyle(paint: style._paint(in: env)))
        }))
    }

    /// A palette: `primary` is the foreground style, `secondary` what `.secondary`
    /// draws with (and symbols' second layers, where a symbol has layers).
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2)
        -> ModifiedContent<Self, _ForegroundStyleModifier> {
        palette(primary, [AnyShapeStyle(secondary)])
    }

    /// A palette of three styles (`.secondary` and `.tertiary` draw with the others).
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2,
                                                                             _ tertiary: S3)
        -> ModifiedContent<Self, _ForegroundStyleModifier> {
        palette(primary, [AnyShapeStyle(secondary), AnyShapeStyle(tertiary)])
    }

    private func palette<S: ShapeStyle>(_ primary: S, _ others: [AnyShapeStyle])
        -> ModifiedContent<Self, _ForegroundStyleModifier> {
        ModifiedContent(content: self, modifier: _ForegroundStyleModifier(write: { env in
            let outside = env
            if let color = primary as? Color {
                env.foregroundColor = color
                env.foregroundStyle = nil
            } else {
                env.foregroundStyle = AnyShapeStyle(_FixedShapeStyle(paint: primary._paint(in: outside)))
            }
            env.paletteStyles = others.map { AnyShapeStyle(_FixedShapeStyle(paint: $0._paint(in: outside))) }
        }))
    }

    /// Sets how system symbols in this view are coloured (see `SymbolRenderingMode`).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<SymbolRenderingMode?>> {
        environment(\.symbolRenderingMode, mode)
    }

    /// The tint of controls in this view (buttons' labels); `nil` for the accent colour.
    public func tint(_ color: Color?) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<Color?>> {
        environment(\.tint, color)
    }
}

/// Sets the foreground style, computed from the environment outside.
public struct _ForegroundStyleModifier: _PrimitiveViewModifier {
    let write: (inout EnvironmentValues) -> Void
}

extension _ForegroundStyleModifier {
    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(makeNode(content, environment: inputs.environment))
    }

    func makeNode<Content: View>(_ content: Content, environment: EnvironmentValues) -> ViewNode {
        var inner = environment
        write(&inner)
        return EnvironmentNode(child: OpenCanvasViews.makeNode(content, environment: inner), write: write)
    }
}
