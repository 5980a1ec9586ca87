import Testing
import Foundation
import OpenCanvasViews
import OpenCanvas
import RenderTesting

@MainActor final class ActionLog {
    var entries: [String] = []
}

/// A button, a toggle, a slider, a tappable canvas, a canvas with its own
/// actions and an adjustable canvas.
private struct ActionScene: View {
    let log: ActionLog
    @State private var isOn = false
    @State private var level = 0.4
    @State private var stepped = 50.0
    @State private var dial = 3

    var body: some View {
        VStack(spacing: 4) {
            Button("Add") { log.entries.append("add") }
                .accessibilityAction(named: "Add ten") { log.entries.append("add ten") }
            Toggle("Grid", isOn: $isOn)
            Slider(value: $level) { Text("Level") }
            Slider(value: $stepped, in: 0...100, step: 5) { Text("Stepped") }
            Canvas { _, _ in }
                .frame(height: 30)
                .onTapGesture { log.entries.append("canvas tapped") }
                .accessibilityLabel("Pad")
            Canvas { _, _ in }
                .frame(height: 30)
                .accessibilityLabel("Player")
                .accessibilityAction { log.entries.append("play") }
                .accessibilityAction(.escape) { log.entries.append("escape") }
            Canvas { _, _ in }
                .frame(height: 30)
                .accessibilityLabel("Dial")
                .accessibilityValue("\(dial)")
                .accessibilityAdjustableAction { direction in dial += direction == .increment ? 1 : -1 }
            Text("Toggle is \(isOn ? "on" : "off"), level \(Int((level * 100).rounded())), stepped \(Int(stepped))")
            Button("Disabled") {}.disabled(true)
        }
    }
}

@MainActor
@Suite("Accessibility actions: what a screen reader does to elements")
struct AccessibilityActionTests {
    func element(_ host: HeadlessHost<some View>, _ label: String) throws -> AccessibilityElement {
        try #require(host.accessibilityElements.first { $0.label == label })
    }

    @Test("elements list their actions: click for what activation changes, then named ones, then increment and decrement")
    func actionNames() throws {
        let log = ActionLog()
        let host = HeadlessHost(size: CGSize(width: 300, height: 500)) { ActionScene(log: log) }
        #expect(host.accessibilityActionNames(of: try element(host, "Add")) == ["click", "Add ten"])
        #expect(host.accessibilityActionNames(of: try element(host, "Grid")) == ["click"])
        #expect(host.accessibilityActionNames(of: try element(host, "Level")) == ["increment", "decrement"])
        #expect(host.accessibilityActionNames(of: try element(host, "Pad")) == ["click"])
        #expect(host.accessibilityActionNames(of: try element(host, "Player")) == ["click", "escape"])
        #expect(host.accessibilityActionNames(of: try element(host, "Dial")) == ["increment", "decrement"])
        let text = try #require(host.accessibilityElements.first { $0.label.hasPrefix("Toggle is") })
        #expect(host.accessibilityActionNames(of: text).isEmpty)
        #expect(try element(host, "Level").reading == "Level, 40%, Adjustable")
        #expect(try element(host, "Dial").reading == "Dial, 3, Adjustable")
    }

