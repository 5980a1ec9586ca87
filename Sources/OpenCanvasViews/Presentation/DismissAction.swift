import Foundation
import OpenCanvasDrawing

/// Dismisses the presentation a view is in: `@Environment(\.dismiss)` inside a
/// sheet, an alert's or a dialog's content, or a navigation destination (which
/// it pops). Outside any presentation it does nothing, as in SwiftUI.
///
///     @Environment(\.dismiss) private var dismiss
///     Button("Done") { dismiss() }
@MainActor
public struct DismissAction {
    let action: (@MainActor () -> Void)?

    /// Dismisses the presentation.
    public func callAsFunction() { action?() }
}

private struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction(action: nil) }
}

private struct IsPresentedKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Dismisses the presentation the view is in.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }

    /// Whether the view is in a presentation (a sheet, a pushed destination).
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }
}
