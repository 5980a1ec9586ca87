import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor final class TapCount { var count = 0 }

@MainActor @Suite("Everyday view modifiers: effects, aspect ratio, mask, disabled, zIndex, system chrome")
struct ViewModifierTests {
    func render<V: View>(_ size: CGFloat = 60, _ view: V) throws -> CGImage {
        let host = HeadlessHost(size: CGSize(width: size, height: size)) { view }
        return host.render()
    }

    let square = Color.red.frame(width: 20, height: 20)

    @Test func blurSpreadsTheViewBeyondItsEdges() throws {
        let sharp = try render(60, square)
        let blurred = try render(60, square.blur(radius: 3))
        #expect(rgbaAt(sharp, 18, 30)[3] == 0)                 // 2 px outside the square's left edge
        #expect(rgbaAt(blurred, 18, 30)[3] > 20)
        #expect(near(rgbaAt(blurred, 30, 30), [255, 59, 48, 255], 3))   // the middle stays red
    }

    @Test func shadowFallsBelowAndAside() throws {
        let image = try render(60, Color.black.frame(width: 20, height: 20).shadow(color: .blue, radius: 0, x: 10, y: 0))
        #expect(rgbaAt(image, 25, 30) == [0, 0, 0, 255])           // the view itself
        #expect(rgbaAt(image, 45, 30) == [0, 122, 255, 255])       // its shadow, 10 pt to the right
        #expect(rgbaAt(image, 55, 30)[3] == 0)
    }

    @Test func colourFiltersMatchTheCanvasFilters() throws {
        #expect(rgbaAt(try render(60, square.brightness(1)), 30, 30) == [255, 255, 255, 255])
        let inverted = rgbaAt(try render(60, square.colorInvert()), 30, 30)
        #expect(near(inverted, [0, 196, 207, 255], 1))
        let grey = rgbaAt(try render(60, square.grayscale(1)), 30, 30)
        #expect(grey[0] == grey[1] && grey[1] == grey[2] && grey[3] == 255)
        let multiplied = rgbaAt(try render(60, square.colorMultiply(Color(red: 1, green: 0, blue: 0))), 30, 30)
        #expect(multiplied == [255, 0, 0, 255])
    }

    @Test func blendModeCompositesWithWhatIsBehind() throws {
        let image = try render(60, ZStack {
            Color(red: 0, green: 0.5, blue: 1).frame(width: 40, height: 40)
            Color(red: 1, green: 0.5, blue: 0.5).frame(width: 20, height: 20).blendMode(.multiply)
        })
        #expect(near(rgbaAt(image, 30, 30), [0, 64, 128, 255], 1))        // component products
        #expect(near(rgbaAt(image, 12, 30), [0, 128, 255, 255], 1))       // outside the top view
    }

    @Test func projectionsMoveTheDrawingNotTheLayout() throws {
        let moved = try render(60, square.projectionEffect(ProjectionTransform(CGAffineTransform(translationX: 10, y: 0))))
        #expect(rgbaAt(moved, 22, 30)[3] == 0)
        #expect(rgbaAt(moved, 38, 30) == [255, 59, 48, 255])
        let transformed = try render(60, square.transformEffect(CGAffineTransform(translationX: 0, y: 10)))
        #expect(rgbaAt(transformed, 30, 22)[3] == 0)
        #expect(rgbaAt(transformed, 30, 38) == [255, 59, 48, 255])
        // A 60° turn about the vertical axis, seen from 40 pt (the larger side): the
        // left edge comes nearer (x = 30 − 10 / (1 − 17.3/40) ≈ 12.4), the right one
        // goes away (x ≈ 30 + 10 / 1.433 ≈ 37.0).
        let turned = try render(60, Color.red.frame(width: 40, height: 40).rotation3DEffect(.degrees(60), axis: (0, 1, 0)))
        #expect(rgbaAt(turned, 30, 30) == [255, 59, 48, 255])
        #expect(rgbaAt(turned, 14, 30) == [255, 59, 48, 255])
        #expect(rgbaAt(turned, 39, 30)[3] == 0)                            // inside the flat square, outside the turned one
        #expect(rgbaAt(turned, 35, 12)[3] == 0)                            // the far edge is shorter too
        let flat = try render(60, Color.red.frame(width: 40, height: 40).rotation3DEffect(.zero, axis: (0, 1, 0)))
        #expect(rgbaAt(flat, 12, 30) == [255, 59, 48, 255])
    }

