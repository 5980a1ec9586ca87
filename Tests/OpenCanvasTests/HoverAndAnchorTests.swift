import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor @Suite("Hover and anchor preferences")
struct HoverAndAnchorTests {
    final class Log { var entries: [String] = [] }

    @Test func continuousHoverReportsLocationsAndTheEnd() {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            Color.blue
                .frame(width: 40, height: 40)
                .onContinuousHover { phase in
                    switch phase {
                    case .active(let p): log.entries.append("active \(Int(p.x)),\(Int(p.y))")
                    case .ended: log.entries.append("ended")
                    }
                }
                .onContinuousHover(coordinateSpace: .global) { phase in
                    if case .active(let p) = phase { log.entries.append("global \(Int(p.x)),\(Int(p.y))") }
                }
        }
        host.hover(at: CGPoint(x: 10, y: 10))          // outside the square (30…70)
        #expect(log.entries.isEmpty)
        host.hover(at: CGPoint(x: 35, y: 40))
        host.hover(at: CGPoint(x: 60, y: 50))
        host.hover(at: CGPoint(x: 90, y: 50))          // leaves
        host.hover(at: CGPoint(x: 50, y: 50))
        host.hover(at: nil)                            // leaves the window
        host.hover(at: CGPoint(x: CGFloat.nan, y: 50))        // ignored: nothing is hovered
        #expect(log.entries == ["active 5,10", "global 35,40", "active 30,20", "global 60,50", "ended",
                                "active 20,20", "global 50,50", "ended"])
    }

    @Test func onHoverSaysEnteredAndLeftAndTheViewRedraws() {
        struct Card: View {
            @State private var over = false
            var body: some View {
                Rectangle().fill(over ? Color.red : Color.gray)
                    .frame(width: 50, height: 50)
                    .onHover { over = $0 }
            }
        }
        let host = HeadlessHost(size: CGSize(width: 50, height: 50)) { Card() }
        #expect(host.render().pixel(x: 25, y: 25).red == 142)
        host.hover(at: CGPoint(x: 25, y: 25))
        #expect(host.render().pixel(x: 25, y: 25) == (255, 59, 48, 255))
        host.hover(at: CGPoint(x: 26, y: 25))          // still inside: no change
        #expect(!host.needsRender)
        host.hover(at: CGPoint(x: 80, y: 25))          // outside the host: leaves
        #expect(host.render().pixel(x: 25, y: 25).red == 142)
    }

    @Test func theFrontmostViewAndItsContainersAreHoveredNotThoseBehindNorDisabledOnes() {
        let log = Log()
        let host = HeadlessHost(size: CGSize(width: 100, height: 100)) {
            ZStack {
                Color.gray.onHover { if $0 { log.entries.append("behind") } }
                VStack {
                    Color.green.frame(width: 30, height: 30).onHover { if $0 { log.entries.append("front") } }
                    Color.orange.frame(width: 30, height: 30).onHover { if $0 { log.entries.append("disabled") } }
                        .disabled(true)
                }
                .onHover { if $0 { log.entries.append("stack") } }
            }
        }
        host.hover(at: CGPoint(x: 50, y: 30))          // on the green square
        #expect(log.entries == ["front", "stack"])
        host.hover(at: CGPoint(x: 50, y: 65))          // on the disabled orange square
        #expect(log.entries == ["front", "stack"])
        host.hover(at: CGPoint(x: 5, y: 5))            // only the gray background
        #expect(log.entries == ["front", "stack", "behind"])
    }

    struct BoundsKey: PreferenceKey {
        static var defaultValue: Anchor<CGRect>? { nil }
        static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
    }

    struct AllBoundsKey: PreferenceKey {
        static var defaultValue: [Anchor<CGRect>] { [] }
        static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) { value += nextValue() }
    }

    @Test func anAnchorIsReadInTheReadersCoordinates() throws {
        // A highlight drawn over the selected square, from its anchored bounds.
        let view = HStack(spacing: 10) {
            Color.gray.frame(width: 20, height: 20)
            Color.gray.frame(width: 20, height: 20)
                .anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
        }
        .padding(5)
        .overlayPreferenceValue(BoundsKey.self) { anchor in
            GeometryReader { proxy in
                if let anchor {
                    let r = proxy[anchor]
                    Color.red.frame(width: r.width, height: r.height).offset(x: r.minX, y: r.minY)
                }
            }
        }
        let image = try #require(render(view))
        #expect(image.width == 60 && image.height == 30)
        #expect(image.pixel(x: 10, y: 15).red == 142)                  // the first square: gray
        #expect(image.pixel(x: 45, y: 15) == (255, 59, 48, 255))       // the second: covered in red
        #expect(image.pixel(x: 33, y: 15).alpha == 0)                  // the gap between
    }

    @Test func pointAnchorsAndTransformedPreferencesCollect() throws {
        var centres: [CGPoint] = []
        var rects: [CGRect] = []
        let host = HeadlessHost(size: CGSize(width: 100, height: 40)) {
            HStack(spacing: 0) {
                ForEach(0..<4) { i in
                    Color.clear.frame(width: 25, height: 40)
                        .transformAnchorPreference(key: AllBoundsKey.self, value: .bounds) { $0.append($1) }
                }
            }
            .overlayPreferenceValue(AllBoundsKey.self) { anchors in
                GeometryReader { proxy in
                    let _ = rects = anchors.map { proxy[$0] }
                    Color.clear
                }
            }
            .anchorPreference(key: PointKey.self, value: .center) { [$0] }
            .overlayPreferenceValue(PointKey.self) { anchors in
                GeometryReader { proxy in
                    let _ = centres = anchors.map { proxy[$0] }
                    Color.clear
                }
            }
        }
        _ = host.render()
        #expect(rects == (0..<4).map { CGRect(x: CGFloat($0) * 25, y: 0, width: 25, height: 40) })
        #expect(centres == [CGPoint(x: 50, y: 20)])
    }

    struct PointKey: PreferenceKey {
        static var defaultValue: [Anchor<CGPoint>] { [] }
        static func reduce(value: inout [Anchor<CGPoint>], nextValue: () -> [Anchor<CGPoint>]) { value += nextValue() }
    }
}
