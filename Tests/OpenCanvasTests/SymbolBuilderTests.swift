import Testing
import Foundation
import OpenCanvas
import RenderTesting

struct Swatch: Identifiable {
    let id: String
    let color: Color
}

/// A composed view whose body is tagged: its tag is the view's, as in a SwiftUI
/// view list.
struct TaggedBody: View {
    var body: some View { Rectangle().fill(Color.purple).frame(width: 6, height: 6).tag("body") }
}

/// Tagged views from every kind of builder content.
struct SymbolSheet: View {
    let flag: Bool
    let colors: [Color] = [.red, .green, .blue]
    let swatches = [Swatch(id: "a", color: .orange), Swatch(id: "b", color: .yellow)]

    var body: some View {
        Canvas { context, _ in
            // The published tutorial's shape: force-unwrapped symbols from a ForEach.
            for i in 0..<3 {
                let symbol = context.resolveSymbol(id: i)!
                context.draw(symbol, at: CGPoint(x: 10 + 20 * Double(i), y: 10), anchor: .topLeading)
            }
            let ids: [AnyHashable] = [10, 11, "a", "b", "grouped", "branch", "nested-0", "nested-1", "body"]
            for (k, id) in ids.enumerated() {
                if let symbol = context.resolveSymbol(id: id) {
                    context.draw(symbol, at: CGPoint(x: 10 + 12 * Double(k), y: 40), anchor: .topLeading)
                }
            }
        } symbols: {
            ForEach(Array(colors.enumerated()), id: \.0) { i, color in
                RoundedRectangle(cornerRadius: 2).fill(color).frame(width: 10, height: 10).tag(i)
            }
            ForEach(10..<12) { n in Circle().fill(Color.black).frame(width: 6, height: 6).tag(n) }
            ForEach(swatches) { s in Rectangle().fill(s.color).frame(width: 6, height: 6).tag(s.id) }
            Group {
                Rectangle().fill(Color.gray).frame(width: 6, height: 6).tag("grouped")
            }
            if flag {
                Rectangle().fill(Color.cyan).frame(width: 6, height: 6).tag("branch")
            } else {
                Rectangle().fill(Color.pink).frame(width: 6, height: 6).tag("branch")
            }
            Group {
                ForEach(0..<2) { n in Rectangle().fill(Color.brown).frame(width: 6, height: 6).tag("nested-\(n)") }
            }
            .foregroundColor(.white)
            TaggedBody()
        }
        .frame(width: 130, height: 60)
    }
}

@MainActor
@Suite("Canvas symbols from every builder")
struct SymbolBuilderTests {
    func check(_ image: CGImage?) {
        guard let image else { Issue.record("no image"); return }
        // The three ForEach swatches, each its own colour.
        #expect(near(rgbaAt(image, 15, 15), [255, 59, 48, 255], 40))      // red
        #expect(rgbaAt(image, 35, 15)[1] > 150)                              // green
        #expect(rgbaAt(image, 55, 15)[2] > 200)                              // blue
        // Every other symbol drew something at its place.
        for k in 0..<9 {
            #expect(rgbaAt(image, 10 + 12 * k + 3, 43)[3] == 255, "symbol \(k) missing")
        }
    }

    @Test("tags inside ForEach (data, ranges, Identifiable), Group, conditionals, nested builders and bodies are found")
    func everyBuilder() {
        check(render(SymbolSheet(flag: true)))
        check(render(SymbolSheet(flag: false)))
        check(HeadlessHost(size: CGSize(width: 130, height: 60)) { SymbolSheet(flag: true) }.render())
    }

    @Test("the conditional's branch decides which view is the symbol")
    func conditionalBranch() {
        let cyan = render(SymbolSheet(flag: true)), pink = render(SymbolSheet(flag: false))
        let k = 5
        #expect(rgbaAt(cyan, 10 + 12 * k + 3, 43)[2] > 200)
        #expect(rgbaAt(pink, 10 + 12 * k + 3, 43)[0] > 200)
    }

    @Test("tags match as AnyHashable values; the first of two equal tags is the symbol")
    func tagMatching() {
        var sizes: [CGSize?] = []
        _ = render(Canvas { context, _ in
            sizes = [context.resolveSymbol(id: 1)?.size, context.resolveSymbol(id: AnyHashable(1))?.size,
                     context.resolveSymbol(id: "1")?.size]
        } symbols: {
            Color.red.frame(width: 4, height: 4).tag(1)
            Color.blue.frame(width: 8, height: 8).tag(1)
        }.frame(width: 10, height: 10))
        #expect(sizes[0] == CGSize(width: 4, height: 4))
        #expect(sizes[1] == CGSize(width: 4, height: 4))
        #expect(sizes[2] == nil)
    }
}