    @Test func aspectRatioFitsAndFills() throws {
        let fit = try render(100, Color.red.aspectRatio(2, contentMode: .fit))
        #expect(rgbaAt(fit, 50, 20)[3] == 0)          // 100 × 50, centred
        #expect(rgbaAt(fit, 50, 30)[3] == 255)
        #expect(rgbaAt(fit, 2, 50)[3] == 255)
        let fill = try render(100, Color.red.aspectRatio(2, contentMode: .fill))
        #expect(rgbaAt(fill, 50, 5)[3] == 255)        // 200 × 100: the whole host
        let tall = try render(100, Color.red.aspectRatio(CGSize(width: 1, height: 4), contentMode: .fit))
        #expect(rgbaAt(tall, 50, 50)[3] == 255)       // 25 × 100
        #expect(rgbaAt(tall, 30, 50)[3] == 0)
    }

    @Test func maskShowsTheViewWhereTheMaskIsOpaque() throws {
        let image = try render(60, Color.red.frame(width: 40, height: 40).mask { Circle() })
        #expect(rgbaAt(image, 30, 30) == [255, 59, 48, 255])
        #expect(rgbaAt(image, 12, 12)[3] == 0)         // a corner of the square, outside the circle
    }

    @Test func disabledViewsIgnoreTaps() {
        let taps = TapCount()
        let host = HeadlessHost(size: CGSize(width: 60, height: 60)) {
            VStack(spacing: 0) {
                Color.red.frame(width: 60, height: 30).onTapGesture { taps.count += 1 }
                Color.blue.frame(width: 60, height: 30).onTapGesture { taps.count += 10 }.disabled(true)
            }
        }
        host.tap(at: CGPoint(x: 30, y: 10))
        host.tap(at: CGPoint(x: 30, y: 50))
        #expect(taps.count == 1)
    }

    @Test func zIndexOrdersAZStack() throws {
        let image = try render(60, ZStack {
            Color.red.frame(width: 30, height: 30).zIndex(1)
            Color.blue.frame(width: 30, height: 30)
        })
        #expect(rgbaAt(image, 30, 30) == [255, 59, 48, 255])
    }

    @Test func systemChromeModifiersChangeNothing() throws {
        let plain = try render(60, square)
        let chrome = try render(60, square.ignoresSafeArea().statusBarHidden().persistentSystemOverlays(.hidden))
        #expect(plain.premultiplied == chrome.premultiplied)
    }
}

@MainActor final class SizeLog { var sizes: [CGSize] = [] }

struct GrowingBox: View {
    let log: SizeLog
    @State private var wide = false
    var body: some View {
        Color.red.frame(width: wide ? 50 : 20, height: 10)
            .onGeometryChange(for: CGSize.self, of: { $0.size }) { log.sizes.append($0) }
            .onTapGesture { wide = true }
            .contentTransition(.numericText())
    }
}

extension ViewModifierTests {
    @Test func geometryChangesAreReported() {
        let log = SizeLog()
        let host = HeadlessHost(size: CGSize(width: 60, height: 20)) { GrowingBox(log: log) }
        _ = host.render()
        #expect(log.sizes == [CGSize(width: 20, height: 10)])
        _ = host.render()                                       // nothing changed: no new report
        host.tap(at: CGPoint(x: 30, y: 10))
        _ = host.render()
        #expect(log.sizes == [CGSize(width: 20, height: 10), CGSize(width: 50, height: 10)])
    }
}

struct TotalWidth: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value += nextValue() }
}

