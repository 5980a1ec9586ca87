import Foundation
import OpenCanvasDrawing

/// What kind of thing an accessibility element is, for assistive technologies.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The element is a button; screen readers announce it as "Button".
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// The element is a heading that divides content into sections; announced as "Heading".
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// The element is currently selected; announced as "Selected".
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// The element is a link; announced as "Link".
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// The element is a search field; announced as "Search field".
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    /// The element is an image; announced as "Image".
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    /// The element plays its own sound when activated.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    /// The element behaves as a key on a keyboard.
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    /// The element is text that does not change; text views carry it by default.
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    /// The element gives a summary of the current situation when the app starts.
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    /// The element's label or value changes often.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    /// Activating the element starts a media session.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// The element lets the user interact with it directly, bypassing the screen reader's gestures.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    /// The element turns to the next page when the screen reader reaches its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    /// The element is modal: assistive technologies ignore the elements outside it.
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    /// The element is a toggle; announced as "Switch button".
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
    /// A value a screen reader can raise and lower (a slider, a stepper): UIKit's
    /// adjustable trait, which SwiftUI's controls carry but its `AccessibilityTraits`
    /// does not name.
    package static let adjustable = AccessibilityTraits(rawValue: 1 << 16)
    /// An editable text field (UIKit's private text-entry trait; SwiftUI's text
    /// fields carry it): read as "Text field".
    package static let textField = AccessibilityTraits(rawValue: 1 << 17)
    /// A secure text field: read as "Secure text field".
    package static let secureTextField = AccessibilityTraits(rawValue: 1 << 18)

    /// The words a screen reader adds for the traits it announces.
    var spoken: [String] {
        var words: [String] = []
        if contains(.isSelected) { words.append("Selected") }
        if contains(.isButton) { words.append("Button") }
        if contains(.isToggle) { words.append("Switch button") }
        if contains(.isLink) { words.append("Link") }
        if contains(.isHeader) { words.append("Heading") }
        if contains(.isSearchField) { words.append("Search field") }
        if contains(.isImage) { words.append("Image") }
        if contains(.adjustable) { words.append("Adjustable") }
        if contains(.textField) { words.append("Text field") }
        if contains(.secureTextField) { words.append("Secure text field") }
        return words
    }

    public var description: String {
        let names: [(AccessibilityTraits, String)] = [
            (.isButton, "isButton"), (.isHeader, "isHeader"), (.isSelected, "isSelected"), (.isLink, "isLink"),
            (.isSearchField, "isSearchField"), (.isImage, "isImage"), (.playsSound, "playsSound"),
            (.isKeyboardKey, "isKeyboardKey"), (.isStaticText, "isStaticText"), (.isSummaryElement, "isSummaryElement"),
            (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
            (.allowsDirectInteraction, "allowsDirectInteraction"), (.causesPageTurn, "causesPageTurn"),
            (.isModal, "isModal"), (.isToggle, "isToggle"), (.adjustable, "adjustable"),
            (.textField, "textField"), (.secureTextField, "secureTextField"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// How an accessibility element treats the elements of the views inside it.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case ignore, contain, combine }
    let kind: Kind
    /// One new element; what is inside is not read.
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// The children stay elements of their own.
    public static let contain = AccessibilityChildBehavior(kind: .contain)
    /// One element whose label and traits combine its children's.
    public static let combine = AccessibilityChildBehavior(kind: .combine)
}

/// One element of a laid-out view's accessibility tree, as a screen reader sees it.
public struct AccessibilityElement: Equatable, Sendable, CustomStringConvertible {
    /// The words that identify the element.
    public var label: String
    /// The element's current value, if it has one (a slider's position, a toggle's state).
    public var value: String?
    /// What happens when the element is activated, read after the label, value and traits.
    public var hint: String?
    /// What kind of element this is.
    public var traits: AccessibilityTraits
    /// In the root view's coordinates, points.
    public var frame: CGRect

    // What assistive technologies need beyond the reading (the AT-SPI bridge).
    /// The element's place in the view graph: the same across frames while its
    /// view stays (derived from the views' identities, then the order within one).
    package var identity = ""
    /// The elements inside this one (a labelled container's, `accessibilityChildren`).
    package var children: [AccessibilityElement] = []
    /// Whether the element only groups its children (a canvas with accessibility
    /// children and no label): not read itself.
    package var isContainer = false
    /// The actions it offers beyond activation.
    package var actions = AccessibilityActionSet()
    /// The value as a number in a range (adjustable controls).
    package var numericValue: AccessibilityNumericValue?
    /// Whether a toggle is on (`nil`: not a toggle).
    package var isChecked: Bool?
    /// The focusable view the element belongs to (`nil`: none), and whether it has focus.
    package var focusIdentity: String?
    package var isFocused = false
    /// Whether the control takes input (`disabled(_:)` clears it).
    package var isEnabled = true

    /// Creates an element with the given label, value, hint, traits and frame.
    public init(label: String, value: String? = nil, hint: String? = nil, traits: AccessibilityTraits = [],
                frame: CGRect = .zero) {
        self.label = label; self.value = value; self.hint = hint; self.traits = traits; self.frame = frame
    }

    /// What a screen reader speaks for the element: label, value, the traits it
    /// announces, then the hint ("Add, Button. Adds a bar").
    public var reading: String {
        var parts = [label]
        if let value, !value.isEmpty { parts.append(value) }
        parts.append(contentsOf: traits.spoken)
        var line = parts.filter { !$0.isEmpty }.joined(separator: ", ")
        if let hint, !hint.isEmpty { line += ". " + hint }
        return line
    }

    public var description: String { reading }
}
