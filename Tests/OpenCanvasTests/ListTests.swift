import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Lists, forms, sections and lazy stacks")
struct ListTests {
    struct Item: Identifiable, Hashable {
        let id: Int
        var name: String
    }

    struct Groups: View {
        var body: some View {
            List {
                Section("Cities") {
                    Text("Lisbon")
                    Text("Tokyo")
                }
                Section {
                    Text("Alone")
                } footer: {
                    Text("A footer")
                }
            }
        }
    }

    @Test func insetGroupedSectionsReadAndSitInsideTheMargins() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Groups() }
        #expect(host.accessibilityReading == ["CITIES, Heading", "Lisbon", "Tokyo", "Alone", "A footer"])
        let lisbon = try #require(host.accessibilityElements.first { $0.label == "Lisbon" }).frame
        let tokyo = try #require(host.accessibilityElements.first { $0.label == "Tokyo" }).frame
        #expect(abs(lisbon.minX - 36) < 0.5)                         // 20 margin + 16 padding
        #expect(abs((tokyo.midY - lisbon.midY) - 44) < 0.5)          // 44-point rows
        let image = host.render()
        #expect(image.pixel(x: 10, y: Int(lisbon.midY)) == (242, 242, 247, 255))    // the grouped background
        #expect(image.pixel(x: 25, y: Int(lisbon.midY)) == (255, 255, 255, 255))    // the row
    }

    @Test func aForEachOfSectionsMakesSections() throws {
        let groups = [(name: "Fruit", items: ["Apple", "Pear"]), (name: "Nuts", items: ["Almond"])]
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) {
            List {
                ForEach(groups, id: \.name) { group in
                    Section(group.name) {
                        ForEach(group.items, id: \.self) { Text($0) }
                    }
                }
            }
        }
        #expect(host.accessibilityReading == ["FRUIT, Heading", "Apple", "Pear", "NUTS, Heading", "Almond"])
    }

    struct Huge: View {
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Last") { proxy.scrollTo(99_999, anchor: .bottom) }
                    List(0..<100_000) { i in Text("Row \(i)") }.listStyle(.plain)
                }
            }
        }
    }

    @Test func aListOfAHundredThousandRowsMakesOnlyTheVisibleOnesAndScrollsToTheLast() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Huge() }
        let rows = host.accessibilityElements.filter { $0.label.hasPrefix("Row ") }
        // A screenful (about ten rows) and as much again around it: not 100,000.
        #expect(rows.count > 10 && rows.count < 40)
        #expect(rows.first?.label == "Row 0")
        host.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100))
        #expect(host.accessibilityElements.contains { $0.label == "Row 7" })
        let last = try #require(host.accessibilityElements.first { $0.label == "Last" })
        host.tap(at: CGPoint(x: last.frame.midX, y: last.frame.midY))
        _ = host.render()
        // (Interpolated integers are grouped, as SwiftUI's Text shows them.)
        let shown = try #require(host.accessibilityElements.first { $0.label == "Row 99,999" })
        #expect(shown.frame.maxY <= 480.5 && shown.frame.minY > 400)
        #expect(host.accessibilityElements.filter { $0.label.hasPrefix("Row ") }.count < 40)
    }

    struct Editable: View {
        @State var items = (0..<4).map { Item(id: $0, name: "Item \($0)") }
        var body: some View {
            NavigationStack {
                List {
                    ForEach(items) { Text($0.name) }
                        .onDelete { items.remove(atOffsets: $0) }
                        .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                .toolbar { EditButton() }
                .navigationTitle("Items")
            }
        }
    }

    @Test func aSwipeRevealsDeleteAndEditModeMovesRows() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { Editable() }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        let row = try #require(host.accessibilityElements.first { $0.label == "Item 1" }).frame
        host.drag(from: CGPoint(x: 250, y: row.midY), to: CGPoint(x: 180, y: row.midY))
        host.advance(by: 0.3)
        let delete = try #require(host.accessibilityElements.first { $0.label == "Delete" }).frame
        #expect(abs(delete.width - 74) < 0.5 && abs(delete.maxX - 300) < 0.5)   // at the row's trailing edge
        host.tap(at: CGPoint(x: delete.midX, y: delete.midY))
        #expect(host.accessibilityReading.filter { $0.hasPrefix("Item ") } == ["Item 0", "Item 2", "Item 3"])
        // Edit mode: a handle drags Item 0 two rows down.
        let edit = try #require(host.accessibilityElements.first { $0.label == "Edit" }).frame
        host.tap(at: CGPoint(x: edit.midX, y: edit.midY))
        host.advance(by: 0.3)
        #expect(host.accessibilityReading.contains("Done, Button"))
        let handle = try #require(host.accessibilityElements.first { $0.label == "Reorder" }).frame
        host.drag(from: CGPoint(x: handle.midX, y: handle.midY), to: CGPoint(x: handle.midX, y: handle.midY + 88))
        #expect(host.accessibilityReading.filter { $0.hasPrefix("Item ") } == ["Item 2", "Item 3", "Item 0"])
    }

    struct Selecting: View {
        @State var chosen: Int?
        let items = (0..<3).map { Item(id: $0, name: "Choice \($0)") }
        var body: some View {
            VStack {
                List(items, selection: $chosen) { Text($0.name) }
                Text("Chosen \(chosen.map(String.init) ?? "none")")
            }
        }
    }

    @Test func aTapSelectsARowByItsId() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Selecting() }
        let row = try #require(host.accessibilityElements.first { $0.label == "Choice 2" }).frame
        host.tap(at: CGPoint(x: row.midX, y: row.midY))
        #expect(host.accessibilityReading.last == "Chosen 2")
    }

    @Test func aLazyVStackMakesTheRowsItShows() throws {
        let host = HeadlessHost(size: CGSize(width: 200, height: 300)) {
            ScrollView { LazyVStack(spacing: 0) { ForEach(0..<50_000, id: \.self) { Text("Line \($0)").frame(height: 30) } } }
        }
        let lines = host.accessibilityElements
        // The 10 visible and a screenful below (none above): 0 to 600.
        #expect(lines.count == 21)
        #expect(lines.first?.label == "Line 0" && abs((lines.last?.frame.midY ?? 0) - 615) < 0.5)
    }

    struct Settings: View {
        @State var grid = true
        @State var speed = 0.4
        @State var count = 3
        @State var shape = 0
        var body: some View {
            NavigationStack {
                Form {
                    Section("Display") {
                        Toggle("Grid", isOn: $grid)
                        Picker("Shape", selection: $shape) {
                            Text("Circle").tag(0)
                            Text("Square").tag(1)
                        }
                        Stepper("Dots: \(count)", value: $count, in: 1...9)
                    }
                    Section {
                        Slider(value: $speed)
                        NavigationLink("About") { Text("About") }
                    } footer: {
                        Text("Speed in turns per second.")
                    }
                }
                .navigationTitle("Settings")
            }
        }
    }

    func picture(_ scheme: ColorScheme) -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 340, height: 460), scale: 1) { Settings() }
        host.colorScheme = scheme
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(picture(.light), named: "form-light") }
    @Test func dark() throws { try ReferenceImage.check(picture(.dark), named: "form-dark") }
}

