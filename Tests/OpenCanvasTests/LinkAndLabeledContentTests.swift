import Testing
import Foundation
import OpenCanvas

@MainActor @Suite("Links, the openURL action, labelled content")
struct LinkAndLabeledContentTests {
    final class Opened: @unchecked Sendable { var urls: [URL] = [] }

    @Test func aTapOnALinkCallsTheEnvironmentsOpenURL() throws {
        let opened = Opened()
        let url = try #require(URL(string: "https://example.org/docs"))
        let host = HeadlessHost(size: CGSize(width: 200, height: 40)) {
            Link("Documentation", destination: url)
                .environment(\.openURL, OpenURLAction { url in opened.urls.append(url); return .handled })
        }
        #expect(host.accessibilityReading == ["Documentation, Link"])
        host.tap(at: CGPoint(x: 100, y: 20))
        #expect(opened.urls == [url])
        // The label is drawn in the tint.
        var blue = false
        let image = host.render()
        for x in 0..<200 where image.pixel(x: x, y: 20) == (0, 122, 255, 255) { blue = true }
        #expect(blue)
    }

    @Test func aHandlerCanSendAnotherURLOnOrDiscardIt() throws {
        let opened = Opened()
        let handler = OpenURLAction { url in
            opened.urls.append(url)
            return url.scheme == "app" ? .discarded : .systemAction(URL(string: "https://example.org")!)
        }
        var results: [Bool] = []
        handler(URL(string: "app://settings")!) { results.append($0) }
        #expect(results == [false])
        #expect(OpenURLAction.Result.systemAction(URL(string: "https://x.org")!) == .systemAction)
        #expect(opened.urls.count == 1)
    }

    @Test func labeledContentReadsAsOneElement() {
        let host = HeadlessHost(size: CGSize(width: 240, height: 40)) {
            LabeledContent("Version", value: "2.1").padding(.horizontal)
        }
        #expect(host.accessibilityReading == ["Version, 2.1"])
        let elements = host.accessibilityElements
        #expect(elements.count == 1 && elements[0].frame.width > 200)     // a full-width row
        let percent = HeadlessHost(size: CGSize(width: 240, height: 40)) {
            LabeledContent("Done", value: 0.25, format: .percent)
        }
        #expect(percent.accessibilityReading == ["Done, 25%"])
    }
}
