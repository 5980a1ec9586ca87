import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Text fields, secure fields and editors")
struct TextInputTests {
    final class Log { var submitted: [String] = [] }

    struct Fields: View {
        @State var city = ""
        @State var password = ""
        @State var notes = "one"
        @FocusState var focus: Field?
        let log: Log
        enum Field { case city, password, notes }

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                TextField("City", text: $city)
                    .focused($focus, equals: .city)
                    .onSubmit { log.submitted.append(city) }
                SecureField("Password", text: $password).focused($focus, equals: .password)
                TextField("Notes", text: $notes, axis: .vertical).focused($focus, equals: .notes)
                Text("Focus: \(focus.map { "\($0)" } ?? "none")")
            }
            .textFieldStyle(.roundedBorder)
            .padding(16)
        }
    }

    func element(_ host: HeadlessHost<some View>, _ label: String) throws -> AccessibilityElement {
        try #require(host.accessibilityElements.first { $0.label == label })
    }

    @Test func typingEditsAndReturnSubmits() throws {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 300, height: 300)) { Fields(log: log) }
        #expect(host.accessibilityReading.prefix(3) == ["City, Text field", "Password, Secure text field", "Notes, one, Text field"])
        let city = try element(host, "City").frame
        host.tap(at: CGPoint(x: city.midX, y: city.midY))
        #expect(host.accessibilityReading.last == "Focus: city")
        host.type("Lisbn")
        host.press(key: .leftArrow)
        host.type("o")
        #expect(try element(host, "City").value == "Lisbon")
        host.press(key: .delete)
        host.press(key: .end)
        host.type("!")
        #expect(try element(host, "City").value == "Lisbn!")
        host.press(key: .return)
        #expect(log.submitted == ["Lisbn!"])
        // Shift-Home selects to the start; typing replaces the selection.
        host.press(key: .home, modifiers: .shift)
        host.type("Porto")
        #expect(try element(host, "City").value == "Porto")
        // Tab moves focus to the secure field, whose characters are read as dots.
        host.press(key: .tab)
        #expect(host.accessibilityReading.last == "Focus: password")
        host.type("abc")
        #expect(try element(host, "Password").value == "•••")
    }

    @Test func aVerticalFieldTakesNewlinesAndGrows() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 300)) { Fields(log: Log()) }
        let notes = try element(host, "Notes").frame
        host.tap(at: CGPoint(x: notes.maxX - 5, y: notes.midY))         // the caret at the end
        host.press(key: .return)
        host.type("two")
        #expect(try element(host, "Notes").value == "one\ntwo")
        #expect(try element(host, "Notes").frame.height > notes.height + 15)   // a line taller
        host.press(key: .upArrow)
        host.press(key: .delete)
        #expect(try element(host, "Notes").value == "on\ntwo")
    }

    @Test func aTapPutsTheCaretNearIt() throws {
        struct One: View {
            @State var text = "abcdef"
            var body: some View { TextField("T", text: $text).padding() }
        }
        let host = HeadlessHost(size: CGSize(width: 300, height: 80)) { One() }
        let field = try #require(host.accessibilityElements.first).frame
        host.tap(at: CGPoint(x: field.minX + 1, y: field.midY))     // before "a"
        host.type("0")
        #expect(host.accessibilityElements.first?.value == "0abcdef")
        host.press(key: "a", modifiers: .control)                    // select all
        host.press(key: .delete)
        #expect(host.accessibilityElements.first?.value == "")
    }

    @Test func aValueFieldParsesOnReturn() throws {
        struct Amount: View {
            @State var amount = 12
            var body: some View {
                VStack {
                    TextField("Amount", value: $amount, format: .number)
                    Text("Amount \(amount)")
                }
                .padding()
            }
        }
        let host = HeadlessHost(size: CGSize(width: 300, height: 100)) { Amount() }
        let field = try #require(host.accessibilityElements.first).frame
        host.tap(at: CGPoint(x: field.maxX - 2, y: field.midY))
        host.type("5")
        host.press(key: .return)
        #expect(host.accessibilityReading.last == "Amount 125")
        host.press(key: "a", modifiers: .control)
        host.type("x")
        host.press(key: .return)
        #expect(host.accessibilityReading.last == "Amount 125")      // "x" does not parse
    }

    func picture(_ scheme: ColorScheme) throws -> CGImage {
        let host = HeadlessHost(size: CGSize(width: 300, height: 200), scale: 1) {
            Fields(log: Log()).background(scheme == .dark ? Color.black : Color.white)
        }
        host.colorScheme = scheme
        let city = try element(host, "City").frame
        host.tap(at: CGPoint(x: city.midX, y: city.midY))
        host.type("Lisbon")
        host.press(key: .leftArrow, modifiers: .shift)
        host.press(key: .leftArrow, modifiers: .shift)
        return host.render()
    }

    @Test func light() throws { try ReferenceImage.check(picture(.light), named: "textfields-light") }
    @Test func dark() throws { try ReferenceImage.check(picture(.dark), named: "textfields-dark") }

    @Test func aHugeTextIsLaidOutInTimeProportionalToItsLength() throws {
        struct Big: View {
            @State var text = String(repeating: "lorem ipsum ", count: 20_000)
            var body: some View { TextEditor(text: $text) }
        }
        let host = HeadlessHost(size: CGSize(width: 300, height: 300)) { Big() }
        _ = host.render()
        let editor = try #require(host.accessibilityElements.first).frame
        host.tap(at: CGPoint(x: editor.minX + 2, y: 10))
        host.type("x")
        #expect(host.accessibilityElements.first?.value?.hasPrefix("xlorem") == true)
        host.drag(from: CGPoint(x: 150, y: 280), to: CGPoint(x: 150, y: 20))   // it scrolls
        _ = host.render()
    }
}
