import Foundation
import OpenCanvasDrawing

/// Which action an `accessibilityAction(_:_:)` handler performs.
public struct AccessibilityActionKind: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case `default`, escape, magicTap, delete, showMenu, named(String) }
    let kind: Kind
    private init(kind: Kind) { self.kind = kind }

    /// The element's main action: what activating it (a double tap in VoiceOver,
    /// Orca's "click") does.
    public static let `default` = AccessibilityActionKind(kind: .default)
    /// Dismisses a modal view or goes back (VoiceOver's two-finger scrub).
    public static let escape = AccessibilityActionKind(kind: .escape)
    /// The app's most important action, wherever the screen reader is (VoiceOver's
    /// two-finger double tap).
    public static let magicTap = AccessibilityActionKind(kind: .magicTap)
    /// Deletes the element's content.
    public static let delete = AccessibilityActionKind(kind: .delete)
    /// Shows the element's context menu.
    public static let showMenu = AccessibilityActionKind(kind: .showMenu)

    /// An action of the app's own, listed by this name.
    @MainActor
    public init(named name: Text) {
        kind = .named(name.plainString(environment: EnvironmentValues()))
    }

    /// The name an assistive technology lists the action by. AT-SPI clients (Orca)
    /// know "click" as the main action; the others are listed by what they do.
    package var name: String {
        switch kind {
        case .default: return "click"
        case .escape: return "escape"
        case .magicTap: return "magic tap"
        case .delete: return "delete"
        case .showMenu: return "show menu"
        case .named(let name): return name
        }
    }
}

/// Which way an adjustable element's value moves (`accessibilityAdjustableAction`).
public enum AccessibilityAdjustmentDirection: Hashable, Sendable {
    /// Up: a screen reader's swipe up, or its "increment".
    case increment
    /// Down.
    case decrement
}

/// A numeric value of an adjustable element (a slider's), for assistive
/// technologies that set values by number (AT-SPI's Value interface).
package struct AccessibilityNumericValue: Hashable, Sendable {
    /// The value now.
    package var current: Double
    /// The least and greatest values.
    package var range: ClosedRange<Double>
    /// The smallest change that makes a difference (0: any).
    package var step: Double

    /// A value in a range.
    package init(current: Double, range: ClosedRange<Double>, step: Double = 0) {
        self.current = current; self.range = range; self.step = step
    }
}

/// The actions an element offers, with their handlers. Two sets are equal when
/// they offer the same actions (handlers are closures and cannot be compared).
package struct AccessibilityActionSet: Equatable, @unchecked Sendable {
    // @unchecked: the handlers are main-actor closures, called only on the main actor.
    // Plain function types: a user's handler is not Sendable, and these are
    // called on the main actor only.
    package var named: [(kind: AccessibilityActionKind, handler: () -> Void)] = []
    package var adjust: ((AccessibilityAdjustmentDirection) -> Void)?
    /// Sets a numeric value directly (a slider's binding), when the element has one.
    package var setValue: (@MainActor (Double) -> Void)?

    package init() {}

    package var isEmpty: Bool { named.isEmpty && adjust == nil && setValue == nil }

    /// The names of the actions, the main one first when there is one.
    package var names: [String] { named.map(\.kind.name) }

    /// The handler of an action.
    package func handler(for kind: AccessibilityActionKind) -> (() -> Void)? {
        named.first { $0.kind == kind }?.handler
    }

    /// These actions, then `other`'s that these do not name (a combined element
    /// offers its children's actions too).
    package func merged(with other: AccessibilityActionSet) -> AccessibilityActionSet {
        var result = self
        for action in other.named where !result.named.contains(where: { $0.kind == action.kind }) {
            result.named.append(action)
        }
        result.adjust = result.adjust ?? other.adjust
        result.setValue = result.setValue ?? other.setValue
        return result
    }

    package static func == (a: AccessibilityActionSet, b: AccessibilityActionSet) -> Bool {
        a.names == b.names && (a.adjust == nil) == (b.adjust == nil) && (a.setValue == nil) == (b.setValue == nil)
    }
}

extension View {
    /// Adds an action an assistive technology can perform on the view's element:
    /// `.default` replaces what activating it does (a tap at its centre otherwise).
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { o in
            // The innermost modifier wins, as for labels.
            if !o.actions.named.contains(where: { $0.kind == actionKind }) { o.actions.named.append((actionKind, handler)) }
        }
    }

    /// Adds an action of the app's own, listed by an assistive technology under `name`.
    public func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityAction(AccessibilityActionKind(named: name), handler)
    }

    /// Adds an action of the app's own, named by a localised string key.
    public func accessibilityAction(named nameKey: LocalizedStringKey, _ handler: @escaping () -> Void)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityAction(named: Text(nameKey), handler)
    }

    /// Adds an action of the app's own, named by a string used as it is.
    @_disfavoredOverload
    public func accessibilityAction<S: StringProtocol>(named name: S, _ handler: @escaping () -> Void)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibilityAction(named: Text(name), handler)
    }

    /// Makes the view's element adjustable: a screen reader's increment and
    /// decrement call `handler` with the direction.
    public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { o in
            if o.actions.adjust == nil { o.actions.adjust = handler }
            o.addTraits.insert(.adjustable)
        }
    }

    /// The numeric value of an adjustable control, and how to set it (a slider's).
    func accessibilityNumericValue(_ value: AccessibilityNumericValue, set: @escaping @MainActor (Double) -> Void)
        -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { o in
            if o.numericValue == nil { o.numericValue = value }
            if o.actions.setValue == nil { o.actions.setValue = set }
        }
    }

    /// Whether a toggle is on, for assistive technologies that report it as a state.
    func accessibilityChecked(_ isOn: Bool) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { o in if o.checked == nil { o.checked = isOn } }
    }

    /// Whether the control takes input, for assistive technologies that report it.
    func accessibilityEnabled(_ isEnabled: Bool) -> ModifiedContent<Self, _AccessibilityModifier> {
        accessibility { o in if o.enabled == nil { o.enabled = isEnabled } }
    }
}