@MainActor final class WidthLog { var values: [CGFloat] = [] }

struct Measured: View {
    let log: WidthLog
    @State private var third = false
    var body: some View {
        HStack {
            Color.red.frame(width: 10, height: 10).preference(key: TotalWidth.self, value: 10)
            Color.blue.frame(width: 20, height: 10).preference(key: TotalWidth.self, value: 20)
            if third { Color.green.frame(width: 5, height: 10).preference(key: TotalWidth.self, value: 5) }
            // An inner preference is hidden by an outer one on the same view.
            Color.gray.frame(width: 1, height: 1).preference(key: TotalWidth.self, value: 1000)
                .preference(key: TotalWidth.self, value: 1)
        }
        .onPreferenceChange(TotalWidth.self) { log.values.append($0) }
        .onTapGesture { third = true }
    }
}

extension ViewModifierTests {
    @Test func preferencesFlowUpAndReportChanges() {
        let log = WidthLog()
        let host = HeadlessHost(size: CGSize(width: 100, height: 20)) { Measured(log: log) }
        _ = host.render()
        #expect(log.values == [31])
        host.tap(at: CGPoint(x: 50, y: 10))
        _ = host.render()
        #expect(log.values == [31, 36])
    }
}

extension ViewModifierTests {
    @Test func layoutPriorityOffersSpaceFirst() throws {
        func stack(_ redFirst: Bool) -> some View {
            HStack(spacing: 0) {
                Color.red.frame(minWidth: 10, maxWidth: 100).layoutPriority(redFirst ? 1 : 0)
                Color.blue.frame(minWidth: 10, maxWidth: 100)
            }
            .frame(width: 120, height: 10)
        }
        let even = try render(120, stack(false))
        #expect(rgbaAt(even, 55, 60) == [255, 59, 48, 255])
        #expect(rgbaAt(even, 65, 60) == [0, 122, 255, 255])          // 60 / 60
        let first = try render(120, stack(true))
        #expect(rgbaAt(first, 95, 60) == [255, 59, 48, 255])         // red takes 100, blue its 20
        #expect(rgbaAt(first, 105, 60) == [0, 122, 255, 255])
    }

    @Test func fixedSizeTakesTheIdealSize() throws {
        let image = try render(40, Color.red.frame(idealWidth: 80, idealHeight: 10).fixedSize())
        #expect(rgbaAt(image, 2, 20) == [255, 59, 48, 255])          // 80 wide: past both sides
        #expect(rgbaAt(image, 20, 5)[3] == 0)                        // 10 high, centred
    }

    @Test func safeAreaInsetPlacesContentAlongTheEdge() throws {
        let image = try render(40, Color.red.safeAreaInset(edge: .bottom) { Color.blue.frame(height: 10) })
        #expect(rgbaAt(image, 20, 35) == [0, 122, 255, 255])
        #expect(rgbaAt(image, 20, 25) == [255, 59, 48, 255])
    }
}

struct Highlight: PreferenceKey {
    static let defaultValue: String = ""
    static func reduce(value: inout String, nextValue: () -> String) { value += nextValue() }
}

struct Labelled: View {
    @State private var suffix = "a"
    var body: some View {
        HStack {
            Color.red.frame(width: 20, height: 20).preference(key: Highlight.self, value: "x")
            Color.blue.frame(width: 20, height: 20).preference(key: Highlight.self, value: suffix)
                .onTapGesture { suffix = "b" }
        }
        .overlayPreferenceValue(Highlight.self, alignment: .bottom) { value in Text(value) }
    }
}

extension ViewModifierTests {
    @Test func preferenceValuesMakeOverlays() {
        let host = HeadlessHost(size: CGSize(width: 100, height: 60)) { Labelled() }
        #expect(host.accessibilityReading == ["xa"])
        host.tap(at: CGPoint(x: 64, y: 30))
        #expect(host.accessibilityReading == ["xb"])     // the overlay follows a changed preference
    }
}
