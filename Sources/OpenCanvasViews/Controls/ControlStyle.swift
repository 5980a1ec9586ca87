import Foundation
import OpenCanvasDrawing

// What every styled control shares: the type-erased style its environment
// holds, the environment key it is held under, and the view type a style
// configuration's labels have.

/// A style with its type erased: how a control's configuration becomes a view.
@MainActor
struct AnyStyle<Configuration> {
    let makeBody: (Configuration) -> AnyView
}

/// The environment's entry for one kind of style (`nil`: the control's default).
struct StyleKey<Configuration>: EnvironmentKey {
    static var defaultValue: AnyStyle<Configuration>? { nil }
}

/// A label a control hands its style (a toggle's, a button's, a gauge's …), as
/// a view: each configuration's `Label` type is this one.
public struct _ConfigurationLabel: View {
    let content: AnyView
    init<V: View>(_ view: V) { content = AnyView(view) }
    /// The label's view.
    public var body: some View { content }
}
