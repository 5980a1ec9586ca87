import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("Accessibility: the tree a screen reader reads")
struct AccessibilityTests {
    @Test("text and labelled images are elements; a canvas exposes nothing of what it draws")
    func basics() {
        let host = HeadlessHost(size: CGSize(width: 200, height: 200)) {
            VStack(spacing: 0) {
                Text("Title").font(.headline)
                Image(systemName: "star.fill")
                Canvas { context, size in
                    context.draw(Text("drawn, not read"), at: CGPoint(x: size.width / 2, y: size.height / 2))
                }
                .frame(width: 100, height: 50)
                Color.red.frame(width: 10, height: 10)
            }
        }
        #expect(host.accessibilityReading == ["Title", "star fill, Image"])
        let elements = host.accessibilityElements
        #expect(elements[0].traits == .isStaticText)
        #expect(elements[1].traits == .isImage)
        #expect(elements[0].frame.height == 22)
    }

    @Test("a labelled canvas is one element; with children, one element per child at its frame over the canvas")
    func canvas() throws {
        let labelled = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            Canvas { _, _ in }
                .accessibilityLabel("Sales chart")
                .accessibilityValue("3 bars")
                .accessibilityHint("Shows sales by month")
        }
        #expect(labelled.accessibilityReading == ["Sales chart, 3 bars. Shows sales by month"])
        #expect(labelled.accessibilityElements.first?.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        let withChildren = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            Canvas { _, _ in }
                .accessibilityLabel("Chart")
                .accessibilityChildren {
                    HStack(spacing: 0) {
                        ForEach(["Jan", "Feb"], id: \.self) { month in
                            Rectangle().accessibilityLabel(month).accessibilityValue("\(month.count) units")
                        }
                    }
                }
        }
        let e = withChildren.accessibilityElements
        #expect(e.map(\.reading) == ["Chart", "Jan, 3 units", "Feb, 3 units"])
        #expect(e[1].frame == CGRect(x: 0, y: 0, width: 50, height: 100))
        #expect(e[2].frame == CGRect(x: 50, y: 0, width: 50, height: 100))
        // Children are never drawn.
        let image = withChildren.render()
        #expect(image.pixel(x: 25, y: 50).alpha == 0)
    }

    @Test("buttons are elements with the button trait; combine, ignore, hidden and traits")
    func modifiers() {
        let host = HeadlessHost(size: CGSize(width: 300, height: 300)) {
            VStack {
                Button("Add", systemImage: "plus") {}
                HStack { Text("Temperature"); Text("21°") }.accessibilityElement(children: .combine)
                HStack { Text("ignored"); Text("too") }.accessibilityElement(children: .ignore).accessibilityLabel("Summary")
                Text("secret").accessibilityHidden(true)
                Text("Section").accessibilityAddTraits(.isHeader)
                Text("hidden view").hidden()
                Text("gone").opacity(0)
            }
        }
        #expect(host.accessibilityReading == ["Add, Button", "Temperature, 21°", "Summary", "Section, Heading"])
        #expect(host.accessibilityElements[0].traits.contains(.isButton))
    }

    @Test("accessibilityRepresentation replaces a view's elements; drawingGroup keeps them")
    func representation() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            VStack {
                Canvas { _, _ in }.frame(width: 40, height: 20)
                    .accessibilityRepresentation { Text("Slider at 40%") }
                Text("Grouped").drawingGroup()
            }
        }
        #expect(host.accessibilityReading == ["Slider at 40%", "Grouped"])
    }

    @Test("drawingGroup and compositingGroup composite their content as one layer")
    func groups() throws {
        let image = try #require(render(ZStack(alignment: .leading) {
            Color.black.frame(width: 30, height: 10)
            Color.black.frame(width: 30, height: 10).offset(x: 10)
        }.frame(width: 40, height: 10, alignment: .leading).drawingGroup().opacity(0.5)))
        #expect(image.pixel(x: 20, y: 5).alpha == 128)
        let composited = try #require(render(Color.red.frame(width: 10, height: 10).compositingGroup()))
        #expect(composited.pixel(x: 5, y: 5).alpha == 255)
    }
}
