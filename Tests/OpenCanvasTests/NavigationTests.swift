import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Navigation stacks, links, titles and toolbars")
struct NavigationTests {
    struct City: Hashable { let name: String }

    struct Cities: View {
        @State var added = 0
        var body: some View {
            NavigationStack {
                VStack(spacing: 12) {
                    NavigationLink("Lisbon", value: City(name: "Lisbon"))
                    NavigationLink("Settings") { SettingsPage() }
                    Text("Added \(added)")
                }
                .navigationTitle("World Clock")
                .toolbar {
                    ToolbarItem(placement: .topBarTrailing) { Button("Add") { added += 1 } }
                }
                .navigationDestination(for: City.self) { city in
                    Text("Time in \(city.name)").navigationTitle(city.name).navigationBarTitleDisplayMode(.inline)
                }
            }
        }
    }

    struct SettingsPage: View {
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            Button("Close") { dismiss() }.navigationTitle("Settings")
        }
    }

    /// The pixels of the blue tint in a rect (a link's text).
    func tintedPixels(_ image: CGImage, in rect: CGRect) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = image.pixel(x: x, y: y)
                if p.blue > 200 && p.red < 150 { n += 1 }
            }
        }
        return n
    }

    func tap(_ host: HeadlessHost<some View>, _ label: String) throws {
        let e = try #require(host.accessibilityElements.last { $0.label == label })
        host.tap(at: CGPoint(x: e.frame.midX, y: e.frame.midY))
    }

    @Test func theRootShowsALargeTitleAndTheToolbar() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Cities() }
        #expect(host.accessibilityReading == ["Add, Button", "World Clock, Heading", "Lisbon, Button", "Settings, Button",
                                              "Added 0"])
        let title = try #require(host.accessibilityElements.first { $0.label == "World Clock" }).frame
        #expect(abs(title.minX - 16) < 0.5 && title.maxY <= 96 && title.minY >= 44)   // under the 44-point bar
        let add = try #require(host.accessibilityElements.first { $0.label == "Add" }).frame
        #expect(abs(add.maxX - 304) < 0.5 && add.midY < 44)                           // trailing, in the bar
        try tap(host, "Add")
        #expect(host.accessibilityReading.last == "Added 1")
    }

    @Test func aValueLinkPushesItsDestinationAndTheBackButtonPops() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Cities() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let link = try #require(host.accessibilityElements.first { $0.label == "Lisbon" }).frame
        try tap(host, "Lisbon")
        // The page slides in from the trailing edge over 0.35 s: at first the
        // root's link still shows; then the page covers it.
        #expect(tintedPixels(host.render(), in: link) > 20)
        host.advance(by: 0.5)
        #expect(tintedPixels(host.render(), in: link) == 0)
        #expect(host.accessibilityReading == ["World Clock, Button", "Lisbon, Heading", "Time in Lisbon"])
        let shown = try #require(host.accessibilityElements.first { $0.label == "Time in Lisbon" }).frame
        #expect(abs(shown.midX - 160) < 1)
        try tap(host, "World Clock")                        // the back button bears the title below
        host.advance(by: 0.5)
        #expect(host.accessibilityReading.first == "Add, Button")
        #expect(host.accessibilityReading.contains("Lisbon, Button"))
    }

    @Test func aDestinationLinkPushesAViewThatDismissesItself() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Cities() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        try tap(host, "Add")
        try tap(host, "Settings")
        host.advance(by: 0.5)
        #expect(host.accessibilityReading == ["World Clock, Button", "Settings, Heading", "Close, Button"])
        try tap(host, "Close")
        host.advance(by: 0.5)
        // The root kept its state while covered.
        #expect(host.accessibilityReading.last == "Added 1")
    }

    struct PathDemo: View {
        @State var path: [Int] = [1, 2]
        var body: some View {
            NavigationStack(path: $path) {
                Text("Root").navigationTitle("Root")
                    .navigationDestination(for: Int.self) { n in
                        Button("Page \(n)") { path.append(n + 1) }.navigationTitle("Page \(n)")
                    }
            }
        }
    }

    @Test func aPathBindingIsTheStack() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { PathDemo() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(host.accessibilityReading == ["Page 1, Button", "Page 2, Heading", "Page 2, Button"])
        try tap(host, "Page 2")
        host.advance(by: 0.5)
        #expect(host.accessibilityReading == ["Page 2, Button", "Page 3, Heading", "Page 3, Button"])
        let back = try #require(host.accessibilityElements.first)
        host.tap(at: CGPoint(x: back.frame.midX, y: back.frame.midY))
        host.advance(by: 0.5)
        #expect(host.accessibilityReading == ["Page 1, Button", "Page 2, Heading", "Page 2, Button"])
    }

    func picture(_ scheme: ColorScheme, pushed: Bool) throws -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 320, height: 300), scale: 1) { Cities() }
        host.colorScheme = scheme
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        if pushed {
            try tap(host, "Lisbon")
            host.advance(by: 0.5)
        }
        return host.render()
    }

    @Test func light() throws {
        try ReferenceImage.check(picture(.light, pushed: false), named: "navigation-root-light")
        try ReferenceImage.check(picture(.light, pushed: true), named: "navigation-pushed-light")
    }

    @Test func dark() throws {
        try ReferenceImage.check(picture(.dark, pushed: false), named: "navigation-root-dark")
        try ReferenceImage.check(picture(.dark, pushed: true), named: "navigation-pushed-dark")
    }
}