@MainActor @Suite("Lists: row identity, selection in edit mode")
struct ListReviewTests {
    struct TwoFields: View {
        @State var name = ""
        @State var email = ""
        var body: some View {
            Form {
                Section { TextField("Name", text: $name) }
                Section { TextField("Email", text: $email) }
            }
        }
    }

    @Test func fieldsInTwoSectionsAreTwoFields() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { TwoFields() }
        let email = try #require(host.accessibilityElements.first { $0.label == "Email" })
        host.tap(at: CGPoint(x: email.frame.midX, y: email.frame.midY))
        host.type("a@b")
        #expect(host.accessibilityElements.first { $0.label == "Email" }?.value == "a@b")
        #expect(host.accessibilityElements.first { $0.label == "Name" }?.value == "")
    }

    struct Choosing: View {
        @State var chosen: Set<Int> = []
        var body: some View {
            NavigationStack {
                List(selection: $chosen) {
                    ForEach(0..<3, id: \.self) { Text("Row \($0)") }
                }
                .toolbar { EditButton() }
                .safeAreaInset(edge: .bottom) { Text("Chosen \(chosen.sorted().map(String.init).joined(separator: ","))") }
            }
        }
    }

    @Test func aSetSelectionChoosesRowsInEditMode() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { Choosing() }
        let row = try #require(host.accessibilityElements.first { $0.label == "Row 1" }).frame
        host.tap(at: CGPoint(x: row.midX, y: row.midY))
        #expect(host.accessibilityReading.last == "Chosen ")                // not outside edit mode
        let edit = try #require(host.accessibilityElements.first { $0.label == "Edit" }).frame
        host.tap(at: CGPoint(x: edit.midX, y: edit.midY))
        let row1 = try #require(host.accessibilityElements.first { $0.label == "Row 1" }).frame
        host.tap(at: CGPoint(x: row1.midX, y: row1.midY))
        #expect(host.accessibilityReading.last == "Chosen 1")
        #expect(host.accessibilityReading.contains("Row 1, Selected, Button"))
    }
}
