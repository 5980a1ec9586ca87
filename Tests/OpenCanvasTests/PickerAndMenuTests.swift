import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Pickers and menus")
struct PickerAndMenuTests {
    enum Flavor: String, CaseIterable, Identifiable {
        case vanilla, chocolate, mint
        var id: Self { self }
    }

    struct Panel: View {
        @State var flavor = Flavor.vanilla
        @State var size = 1
        @State var count: Int? = 2
        let style: Style
        enum Style { case segmented, menu, inline, wheel }

        var body: some View {
            VStack(spacing: 16) {
                switch style {
                case .segmented:
                    Picker("Flavor", selection: $flavor) {
                        ForEach(Flavor.allCases) { Text($0.rawValue.capitalized) }
                    }
                    .pickerStyle(.segmented)
                case .menu:
                    Picker("Size", selection: $size) {
                        Text("Small").tag(0)
                        Text("Medium").tag(1)
                        Text("Large").tag(2)
                    }
                case .inline:
                    Picker("Count", selection: $count) {
                        Text("One").tag(1)
                        Text("Two").tag(2)
                        Text("Three").tag(3)
                    }
                    .pickerStyle(.inline)
                case .wheel:
                    Picker("Flavor", selection: $flavor) {
                        ForEach(Flavor.allCases) { Text($0.rawValue.capitalized).tag($0) }
                    }
                    .pickerStyle(.wheel)
                }
                Text("Chosen: \(flavor.rawValue) \(size) \(count.map(String.init) ?? "none")")
            }
            .padding(16)
            .frame(maxHeight: .infinity, alignment: .top)
        }
    }

    func host(_ style: Panel.Style) -> HeadlessHost<Panel> {
        HeadlessHost(size: CGSize(width: 320, height: 360)) { Panel(style: style) }
    }

    func tap(_ host: HeadlessHost<Panel>, _ label: String) throws {
        let e = try #require(host.accessibilityElements.first { $0.label == label })
        host.tap(at: CGPoint(x: e.frame.midX, y: e.frame.midY))
    }

    @Test func aSegmentedPickerSelectsTheSegmentTapped() throws {
        let host = host(.segmented)
        #expect(host.accessibilityReading == ["Vanilla, Selected, Button", "Chocolate, Button", "Mint, Button",
                                              "Chosen: vanilla 1 2"])
        let segments = host.accessibilityElements.prefix(3).map(\.frame)
        #expect(abs(segments[0].width - segments[2].width) < 0.5)          // equal widths
        #expect(abs(segments[0].minX - 19) < 0.5 && abs(segments[2].maxX - 301) < 0.5)   // 3 inside the 288 control
        try tap(host, "Mint")
        #expect(host.accessibilityReading.last == "Chosen: mint 1 2")
        #expect(host.accessibilityReading[2] == "Mint, Selected, Button")
    }

    @Test func aMenuPickerOpensAMenuAndChoosesFromIt() throws {
        let host = host(.menu)
        #expect(host.accessibilityReading == ["Size, Medium, Button", "Chosen: vanilla 1 2"])
        try tap(host, "Size")
        // The menu is modal: its rows, the selected one checked.
        #expect(host.accessibilityReading == ["Small, Button", "Medium, Selected, Button", "Large, Button"])
        let control = CGRect(x: 16, y: 16, width: 288, height: 32)
        let small = try #require(host.accessibilityElements.first { $0.label == "Small" }).frame
        #expect(small.minY > control.minY)                                  // below the control
        try tap(host, "Large")
        #expect(host.accessibilityReading == ["Size, Large, Button", "Chosen: vanilla 2 2"])
        // A tap outside the menu closes it, choosing nothing.
        try tap(host, "Size")
        host.tap(at: CGPoint(x: 300, y: 340))
        #expect(host.accessibilityReading == ["Size, Large, Button", "Chosen: vanilla 2 2"])
    }

    @Test func anInlinePickerMatchesTagsWithAnOptionalSelection() throws {
        let host = host(.inline)
        #expect(host.accessibilityReading == ["One, Button", "Two, Selected, Button", "Three, Button", "Chosen: vanilla 1 2"])
        try tap(host, "Three")
        #expect(host.accessibilityReading.last == "Chosen: vanilla 1 3")
    }

    @Test func aWheelTurnsByDragsAndTaps() throws {
        let host = host(.wheel)
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(host.accessibilityReading == ["Flavor, Vanilla, Adjustable", "Chosen: vanilla 1 2"])
        let wheel = try #require(host.accessibilityElements.first).frame
        #expect(abs(wheel.height - 216) < 0.5)
        host.drag(from: CGPoint(x: wheel.midX, y: wheel.midY), to: CGPoint(x: wheel.midX, y: wheel.midY - 66))
        #expect(host.accessibilityReading.first == "Flavor, Mint, Adjustable")   // two rows of 32 up
        host.advance(by: 0.3)                                                    // the wheel settles
        host.tap(at: CGPoint(x: wheel.midX, y: wheel.midY - 32))                 // the row above the middle
        #expect(host.accessibilityReading.first == "Flavor, Chocolate, Adjustable")
    }

    struct MenuDemo: View {
        @State var log: [String] = []
        @State var grid = false
        var body: some View {
            VStack {
                Menu("Actions") {
                    Button("Duplicate") { log.append("duplicate") }
                    Toggle("Grid", isOn: $grid)
                    Divider()
                    Button("Delete", role: .destructive) { log.append("delete") }
                }
                Text(log.joined(separator: ",") + (grid ? " grid" : ""))
            }
            .frame(maxHeight: .infinity, alignment: .top)
            .padding()
        }
    }

    @Test func aMenuListsButtonsTogglesAndDividersAndRunsTheRowTapped() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { MenuDemo() }
        func tap(_ label: String) throws {
            let e = try #require(host.accessibilityElements.first { $0.label == label })
            host.tap(at: CGPoint(x: e.frame.midX, y: e.frame.midY))
        }
        try tap("Actions")
        #expect(host.accessibilityReading == ["Duplicate, Button", "Grid, Button", "Delete, Button"])
        try tap("Grid")
        try tap("Actions")
        #expect(host.accessibilityReading == ["Duplicate, Button", "Grid, Selected, Button", "Delete, Button"])
        try tap("Delete")
        #expect(host.accessibilityReading == ["Actions, Button", "delete grid"])
    }

    func pictures(_ scheme: ColorScheme) throws -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 320, height: 420), scale: 1) {
            VStack(spacing: 12) {
                Panel(style: .segmented).frame(height: 80)
                Panel(style: .wheel).frame(height: 260)
                MenuDemo().frame(height: 60)
            }
            .background(scheme == .dark ? Color.black : Color.white)
        }
        host.colorScheme = scheme
        let menu = try #require(host.accessibilityElements.first { $0.label == "Actions" }).frame
        host.tap(at: CGPoint(x: menu.midX, y: menu.midY))
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(pictures(.light), named: "pickers-light") }
    @Test func dark() throws { try ReferenceImage.check(pictures(.dark), named: "pickers-dark") }
}
