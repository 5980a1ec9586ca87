import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Presentations: sheets, alerts, confirmation dialogs")
struct PresentationTests {
    final class Box<T> { var value: T; init(_ v: T) { value = v } }

    struct SheetDemo: View {
        @State var showsSheet = false
        let dismissed: Box<Int>
        var body: some View {
            VStack {
                Button("Settings") { showsSheet = true }
                Spacer()
            }
            .padding(.top, 40)
            .sheet(isPresented: $showsSheet, onDismiss: { dismissed.value += 1 }) { SheetBody() }
        }
    }

    struct SheetBody: View {
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            VStack(spacing: 20) {
                Text("Sheet title")
                Button("Done") { dismiss() }
            }
        }
    }

    func center(_ host: HeadlessHost<some View>, _ label: String) throws -> CGPoint {
        let e = try #require(host.accessibilityElements.first { $0.label == label })
        return CGPoint(x: e.frame.midX, y: e.frame.midY)
    }

    @Test func aSheetSlidesUpIsModalAndDismisses() throws {
        let dismissed = Box(0)
        let host = HeadlessHost(size: CGSize(width: 300, height: 400)) { SheetDemo(dismissed: dismissed) }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        #expect(host.accessibilityReading == ["Settings, Button"])
        host.tap(at: try center(host, "Settings"))
        // The sheet is modal: only its content is read, and it starts below the screen.
        #expect(host.accessibilityReading == ["Sheet title", "Done, Button"])
        let start = try #require(host.accessibilityElements.first { $0.label == "Sheet title" }).frame
        host.advance(by: 1)
        let done = try #require(host.accessibilityElements.first { $0.label == "Sheet title" }).frame
        #expect(start.minY > 400)
        #expect(done.minY < 400 && done.minY > 32)            // the sheet's top is 8 % down: 32
        let image = host.render()
        #expect(image.pixel(x: 150, y: 20).red < 240)          // the page behind is dimmed
        #expect(image.pixel(x: 150, y: 40) == (255, 255, 255, 255))  // the sheet is white
        host.tap(at: try center(host, "Done"))
        _ = host.render()
        #expect(host.accessibilityReading == ["Settings, Button"])
        #expect(dismissed.value == 1)
    }

    @Test func aDragDownDismissesASheet() throws {
        let host = HeadlessHost(size: CGSize(width: 300, height: 400)) { SheetDemo(dismissed: Box(0)) }
        host.date = Date(timeIntervalSinceReferenceDate: 0)
        host.tap(at: try center(host, "Settings"))
        host.advance(by: 1)
        host.drag(from: CGPoint(x: 150, y: 60), to: CGPoint(x: 150, y: 300))
        _ = host.render()
        #expect(host.accessibilityReading == ["Settings, Button"])
    }

    struct AlertDemo: View {
        @State var asks = false
        @State var answer = "none"
        var body: some View {
            VStack {
                Text("Answer: \(answer)")
                Button("Delete") { asks = true }
            }
            .alert("Delete the file?", isPresented: $asks) {
                Button("Delete", role: .destructive) { answer = "deleted" }
                Button("Cancel", role: .cancel) { answer = "kept" }
            } message: {
                Text("This cannot be undone.")
            }
        }
    }

    @Test func anAlertReadsItsTitleMessageAndButtonsAndRunsTheOneTapped() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 400)) { AlertDemo() }
        host.tap(at: try center(host, "Delete"))
        #expect(host.accessibilityReading == ["Delete the file?", "This cannot be undone.", "Cancel, Button",
                                              "Delete, Button"])
        let cancel = try #require(host.accessibilityElements.first { $0.label == "Cancel" }).frame
        let delete = try #require(host.accessibilityElements.first { $0.label == "Delete" }).frame
        #expect(cancel.maxX <= delete.minX + 1 && abs(cancel.midY - delete.midY) < 0.5)   // side by side
        #expect(abs((delete.maxX - cancel.minX) - 270) < 1)
        host.tap(at: CGPoint(x: delete.midX, y: delete.midY))
        #expect(host.accessibilityReading == ["Answer: deleted", "Delete, Button"])
    }

    struct DialogDemo: View {
        @State var asks = false
        @State var picked = "none"
        var body: some View {
            Button("Share") { asks = true }
                .confirmationDialog("Share the chart", isPresented: $asks, titleVisibility: .visible) {
                    Button("Copy") { picked = "copy" }
                    Button("Save") { picked = "save" }
                }
                .overlay(alignment: .top) { Text(picked).offset(y: -30) }
        }
    }

    @Test func aConfirmationDialogSitsAtTheBottomWithACancelButton() throws {
        let host = HeadlessHost(size: CGSize(width: 320, height: 480)) { DialogDemo() }
        host.tap(at: try center(host, "Share"))
        #expect(host.accessibilityReading == ["Share the chart", "Copy, Button", "Save, Button", "Cancel, Button"])
        let cancel = try #require(host.accessibilityElements.first { $0.label == "Cancel" }).frame
        #expect(abs(cancel.maxY - 470) < 1 && abs(cancel.height - 56) < 1)
        host.tap(at: try center(host, "Save"))
        #expect(host.accessibilityReading.contains("save"))
    }

    /// A page with a sheet, an alert and a dialog each presented over it, in an
    /// appearance, side by side.
    func pictures(_ scheme: ColorScheme) throws -> [CGImage] {
        func shot<V: View>(_ view: V, tap label: String) throws -> CGImage {
            let host = HeadlessHost(size: CGSize(width: 320, height: 360), scale: 1) {
                view.frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.blue.opacity(0.3))
            }
            host.colorScheme = scheme
            host.date = Date(timeIntervalSinceReferenceDate: 0)
            host.tap(at: try center(host, label))
            host.advance(by: 1)
            return host.render()
        }
        return [try shot(SheetDemo(dismissed: Box(0)), tap: "Settings"), try shot(AlertDemo(), tap: "Delete"),
                try shot(DialogDemo(), tap: "Share")]
    }

    @Test func light() throws {
        let shots = try pictures(.light)
        for (i, name) in ["sheet", "alert", "dialog"].enumerated() { try ReferenceImage.check(shots[i], named: "\(name)-light") }
    }

    @Test func dark() throws {
        let shots = try pictures(.dark)
        for (i, name) in ["sheet", "alert", "dialog"].enumerated() { try ReferenceImage.check(shots[i], named: "\(name)-dark") }
    }
}
