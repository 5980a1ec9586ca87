import Foundation
import OpenCanvasDrawing

// Keyboard navigation (macOS's "Keyboard navigation", iOS's Full Keyboard Access):
// while a host turns it on, Tab reaches every control in reading order, not only
// text fields and `focusable()` views; the focused control shows a ring and its
// keys operate it (Space or Return presses a button or flips a toggle, the arrows
// move a slider). The window host turns it on, as a desktop's controls are; the
// headless host leaves it off, as an iPhone does, unless a test asks for it.

private struct KeyboardNavigationKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Whether Tab reaches every control (a host's setting).
    package var keyboardNavigation: Bool {
        get { self[KeyboardNavigationKey.self] }
        set { self[KeyboardNavigationKey.self] = newValue }
    }
}

/// A control's part in keyboard navigation: focusable while navigation is on and
/// the control is enabled, a ring while focused, and the keys that operate it.
struct KeyboardControl: ViewModifier {
    let isEnabled: Bool
    /// Handles a key press that reaches the focused control.
    let onKey: @MainActor (KeyPress) -> KeyPress.Result
    @Environment(\.keyboardNavigation) private var navigation

    func body(content: Content) -> some View {
        if navigation {
            content
                .overlay { FocusRing() }
                .onKeyPress(phases: [.down, .repeat]) { press in onKey(press) }
                .focusable(isEnabled)
        } else {
            content
        }
    }
}

/// The focused control's ring: the accent colour around its frame, as macOS draws it.
private struct FocusRing: View {
    @Environment(\.isFocused) private var isFocused

    var body: some View {
        if isFocused {
            RoundedRectangle(cornerRadius: 6)
                .stroke(Color.accentColor.opacity(0.7), lineWidth: 3)
                .padding(-2)
                .allowsHitTesting(false)
                .accessibilityHidden(true)
        }
    }
}

extension View {
    /// Takes part in keyboard navigation as a control operated by `onKey`.
    func keyboardControl(isEnabled: Bool, onKey: @escaping @MainActor (KeyPress) -> KeyPress.Result)
        -> ModifiedContent<Self, KeyboardControl> {
        modifier(KeyboardControl(isEnabled: isEnabled, onKey: onKey))
    }

    /// Takes part in keyboard navigation as a control that Space and Return press.
    func keyboardPressable(isEnabled: Bool, press: @escaping @MainActor () -> Void) -> ModifiedContent<Self, KeyboardControl> {
        keyboardControl(isEnabled: isEnabled) { key in
            guard key.key == .space || key.key == .return, key.modifiers.isEmpty || key.modifiers == .shift else { return .ignored }
            if key.phase == .down { press() }
            return .handled
        }
    }
}
