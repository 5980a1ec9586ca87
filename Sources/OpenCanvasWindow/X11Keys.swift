import CX11
import OpenCanvas

/// X11 keysyms and modifier bits to key presses, and back (for tests' sent keys).
enum X11Keys {
    /// The keys without a character of their own, by keysym.
    static let special: [UInt32: KeyEquivalent] = [
        0xFF0D: .return, 0xFF8D: .return, 0xFF09: .tab, 0xFE20: .tab, 0xFF1B: .escape, 0xFF08: .delete,
        0xFFFF: .deleteForward, 0xFF51: .leftArrow, 0xFF52: .upArrow, 0xFF53: .rightArrow, 0xFF54: .downArrow,
        0xFF50: .home, 0xFF57: .end, 0xFF55: .pageUp, 0xFF56: .pageDown, 0xFF0B: .clear,
    ]

    /// A key event as a key press; `nil` for a modifier key alone (Shift, …).
    static func press(_ e: oc_event, down: Bool) -> KeyPress? {
        let text = withUnsafeBytes(of: e.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let key: KeyEquivalent
        if let known = special[e.keysym] {
            key = known
        } else if let first = text.first {
            key = KeyEquivalent(Character(first.lowercased().count == 1 ? first.lowercased() : String(first)))
        } else {
            return nil
        }
        var modifiers: EventModifiers = []
        if e.modifiers & 1 != 0 { modifiers.insert(.shift) }
        if e.modifiers & 2 != 0 { modifiers.insert(.control) }
        if e.modifiers & 4 != 0 { modifiers.insert(.option) }
        if e.modifiers & 8 != 0 { modifiers.insert(.command) }
        if e.modifiers & 16 != 0 { modifiers.insert(.capsLock) }
        let typed = special[e.keysym] == nil || key == .return || key == .tab ? text : ""
        return KeyPress(phase: down ? .down : .up, key: key, characters: key == .return ? "\r" : typed,
                        modifiers: modifiers)
    }

    /// The keysym that types `key`.
    static func keysym(of key: KeyEquivalent) -> UInt32? {
        if let found = special.first(where: { $0.value == key && $0.key != 0xFF8D && $0.key != 0xFE20 }) { return found.key }
        guard let scalar = key.character.unicodeScalars.first, key.character.unicodeScalars.count == 1 else { return nil }
        let v = scalar.value
        return (0x20...0x7E).contains(v) || (0xA0...0xFF).contains(v) ? v : 0x0100_0000 + v
    }

    /// `EventModifiers` as `oc_event.modifiers` bits.
    static func bits(of modifiers: EventModifiers) -> UInt32 {
        (modifiers.contains(.shift) ? 1 : 0) | (modifiers.contains(.control) ? 2 : 0) |
            (modifiers.contains(.option) ? 4 : 0) | (modifiers.contains(.command) ? 8 : 0)
    }
}
