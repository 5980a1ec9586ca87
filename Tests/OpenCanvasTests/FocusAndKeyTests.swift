import Testing
import Foundation
import OpenCanvas

@MainActor @Suite("Focus and key presses")
struct FocusAndKeyTests {
    final class Log { var entries: [String] = [] }

    /// Three focusable squares; arrows move a marker in the focused one.
    struct Pad: View {
        let log: Log
        @FocusState private var focused: Int?
        @State private var positions = [0, 0, 0]

        var body: some View {
            HStack {
                ForEach(0..<3, id: \.self) { i in
                    Rectangle().fill(focused == i ? Color.orange : Color.gray)
                        .frame(width: 30, height: 30)
                        .focusable()
                        .focused($focused, equals: i)
                        .onKeyPress(.rightArrow) {
                            positions[i] += 1
                            log.entries.append("right \(i)")
                            return .handled
                        }
                }
                Button("Focus last") { focused = 2 }
            }
            .onKeyPress { press in
                log.entries.append("outer \(press.characters)")
                return .ignored
            }
            .accessibilityValue("\(focused.map(String.init) ?? "none") \(positions)")
        }
    }

    func reading(_ host: HeadlessHost<Pad>) -> String { host.accessibilityElements.last?.value ?? "" }

    @Test func nothingHasFocusUntilTabOrAStateGivesIt() throws {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 240, height: 40)) { Pad(log: log) }
        #expect(host.press(key: .rightArrow) == false)       // no focus: nobody hears it
        #expect(log.entries.isEmpty)
        host.press(key: .tab)                                 // the first focusable square
        _ = host.render()
        #expect(host.render().pixel(x: 31, y: 20) == (255, 149, 0, 255))
        #expect(host.press(key: .rightArrow))
        #expect(log.entries == ["right 0"])
        host.press(key: .tab)
        host.press(key: .tab, modifiers: .shift)              // back to the first
        host.press(key: .tab, modifiers: .shift)              // round to the last
        #expect(host.press(key: .rightArrow))
        // Tab reaches the handlers first (the outer one lets it go on).
        #expect(log.entries == ["right 0", "outer \t", "outer \t", "outer \t", "right 2"])
    }

    @Test func aFocusStateSetInCodeMovesFocusAndTabSetsIt() throws {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 240, height: 40)) { Pad(log: log) }
        let button = try #require(host.accessibilityElements.first { $0.label == "Focus last" })
        host.tap(at: CGPoint(x: button.frame.midX, y: button.frame.midY))
        _ = host.render()
        host.press(key: .rightArrow)
        #expect(log.entries == ["right 2"])
        host.press(key: .tab)                                 // round to the first: the state follows
        _ = host.render()
        #expect(host.accessibilityElements.first { $0.label == "Focus last" }?.value?.hasPrefix("0 ") == true)
    }

    @Test func unhandledPressesGoOutwardAndTypingSendsCharacters() {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 240, height: 40)) { Pad(log: log) }
        host.press(key: .tab)
        host.type("hi")
        host.press(key: "a", modifiers: .shift)
        #expect(log.entries == ["outer h", "outer i", "outer A"])
        #expect(host.press(key: .upArrow) == false)           // the outer handler ignores it too
    }

    @Test func aHandlerThatTakesTabKeepsFocus() {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 60, height: 40)) {
            HStack {
                Color.red.frame(width: 10, height: 10).focusable()
                    .onKeyPress { press in log.entries.append("first \(press.characters)"); return .handled }
                Color.blue.frame(width: 10, height: 10).focusable()
                    .onKeyPress { press in log.entries.append("second \(press.characters)"); return .handled }
            }
        }
        host.press(key: .tab)          // nothing focused: Tab moves focus to the first
        host.press(key: .tab)          // the first takes it: focus stays
        host.press(key: "z")
        #expect(log.entries == ["first \t", "first z"])
    }

    @Test func disabledAndUnfocusableViewsAreSkipped() {
        struct Views: View {
            let log: Log
            var body: some View {
                VStack {
                    Color.red.frame(width: 10, height: 10).focusable(false)
                        .onKeyPress { _ in log.entries.append("unfocusable"); return .handled }
                    Color.red.frame(width: 10, height: 10).focusable().disabled(true)
                        .onKeyPress { _ in log.entries.append("disabled"); return .handled }
                    Color.blue.frame(width: 10, height: 10).focusable()
                        .onKeyPress(characters: .letters) { _ in log.entries.append("blue"); return .handled }
                }
            }
        }
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 40, height: 60)) { Views(log: log) }
        host.press(key: .tab)
        host.press(key: "x")
        host.press(key: .tab)                                  // the only focusable one again
        host.press(key: "y")
        #expect(log.entries == ["blue", "blue"])
    }

    @Test func isFocusedIsInTheEnvironment() {
        struct Ring: View {
            @Environment(\.isFocused) private var isFocused
            var body: some View { Circle().fill(isFocused ? Color.green : Color.gray) }
        }
        let host = HeadlessHost(size: CGSize(width: 20, height: 20)) { Ring().focusable() }
        #expect(host.render().pixel(x: 10, y: 10).green == 142)
        host.press(key: .tab)
        #expect(host.render().pixel(x: 10, y: 10) == (52, 199, 89, 255))
    }

    @Test func aViewThatGoesAwayTakesFocusWithIt() {
        struct Vanishing: View {
            @State var shown = true
            @FocusState var focused: Bool
            var body: some View {
                VStack {
                    if shown {
                        Color.red.frame(width: 10, height: 10).focusable().focused($focused)
                            .onKeyPress("x") { shown = false; return .handled }
                    }
                    Text(focused ? "focused" : "not focused")
                }
            }
        }
        let host = HeadlessHost(size: CGSize(width: 100, height: 60)) { Vanishing() }
        host.press(key: .tab)
        _ = host.render()
        #expect(host.accessibilityReading == ["focused"])
        host.press(key: "x")
        _ = host.render()
        _ = host.render()
        #expect(host.accessibilityReading == ["not focused"])
        #expect(host.press(key: "x") == false)
    }
}