    @Test("activating runs a button, flips a toggle, taps a tappable canvas at its centre, or runs the default action")
    func activation() throws {
        let log = ActionLog()
        let host = HeadlessHost(size: CGSize(width: 300, height: 500)) { ActionScene(log: log) }
        #expect(host.accessibilityActivate(try element(host, "Add")))
        #expect(host.accessibilityActivate(try element(host, "Pad")))
        #expect(host.accessibilityActivate(try element(host, "Player")))
        #expect(host.accessibilityPerformAction(named: "escape", on: try element(host, "Player")))
        #expect(host.accessibilityPerformAction(named: "Add ten", on: try element(host, "Add")))
        #expect(log.entries == ["add", "canvas tapped", "play", "escape", "add ten"])
        // A toggle flips; its element then reads on and is checked.
        #expect(host.accessibilityActivate(try element(host, "Grid")))
        _ = host.render()
        #expect(try element(host, "Grid").value == "on")
        #expect(try element(host, "Grid").isChecked == true)
        #expect(host.accessibilityElements.contains { $0.label.hasPrefix("Toggle is on") })
        // Text does nothing when activated; an action it does not have is refused.
        let text = try #require(host.accessibilityElements.first { $0.label.hasPrefix("Toggle is") })
        #expect(!host.accessibilityActivate(text))
        #expect(!host.accessibilityPerformAction(named: "Add ten", on: try element(host, "Pad")))
        // An element that is gone is refused.
        var stale = try element(host, "Add")
        stale.identity = "gone"
        #expect(!host.accessibilityActivate(stale))
        #expect(try element(host, "Disabled").isEnabled == false)
        #expect(try element(host, "Add").isEnabled)
    }

    @Test("adjusting moves a slider a tenth of its range or a step, clamped; a custom adjustable action hears the direction")
    func adjusting() throws {
        let log = ActionLog()
        let host = HeadlessHost(size: CGSize(width: 300, height: 500)) { ActionScene(log: log) }
        #expect(host.accessibilityAdjust(try element(host, "Level"), .increment))
        _ = host.render()
        #expect(try element(host, "Level").value == "50%")
        #expect(try element(host, "Level").numericValue == AccessibilityNumericValue(current: 0.5, range: 0...1, step: 0))
        for _ in 0..<8 { host.accessibilityAdjust(try element(host, "Level"), .increment) }
        _ = host.render()
        #expect(try element(host, "Level").value == "100%")
        host.accessibilityAdjust(try element(host, "Stepped"), .decrement)
        _ = host.render()
        #expect(try element(host, "Stepped").numericValue?.current == 45)
        // A value set directly lands on a step and in the range.
        #expect(host.accessibilitySetValue(72.4, identity: try element(host, "Stepped").identity))
        _ = host.render()
        #expect(try element(host, "Stepped").numericValue?.current == 70)
        #expect(host.accessibilitySetValue(1e300, identity: try element(host, "Stepped").identity))
        _ = host.render()
        #expect(try element(host, "Stepped").numericValue?.current == 100)
        #expect(host.accessibilitySetValue(.nan, identity: try element(host, "Stepped").identity))
        _ = host.render()
        #expect(try element(host, "Stepped").numericValue?.current == 100)
        host.accessibilityAdjust(try element(host, "Dial"), .increment)
        host.accessibilityAdjust(try element(host, "Dial"), .increment)
        host.accessibilityAdjust(try element(host, "Dial"), .decrement)
        _ = host.render()
        #expect(try element(host, "Dial").value == "4")
        #expect(!host.accessibilityAdjust(try element(host, "Add"), .increment))
        #expect(host.accessibilityPerformAction(named: "increment", on: try element(host, "Dial")))
        _ = host.render()
        #expect(try element(host, "Dial").value == "5")
    }

    @Test("identities are unique in a frame and stay with their views across frames and insertions")
    func identities() throws {
        @MainActor final class Model { var items = ["b", "c"] }
        let model = Model()
        struct Rows: View {
            let model: Model
            @State private var tick = 0
            var body: some View {
                VStack {
                    Text("Rows \(tick)")
                    ForEach(model.items, id: \.self) { item in
                        Text(item).accessibilityLabel("Row \(item)")
                    }
                    Button("Tick") { tick += 1 }
                }
            }
        }
        let host = HeadlessHost(size: CGSize(width: 200, height: 200)) { Rows(model: model) }
        let before = host.accessibilityElements
        #expect(Set(before.map(\.identity)).count == before.count)
        let rowC = try #require(before.first { $0.label == "Row c" }).identity
        host.accessibilityActivate(try element(host, "Tick"))
        _ = host.render()
        let after = host.accessibilityElements
        #expect(after.map(\.identity) == before.map(\.identity))
        #expect(after.first?.label == "Rows 1")
        // A row inserted before: the others keep theirs.
        model.items.insert("a", at: 0)
        host.accessibilityActivate(try element(host, "Tick"))
        _ = host.render()
        let inserted = host.accessibilityElements
        #expect(inserted.first { $0.label == "Row c" }?.identity == rowC)
        #expect(Set(inserted.map(\.identity)).count == inserted.count)
    }

