import Foundation
import OpenCanvasDrawing

/// A key on a keyboard, by the character it stands for. Keys without one (the
/// arrows, Home, Page Up, …) use Apple's function-key characters (U+F700…), as
/// SwiftUI's constants do.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character the key stands for.
    public var character: Character

    /// The key that types `character`.
    public init(_ character: Character) { self.character = character }

    /// The key that types the literal's character.
    public init(extendedGraphemeClusterLiteral value: Character) { character = value }

    /// Return (U+000D).
    public static let `return` = KeyEquivalent("\r")
    /// Tab (U+0009).
    public static let tab = KeyEquivalent("\t")
    /// The space bar.
    public static let space = KeyEquivalent(" ")
    /// Escape (U+001B).
    public static let escape = KeyEquivalent("\u{1B}")
    /// Delete backward: Backspace (U+007F).
    public static let delete = KeyEquivalent("\u{7F}")
    /// Delete forward (U+F728).
    public static let deleteForward = KeyEquivalent("\u{F728}")
    /// The up arrow (U+F700).
    public static let upArrow = KeyEquivalent("\u{F700}")
    /// The down arrow (U+F701).
    public static let downArrow = KeyEquivalent("\u{F701}")
    /// The left arrow (U+F702).
    public static let leftArrow = KeyEquivalent("\u{F702}")
    /// The right arrow (U+F703).
    public static let rightArrow = KeyEquivalent("\u{F703}")
    /// Home (U+F729).
    public static let home = KeyEquivalent("\u{F729}")
    /// End (U+F72B).
    public static let end = KeyEquivalent("\u{F72B}")
    /// Page Up (U+F72C).
    public static let pageUp = KeyEquivalent("\u{F72C}")
    /// Page Down (U+F72D).
    public static let pageDown = KeyEquivalent("\u{F72D}")
    /// Clear (U+F739).
    public static let clear = KeyEquivalent("\u{F739}")
}

/// The modifier keys held during an event.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers' bits.
    public let rawValue: Int
    /// Modifiers from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    /// Shift is held.
    public static let shift = EventModifiers(rawValue: 1 << 1)
    /// Control is held.
    public static let control = EventModifiers(rawValue: 1 << 2)
    /// Option (Alt) is held.
    public static let option = EventModifiers(rawValue: 1 << 3)
    /// Command (the Super key on Linux keyboards) is held.
    public static let command = EventModifiers(rawValue: 1 << 4)
    /// The key is on the numeric keypad.
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    /// Every modifier.
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad]
}

/// A key press that reaches a view with `onKeyPress`.
public struct KeyPress: Sendable {
    /// The phases of a key press a handler asks for.
    public struct Phases: OptionSet, Hashable, Sendable {
        /// The phases' bits.
        public let rawValue: Int
        /// Phases from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The key went down.
        public static let down = Phases(rawValue: 1 << 0)
        /// The key is held and repeats.
        public static let `repeat` = Phases(rawValue: 1 << 1)
        /// The key went up.
        public static let up = Phases(rawValue: 1 << 2)
        /// Every phase.
        public static let all: Phases = [.down, .repeat, .up]
    }

    /// Whether a handler used the press (`.handled` stops it) or lets it go on to
    /// the views around it (`.ignored`).
    public enum Result: Sendable {
        /// The handler used the press: it goes no further.
        case handled
        /// The handler did not: the views around hear the press next.
        case ignored
    }

    /// The phase of this event.
    public let phase: Phases
    /// The key pressed.
    public let key: KeyEquivalent
    /// The text the key types, with the modifiers applied ("A" with Shift).
    public let characters: String
    /// The modifier keys held.
    public let modifiers: EventModifiers

    /// A key press (for hosts and tests).
    public init(phase: Phases, key: KeyEquivalent, characters: String, modifiers: EventModifiers) {
        self.phase = phase; self.key = key; self.characters = characters; self.modifiers = modifiers
    }
}

extension View {
    /// Runs `action` when `key` goes down (or repeats) while this view or one inside
    /// it has focus.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result)
        -> ModifiedContent<Self, _KeyPressModifier> {
        keyPress(phases: [.down, .repeat], accepts: { $0.key == key }) { _ in action() }
    }

    /// Runs `action` for the phases of `key` asked for, while this view or one inside
    /// it has focus.
    public func onKeyPress(_ key: KeyEquivalent, phases: KeyPress.Phases,
                           action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        keyPress(phases: phases, accepts: { $0.key == key }, action: action)
    }

    /// Runs `action` for any of `keys`.
    public func onKeyPress(keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        keyPress(phases: phases, accepts: { keys.contains($0.key) }, action: action)
    }

    /// Runs `action` for presses whose characters are all in `characters`.
    public func onKeyPress(characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        keyPress(phases: phases, accepts: { press in
            !press.characters.isEmpty && press.characters.unicodeScalars.allSatisfy { characters.contains($0) }
        }, action: action)
    }

    /// Runs `action` for every key press.
    public func onKeyPress(phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        keyPress(phases: phases, accepts: { _ in true }, action: action)
    }

    private func keyPress(phases: KeyPress.Phases, accepts: @escaping (KeyPress) -> Bool,
                          action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        ModifiedContent(content: self, modifier: _KeyPressModifier(phases: phases, accepts: accepts, action: action))
    }
}

/// `onKeyPress`: a handler for the key presses that reach the view.
public struct _KeyPressModifier: _PrimitiveViewModifier {
    let phases: KeyPress.Phases
    let accepts: (KeyPress) -> Bool
    let action: (KeyPress) -> KeyPress.Result

    public func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let child = OpenCanvasViews.makeNode(content, environment: inputs.environment)
        guard inputs.environment.isEnabled else { return _ViewOutputs(child) }
        return _ViewOutputs(KeyPressNode(child: child, handler: self))
    }
}

/// A view with a key press handler.
package final class KeyPressNode: WrapperNode {
    let handler: _KeyPressModifier

    init(child: ViewNode, handler: _KeyPressModifier) {
        self.handler = handler
        super.init(child: child)
    }

    /// The handler's answer, or `.ignored` when it does not take this press.
    package func handle(_ press: KeyPress) -> KeyPress.Result {
        guard handler.phases.contains(press.phase), handler.accepts(press) else { return .ignored }
        return handler.action(press)
    }
}
