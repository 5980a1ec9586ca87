import Foundation
import OpenCanvasDrawing

/// What kind of thing an accessibility element is, for assistive technologies.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)

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
        return words
    }

    public var description: String {
        let names: [(AccessibilityTraits, String)] = [
            (.isButton, "isButton"), (.isHeader, "isHeader"), (.isSelected, "isSelected"), (.isLink, "isLink"),
            (.isSearchField, "isSearchField"), (.isImage, "isImage"), (.playsSound, "playsSound"),
            (.isKeyboardKey, "isKeyboardKey"), (.isStaticText, "isStaticText"), (.isSummaryElement, "isSummaryElement"),
            (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
            (.allowsDirectInteraction, "allowsDirectInteraction"), (.causesPageTurn, "causesPageTurn"),
            (.isModal, "isModal"), (.isToggle, "isToggle"),
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
    public var label: String
    public var value: String?
    public var hint: String?
    public var traits: AccessibilityTraits
    /// In the root view's coordinates, points.
    public var frame: CGRect

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