    @Test("the tree: a labelled canvas holds its accessibility children; the reading is flat, container first")
    func tree() throws {
        let host = HeadlessHost(size: CGSize(width: 200, height: 100)) {
            VStack {
                Canvas { _, _ in }
                    .frame(width: 100, height: 50)
                    .accessibilityLabel("Chart")
                    .accessibilityChildren {
                        HStack {
                            Rectangle().accessibilityLabel("Bar 1")
                            Rectangle().accessibilityLabel("Bar 2")
                        }
                    }
                TextField("Name", text: .constant(""))
            }
        }
        #expect(host.accessibilityReading == ["Chart", "Bar 1", "Bar 2", "Name, Text field"])
        let tree = host.accessibilityTree
        #expect(tree.map(\.label) == ["Chart", "Name"])
        #expect(tree[0].isContainer)
        #expect(tree[0].children.map(\.label) == ["Bar 1", "Bar 2"])
        #expect(tree[0].frame.width == 100)
        // The field can take focus; Tab gives it focus and its element says so.
        #expect(tree[1].focusIdentity != nil)
        #expect(!tree[1].isFocused)
        host.press(key: .tab)
        _ = host.render()
        #expect(host.accessibilityTree[1].isFocused)
        // Grabbing focus through an element keeps it there.
        host.press(key: .tab)
        _ = host.render()
        #expect(host.accessibilityFocus(identity: tree[1].identity))
        _ = host.render()
        #expect(host.accessibilityTree[1].isFocused)
        #expect(!host.accessibilityFocus(identity: tree[0].identity))
    }

    @Test("keyboard navigation: Tab reaches every control in reading order, Space presses, arrows adjust, a ring shows focus")
    func keyboardNavigation() throws {
        let log = ActionLog()
        let host = HeadlessHost(size: CGSize(width: 300, height: 500), scale: 2) { ActionScene(log: log) }
        // Off (as on an iPhone): Tab finds nothing to focus in this scene.
        host.press(key: .tab)
        #expect(!host.accessibilityTree.contains { $0.isFocused })
        host.keyboardNavigation = true
        let plain = host.render()
        host.press(key: .tab)
        let focusedImage = host.render()
        #expect(host.accessibilityTree.first { $0.isFocused }?.label == "Add")
        // The ring: the accent colour just outside the button's frame, where nothing was before.
        let add = try element(host, "Add")
        let x = Int((add.frame.minX - 1) * 2), y = Int(add.frame.midY * 2)
        #expect(rgbaAt(plain, x, y)[3] == 0)
        let ring = rgbaAt(focusedImage, x, y)
        #expect(ring[3] > 100 && ring[2] > ring[0] + 80, "ring pixel \(ring)")
        host.press(key: .space)
        host.press(key: .return)
        #expect(log.entries == ["add", "add"])
        host.press(key: .tab)
        host.press(key: .space)
        _ = host.render()
        #expect(try element(host, "Grid").value == "on")
        host.press(key: .tab)
        host.press(key: .rightArrow)
        _ = host.render()
        #expect(try element(host, "Level").value == "50%")
        host.press(key: .leftArrow)
        host.press(key: .leftArrow)
        _ = host.render()
        #expect(try element(host, "Level").value == "30%")
        host.press(key: .tab, modifiers: .shift)
        _ = host.render()
        #expect(host.accessibilityTree.first { $0.isFocused }?.label == "Grid")
        // A disabled button is skipped.
        for _ in 0..<3 { host.press(key: .tab) }
        _ = host.render()
        #expect(host.accessibilityTree.first { $0.isFocused }?.label == "Add")
    }
}
