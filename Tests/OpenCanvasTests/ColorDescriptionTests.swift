import Testing
import Foundation
import OpenCanvas

/// What `Color.description` says: the name a colour was made with, the
/// `opacity(_:)` percentages in front of it, or its components.
@Suite("Color descriptions")
struct ColorDescriptionTests {
    @Test func namedColoursSayTheirNames() {
        #expect(Color.red.description == "red")
        #expect(Color.clear.description == "clear")
        #expect(Color.primary.description == "primary")
    }

    @Test func opacityPrefixesItsPercentageOutermostFirst() {
        #expect(Color.red.opacity(0.5).description == "50% red")
        #expect(Color.blue.opacity(0.5).opacity(0.25).description == "25% 50% blue")
        // Equality ignores the name: only the components count.
        #expect(Color.red.opacity(0.5) == Color.red.opacity(0.5))
    }

    @Test func unnamedColoursSayTheirComponents() {
        #expect(Color(red: 1, green: 0, blue: 0).description == "#FF0000FF")
        #expect(Color(red: 1, green: 0, blue: 0).opacity(0.5).description == "#FF000080")
    }

    /// Before names were plain values, `opacity(.infinity)` on a named colour trapped
    /// converting the percentage to an `Int`.
    @Test func hostileOpacitiesDoNotTrap() {
        #expect(Color.red.opacity(.infinity).description == "32767% red")
        #expect(Color.red.opacity(-.infinity).description == "-32768% red")
        #expect(Color.red.opacity(.nan).description == "0% red")
        #expect(Color.red.opacity(1e300).description == "32767% red")
    }

    /// More than four prefixes: described by the components instead.
    @Test func deepOpacityChainsFallBackToComponents() {
        var c = Color.white
        for _ in 0..<4 { c = c.opacity(0.5) }
        #expect(c.description == "50% 50% 50% 50% white")
        c = c.opacity(0.5)
        #expect(c.description == "#FFFFFF08")
    }

    /// A colour is copied as plain bytes (no reference counting on every copy).
    @Test func colourIsAPlainValue() {
        #expect(_isPOD(Color.self))
    }
}
