import Testing
import CanvasText
@testable import OpenCanvasDrawing

/// Custom family names are kept as numbers (`FamilyNameTable`). Past the table's
/// capacity a name is kept as the installed family it draws with: the table stays
/// bounded, and no name draws with another name's font (before, every name past
/// 65,536 shared the last slot and drew with whichever name came last).
@Suite("Custom font family names")
struct FamilyNameTableTests {
    static func table(capacity: Int) -> FamilyNameTable { FamilyNameTable(capacity: capacity) }

    @Test func namesWithinCapacityKeepTheirOwnNumber() {
        var t = Self.table(capacity: 3)
        let ids = ["Alpha", "Beta", "qGamma"].map { t.number(for: $0) }
        #expect(ids == [0, 1, 2])
        #expect(t.number(for: "Beta") == 1)
        #expect(t.name(of: 2) == "qGamma")
        #expect(t.name(of: 99) == "")
    }

    @Test func namesPastCapacityAreKeptAsTheFamilyTheyDrawWith() {
        var t = Self.table(capacity: 2)
        let alpha = t.number(for: "Alpha"), beta = t.number(for: "Beta")
        let q1 = t.number(for: "qOne"), q2 = t.number(for: "qTwo"), other = t.number(for: "Other")
        #expect(t.name(of: q1) == "Quasi" && t.name(of: other) == "Fallback")
        #expect(q1 == q2 && q1 != other)
        // The names kept before are untouched: nothing aliases them.
        #expect(t.name(of: alpha) == "Alpha" && t.name(of: beta) == "Beta")
        #expect(t.number(for: "Alpha") == alpha && t.number(for: "qOne") == q1)
    }

    @Test func aFamilyAlreadyKeptIsNotAddedAgain() {
        var t = Self.table(capacity: 1)
        let quasi = t.number(for: "Quasi")
        #expect(t.number(for: "qNew") == quasi)
        #expect(t.count == 1)
    }

    @Test func aStreamOfMadeUpNamesStaysBounded() {
        var t = Self.table(capacity: 100)
        var seen = Set<UInt32>()
        for i in 0..<50_000 { seen.insert(t.number(for: (i % 2 == 0 ? "q" : "x") + String(i))) }
        #expect(t.count == 102)              // 100 names, then Quasi and Fallback
        #expect(seen.count == 102)
    }

    /// The real resolver: a request for the installed family picks the very faces a
    /// request for the name does, at each weight and slant, for an installed family,
    /// an alias and a name nothing matches.
    @Test(arguments: ["DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Sans Light", "Arial", "monospace",
                      "No Such Family 7f3a9c", ""])
    func installedFamilyDrawsAsTheNameDoes(name: String) {
        let library = FontLibrary.shared
        let family = library.installedFamily(for: name)
        #expect(!family.isEmpty)
        for (weight, italic) in [(400, false), (700, false), (400, true), (900, true)] {
            let byName = library.face(for: FontRequest(family: name, weight: weight, italic: italic))
            let byFamily = library.face(for: FontRequest(family: family, weight: weight, italic: italic))
            #expect(byName != nil && byName === byFamily, "\(name) → \(family) at \(weight)\(italic ? " italic" : "")")
        }
    }
}

extension FamilyNameTable {
    /// What `Font.FamilyName` does, with a stand-in for fontconfig: "q…" names draw
    /// with Quasi, the rest with Fallback.
    mutating func number(for name: String) -> UInt32 {
        id(for: name) ?? id(for: name, drawnWith: name.hasPrefix("q") ? "Quasi" : "Fallback")
    }
}
