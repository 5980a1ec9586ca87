import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Grids and tab views")
struct GridAndTabTests {
    @Test func gridItemsShareTheWidth() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 200)) {
            LazyVGrid(columns: [GridItem(.fixed(50)), GridItem(.flexible()), GridItem(.flexible())], spacing: 10) {
                ForEach(0..<6, id: \.self) { i in Color.red.frame(height: 20).accessibilityElement().accessibilityLabel("Cell \(i)") }
            }
        }
        let cells = host.accessibilityElements.map(\.frame)
        #expect(cells.count == 6)
        // 300 = 50 + 8 + flexible + 8 + flexible: each flexible 117.
        #expect(abs(cells[0].width - 50) < 0.5 && abs(cells[1].width - 117) < 0.5 && abs(cells[2].minX - 183) < 0.5)
        #expect(abs(cells[3].minY - (cells[0].maxY + 10)) < 0.5)               // rows 10 apart
    }

    @Test func adaptiveItemsFitAsManyColumnsAsTheWidthHolds() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) {
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 70))]) {
                    ForEach(0..<10_000, id: \.self) { i in Text("\(i)").frame(height: 40) }
                }
            }
        }
        let cells = host.accessibilityElements
        // (320 + 8) / (70 + 8) = 4 columns of 74; rows of 40, 8 apart: a few screens' worth made, not 10,000.
        #expect(cells.count < 200 && cells.count >= 40)
        let first = try #require(cells.first { $0.label == "0" }), fifth = try #require(cells.first { $0.label == "4" })
        #expect(abs(first.frame.midX - 37) < 0.5 && abs(fifth.frame.midY - (first.frame.midY + 48)) < 0.5)
    }

    @Test func aGridAlignsItsColumns() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 200)) {
            Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 6) {
                GridRow { Text("Speed"); Text("fast") }
                GridRow { Text("Direction"); Text("north") }
                Divider()
                GridRow { Text("All").gridCellColumns(2) }
            }
        }
        let e = host.accessibilityElements
        let fast = try #require(e.first { $0.label == "fast" }).frame, north = try #require(e.first { $0.label == "north" }).frame
        let direction = try #require(e.first { $0.label == "Direction" }).frame
        #expect(abs(fast.minX - north.minX) < 0.5)                               // one column
        #expect(abs(north.minX - (direction.maxX + 12)) < 0.5)
    }

    struct Tabs: View {
        @State var tab = "clocks"
        var body: some View {
            TabView(selection: $tab) {
                Text("Clock page").tabItem { Label("Clocks", systemImage: "clock") }.tag("clocks")
                Text("Alarm page").tabItem { Label("Alarms", systemImage: "alarm") }.tag("alarms").badge(2)
            }
        }
    }

    @Test func aTabBarSwitchesPagesAndPagesKeepTheirPlace() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Tabs() }
        #expect(host.accessibilityReading == ["Clock page", "Clocks, Selected, Button", "Alarms, 2, Button"])
        let alarms = try #require(host.accessibilityElements.first { $0.label.hasPrefix("Alarms") }).frame
        #expect(alarms.minY >= 431 && abs(alarms.midX - 240) < 1)               // the bar's trailing half
        host.tap(at: CGPoint(x: alarms.midX, y: alarms.midY))
        #expect(host.accessibilityReading == ["Alarm page", "Clocks, Button", "Alarms, 2, Selected, Button"])
    }

    @Test func pagesTurnBySwiping() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 300)) {
            TabView {
                Text("One")
                Text("Two")
                Text("Three")
            }
            .tabViewStyle(.page)
        }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(host.accessibilityReading == ["One", "Page 1 of 3"])
        host.drag(from: CGPoint(x: 280, y: 150), to: CGPoint(x: 100, y: 150))
        host.advance(by: 0.5)
        #expect(host.accessibilityReading == ["Two", "Page 2 of 3"])
    }

    func picture(_ scheme: ColorScheme) -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 320, height: 200), scale: 1) { Tabs() }
        host.colorScheme = scheme
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(picture(.light), named: "tabs-light") }
    @Test func dark() throws { try ReferenceImage.check(picture(.dark), named: "tabs-dark") }
}

@MainActor @Suite("Tab pages written as their own views")
struct TabBodyTests {
    struct ClocksTab: View {
        var body: some View { Text("Clocks page").tabItem { Label("Clocks", systemImage: "clock") }.tag("c") }
    }
    struct AlarmsTab: View {
        var body: some View { Text("Alarms page").tabItem { Label("Alarms", systemImage: "alarm") }.tag("a") }
    }
    struct Tabs: View {
        @State var tab = "a"
        var body: some View {
            TabView(selection: $tab) {
                ClocksTab()
                AlarmsTab()
            }
        }
    }

    @Test func theTabItemAndTagAreReadThroughTheBody() {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Tabs() }
        #expect(host.accessibilityReading == ["Alarms page", "Clocks, Button", "Alarms, Selected, Button"])
    }
}
