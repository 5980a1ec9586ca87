import Foundation
import Observation
import OpenCanvasDrawing

/// Whether the views can be edited (a list shows delete controls and move
/// handles while active).
public enum EditMode: Hashable, Sendable {
    /// Not editing.
    case inactive
    /// Editing for a moment (a swipe).
    case transient
    /// Editing.
    case active

    /// Whether editing is on.
    public var isEditing: Bool { self != .inactive }
}

/// The edit mode of a navigation page (its list and its toolbar's `EditButton`
/// share it).
@Observable @MainActor
final class EditModeBox {
    var mode: EditMode = .inactive
}

private struct EditModeKey: EnvironmentKey {
    static var defaultValue: Binding<EditMode>? { nil }
}

extension EnvironmentValues {
    /// The edit mode of the views (set by a navigation stack's page; `nil`
    /// outside one unless set).
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// A button that turns the edit mode of its page on ("Edit") and off ("Done").
public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    /// An edit button.
    public init() {}

    /// "Edit" or "Done", toggling the edit mode.
    public var body: some View {
        let editing = editMode?.wrappedValue.isEditing ?? false
        Button {
            withAnimation(.easeInOut(duration: 0.25)) { editMode?.wrappedValue = editing ? .inactive : .active }
        } label: {
            Text(editing ? "Done" : "Edit").fontWeight(editing ? .semibold : nil)
        }
    }
}