@MainActor @Suite("Navigation: identity, live destinations, merged toolbars")
struct NavigationReviewTests {
    func tap(_ host: HeadlessHost<some View>, _ label: String) throws {
        let e = try #require(host.accessibilityElements.last { $0.label == label })
        host.tap(at: CGPoint(x: e.frame.midX, y: e.frame.midY))
    }

    struct Mixed: View {
        @State var count = 0
        var body: some View {
            NavigationStack {
                VStack {
                    NavigationLink("Counter") { Counted(count: count) }
                    Button("More") { count += 1 }
                }
                .navigationTitle("Root")
                .toolbar { Button("A") {} }
                .toolbar { ToolbarItem(placement: .topBarLeading) { Button("B") {} } }
                .navigationDestination(for: Int.self) { n in Text("Value \(n) of \(count)").navigationTitle("V") }
            }
        }
    }

    struct Counted: View {
        let count: Int
        var body: some View {
            VStack {
                Text("Count \(count)")
                NavigationLink("Deeper", value: 7)
            }
            .navigationTitle("Counter")
        }
    }

    @Test func chainedToolbarsBothShow() {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Mixed() }
        #expect(host.accessibilityReading.prefix(2).sorted() == ["A, Button", "B, Button"])
    }

    @Test func aValuePushedFromAViewPageGoesOnTopAndThePagesBelowKeepTheirState() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Mixed() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        try tap(host, "More")
        try tap(host, "Counter")
        host.advance(by: 0.5)
        #expect(host.accessibilityReading.contains("Count 1"))
        try tap(host, "Deeper")
        host.advance(by: 0.5)
        #expect(host.accessibilityReading.contains("Value 7 of 1"))
        #expect(host.accessibilityReading.first == "Counter, Button")      // back to the view page
        let back = try #require(host.accessibilityElements.first)
        host.tap(at: CGPoint(x: back.frame.midX, y: back.frame.midY))
        host.advance(by: 0.5)
        #expect(host.accessibilityReading.contains("Count 1"))
    }
}

import Observation

@MainActor @Suite("Navigation: a pushed page follows its link")
struct LiveDestinationTests {
    @Observable final class Score { var points = 0 }

    struct Game: View {
        let score: Score
        var body: some View {
            NavigationStack {
                NavigationLink("Score") { Text("Points \(score.points)") }
                    .navigationTitle("Game")
            }
        }
    }

    @Test func aDestinationShowsWhatItsLinkShowsNow() throws {
        let score = Score()
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Game(score: score) }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let link = try #require(host.accessibilityElements.first { $0.label == "Score" })
        host.tap(at: CGPoint(x: link.frame.midX, y: link.frame.midY))
        host.advance(by: 0.5)
        #expect(host.accessibilityReading.contains("Points 0"))
        score.points = 3
        _ = host.render()
        _ = host.render()
        #expect(host.accessibilityReading.contains("Points 3"))
    }
}
