import Testing
import Foundation
import OpenCanvas
import RenderTesting

@MainActor
@Suite("Text: keys, modifiers, symbols, emoji and bad input")
struct TextAPITests {
    /// A text drawn at the top-left of a canvas, with a locale.
    func image(_ text: Text, locale: String = "en_US", width: CGFloat = 300, height: CGFloat = 40) -> CGImage? {
        render(Canvas { context, _ in
            context.draw(text, at: CGPoint(x: 4, y: 4), anchor: .topLeading)
        }
        .frame(width: width, height: height)
        .environment(\.locale, Locale(identifier: locale)))
    }

    func ink(_ image: CGImage?) -> Int {
        guard let image else { return 0 }
        var total = 0
        for y in 0..<image.height { for x in 0..<image.width { total += Int(image.pixel(x: x, y: y).alpha) } }
        return total
    }

    @Test("an integer interpolated into a key is a grouped number for the locale; a String is taken as it is")
    func numberFormatting() {
        let n = 1_234_567
        #expect(identical(image(Text("\(n) items")), image(Text(verbatim: "1,234,567 items"))))
        #expect(identical(image(Text("\(n) items"), locale: "de_DE"), image(Text(verbatim: "1.234.567 items"))))
        #expect(identical(image(Text("\(n)"), locale: "fr_FR"), image(Text(verbatim: "1\u{202F}234\u{202F}567"))))
        let s = "%d 100% \(n)"
        #expect(identical(image(Text("got \(s)")), image(Text(verbatim: "got %d 100% 1234567"))))
        // A literal's % signs are text; a Double is %lf (six decimals, the locale's separator).
        #expect(identical(image(Text("100%")), image(Text(verbatim: "100%"))))
        #expect(identical(image(Text("\(3.5)")), image(Text(verbatim: "3.500000"))))
        #expect(identical(image(Text("\(3.5)"), locale: "de_DE"), image(Text(verbatim: "3,500000"))))
        #expect(identical(image(Text("\(2.0 / 3, specifier: "%.2f")")), image(Text(verbatim: "0.67"))))
        // A String value (not a literal) is never looked up or formatted.
        let value = "1000"
        #expect(identical(image(Text(value)), image(Text(verbatim: "1000"))))
    }

    @Test("a key is looked up in a bundle's Localizable.strings, with its arguments substituted")
    func bundleLookup() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("oc-bundle-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "\"%lld apples\" = \"Apples: %lld\";\n\"Hello\" = \"Bonjour\";\n"
            .write(to: dir.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        let bundle = try #require(Bundle(path: dir.path))
        let n = 12_000
        #expect(identical(image(Text("\(n) apples", bundle: bundle)), image(Text(verbatim: "Apples: 12,000"))))
        #expect(identical(image(Text("Hello", bundle: bundle)), image(Text(verbatim: "Bonjour"))))
        #expect(identical(image(Text("Missing", bundle: bundle)), image(Text(verbatim: "Missing"))))
    }

    @Test("modifiers apply to runs that have not set them: the innermost wins; + keeps each run's attributes")
    func modifiers() {
        let combined = (Text("a").bold() + Text("b")).italic()
        let spelled = Text("a").bold().italic() + Text("b").italic()
        #expect(identical(image(combined), image(spelled)))
        #expect(identical(image(Text("x").foregroundColor(.red).foregroundColor(.blue)),
                          image(Text("x").foregroundColor(.red))))
        #expect(!identical(image(Text("x").bold()), image(Text("x"))))
        // Tracking widens; kerning and tracking both add space after each character.
        let plain = image(Text("WWWW").tracking(0))
        #expect(!identical(image(Text("WWWW").tracking(6)), plain))
        #expect(identical(image(Text("WWWW").kerning(6)), image(Text("WWWW").tracking(6))))
        // Interpolated Text keeps its own attributes.
        let inner = Text("bold").bold()
        #expect(identical(image(Text("a \(inner) b")), image(Text("a ") + Text("bold").bold() + Text(" b"))))
    }

    @Test("underline and strikethrough add ink in the text's or their own colour")
    func decorations() throws {
        let plain = ink(image(Text("Hello")))
        #expect(ink(image(Text("Hello").underline())) > plain)
        #expect(ink(image(Text("Hello").strikethrough())) > plain)
        let red = try #require(image(Text("Hello").underline(color: .red)))
        var sawRed = false
        for y in 0..<red.height { for x in 0..<red.width {
            let p = red.pixel(x: x, y: y)
            if p.alpha > 100 && p.red > 200 && p.green < 100 && p.blue < 100 { sawRed = true }   // systemRed
        } }
        #expect(sawRed)
        #expect(identical(image(Text("Hello").underline(false)), image(Text("Hello"))))
    }

    @Test("foregroundStyle: a gradient spans the text's frame")
    func gradientText() throws {
        let g = LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
        let img = try #require(image(Text("██████████").font(.system(size: 30)).foregroundStyle(g)))
        // Left ink is red-ish, right ink blue-ish.
        var left = (0, 0), right = (0, 0)
        for y in 0..<img.height { for x in 0..<img.width {
            let p = img.pixel(x: x, y: y)
            guard p.alpha == 255 else { continue }
            if x < 60 { left.0 += Int(p.red); left.1 += Int(p.blue) }
            if x > 200 { right.0 += Int(p.red); right.1 += Int(p.blue) }
        } }
        #expect(left.0 > left.1)
        #expect(right.1 > right.0)
    }

    @Test("colour emoji draw in colour; text in the same line stays the foreground")
    func emoji() throws {
        let img = try #require(image(Text("A😀").font(.system(size: 30)), height: 50))
        var coloured = 0
        for y in 0..<img.height { for x in 0..<img.width {
            let p = img.pixel(x: x, y: y)
            if p.alpha > 200 && abs(Int(p.red) - Int(p.blue)) > 80 { coloured += 1 }
        } }
        #expect(coloured > 100)
    }

    @Test("multilineTextAlignment and lineLimit from the environment, in draw(_:in:)")
    func environment() throws {
        func inkColumns(_ img: CGImage) -> (Int, Int) {
            var x0 = Int.max, x1 = -1
            for y in 0..<img.height { for x in 0..<img.width where img.pixel(x: x, y: y).alpha > 60 {
                x0 = min(x0, x); x1 = max(x1, x)
            } }
            return (x0, x1)
        }
        func drawn(_ alignment: TextAlignment) throws -> CGImage {
            try #require(render(Canvas { context, size in
                context.draw(Text("centre me"), in: CGRect(x: 0, y: 0, width: size.width, height: size.height))
            }.frame(width: 300, height: 40).multilineTextAlignment(alignment)))
        }
        let (l0, _) = inkColumns(try drawn(.leading))
        let (c0, c1) = inkColumns(try drawn(.center))
        let (_, t1) = inkColumns(try drawn(.trailing))
        #expect(l0 <= 2)
        #expect(abs((c0 + c1) / 2 - 150) <= 2)
        #expect(t1 >= 296)
        var measured = CGSize.zero
        _ = render(Canvas { context, _ in
            measured = context.resolve(Text("one two three four five six")).measure(in: CGSize(width: 80, height: 1000))
        }.frame(width: 100, height: 100).lineLimit(2))
        #expect(measured.height == 44)              // two body lines
    }

    @Test("Image(systemName:): names map to icons sized by the font; unknown names draw nothing, reported once")
    func systemImages() throws {
        var star = CGSize.zero, big = CGSize.zero, unknown = CGSize.zero
        let img = try #require(render(Canvas { context, _ in
            let resolved = context.resolve(Image(systemName: "star.fill"))
            star = resolved.size
            context.draw(resolved, at: CGPoint(x: 20, y: 20))
            unknown = context.resolve(Image(systemName: "no.such.symbol")).size
        }.frame(width: 100, height: 40)))
        _ = render(Canvas { context, _ in
            big = context.resolve(Image(systemName: "star.fill")).size
        }.frame(width: 10, height: 10).font(.largeTitle))
        #expect(star.width > 15 && star.width < 20)          // about the body size, 17 points
        #expect(abs(big.width / star.width - 34.0 / 17.0) < 0.01)
        #expect(unknown == .zero)
        // Drawn as a template in the foreground (black).
        let centre = img.pixel(x: 20, y: 20)
        #expect(centre.alpha == 255 && centre.red == 0)
        // Every name the issue lists is mapped.
        let required = ["airplane", "star.fill", "mappin.circle.fill", "arrow.up.arrow.down", "chevron.up", "heart",
                        "clock", "sun.max", "moon.fill", "globe", "plus", "xmark", "checkmark", "gear", "trash"]
        var sizes: [CGSize] = []
        _ = render(Canvas { context, _ in
            sizes = required.map { context.resolve(Image(systemName: $0)).size }
        }.frame(width: 10, height: 10))
        #expect(sizes.allSatisfy { $0.width > 5 && $0.height > 5 })
        // An unknown name is reported once, however often it is drawn.
        let counted = diagnosticsCounted {
            for _ in 0..<3 {
                _ = render(Canvas { context, _ in
                    context.draw(Image(systemName: "zz.unknown.\(#line)"), at: .zero)
                }.frame(width: 10, height: 10))
            }
        }
        #expect(counted == 1)
    }

    @Test("a symbol image inline in text draws in the text's colour")
    func inlineSymbol() {
        let withIcon = image(Text("Rate \(Image(systemName: "star.fill"))"))
        #expect(ink(withIcon) > ink(image(Text("Rate "))) + 10_000)
        #expect(identical(withIcon, image(Text("Rate ") + Text(Image(systemName: "star.fill")))))
    }

    @Test("a bitmap image inline in text: on the baseline, widening the line and making it taller")
    func inlineBitmap() throws {
        // A 30 × 40 point green square, drawn by a GraphicsContext.
        let square = Image(size: CGSize(width: 30, height: 40)) { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 40)), with: .color(.green))
        }
        var plain = CGSize.zero, withImage = CGSize.zero, baseline: CGFloat = 0
        let img = try #require(render(Canvas { context, size in
            plain = context.resolve(Text("a  b")).measure(in: size)
            let text = context.resolve(Text("a \(square) b"))
            withImage = text.measure(in: size)
            baseline = text.firstBaseline(in: size)
            context.draw(text, at: .zero, anchor: .topLeading)
        }.frame(width: 200, height: 80)))
        #expect(abs(withImage.width - plain.width - 30) < 0.5)
        #expect(withImage.height >= 40)
        // The square's bottom sits on the baseline; its pixels are green.
        let a = context(img, x: Int(plain.width / 2) + 15, y: Int(baseline) - 20)
        #expect(a.green > 120 && a.red < 120 && a.alpha == 255)
        #expect(img.pixel(x: Int(plain.width / 2) + 15, y: Int(baseline) + 3).alpha == 0)
    }

    func context(_ image: CGImage, x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let p = image.pixel(x: x, y: y)
        return (p.red, p.green, p.blue, p.alpha)
    }

    @Test("bad input: empty text, zero/negative/NaN font sizes and NaN anchors draw nothing and never trap")
    func badInput() throws {
        let clean = badInputScene { _ in }
        #expect(identical(badInputScene { $0.draw(Text(""), at: CGPoint(x: 20, y: 15)) }, clean))
        for size in [0, -4, CGFloat.nan, -CGFloat.infinity] {
            #expect(identical(badInputScene { $0.draw(Text("abc").font(.system(size: size)), at: CGPoint(x: 20, y: 15)) },
                              clean))
        }
        let nan = CGFloat.nan
        #expect(identical(badInputScene { $0.draw(Text("abc"), at: CGPoint(x: 20, y: 15), anchor: UnitPoint(x: nan, y: 0)) },
                          clean))
        #expect(identical(badInputScene { $0.draw(Text("abc"), at: CGPoint(x: nan, y: 15)) }, clean))
        #expect(identical(badInputScene { $0.draw(Text("abc"), in: CGRect(x: 0, y: 0, width: nan, height: 10)) }, clean))
        #expect(identical(badInputScene { $0.draw(Image(systemName: "star.fill"), at: CGPoint(x: nan, y: 1)) }, clean))
        var measured = CGSize(width: -1, height: -1)
        _ = badInputScene { measured = $0.resolve(Text("")).measure(in: CGSize(width: 100, height: 100)) }
        #expect(measured == .zero)
        // Row 46: size 0 under perspective draws nothing; real text under perspective
        // (outlines, not the glyph cache) draws without trapping.
        var m = ProjectionTransform()
        m.m13 = 0.01
        #expect(identical(badInputScene { c in
            var p = c
            p.addFilter(.projectionTransform(m))
            p.draw(Text("abc").font(.system(size: 0)), at: CGPoint(x: 20, y: 15))
        }, clean))
        let tilted = badInputScene { c in
            var p = c
            p.addFilter(.projectionTransform(m))
            p.draw(Text("abc").font(.system(size: 12)), at: CGPoint(x: 20, y: 15))
        }
        #expect(!identical(tilted, clean))
        // Huge sizes and hostile tracking draw without trapping.
        _ = badInputScene { context in
            context.draw(Text("abc").font(.system(size: 1e12)), at: CGPoint(x: 20, y: 15))
            context.draw(Text("abc").tracking(.infinity).baselineOffset(.nan), at: CGPoint(x: 20, y: 15))
            context.draw(Text("abc").tracking(1e300), in: CGRect(x: 0, y: 0, width: 30, height: 20))
        }
    }

    /// Labels drawn with `draw(_:at:anchor:)` (a plain label takes a shorter path)
    /// and through `resolve` (the general one), each at three places in turn so that
    /// a label's kept glyph geometry is reused at its place and not at another.
    func labels(_ texts: [Text], resolved: Bool) -> CGImage? {
        render(Canvas { context, _ in
            for (k, text) in texts.enumerated() {
                for (x, anchor) in [(4.0, UnitPoint.topLeading), (150.0, .topLeading), (4.0, .topLeading), (290.0, .center)] {
                    let point = CGPoint(x: x, y: 4 + 22 * Double(k))
                    if resolved {
                        context.draw(context.resolve(text), at: point, anchor: anchor)
                    } else {
                        context.draw(text, at: point, anchor: anchor)
                    }
                }
            }
        }
        .frame(width: 400, height: 260)
        .fontWeight(.semibold))
    }

    @Test("a plain label draws as its resolved text does: same glyphs, colour and place, wherever it is drawn again")
    func plainLabelsMatchResolvedText() {
        let texts: [Text] = [
            Text(verbatim: "Plain 0123"),
            Text(verbatim: "Sized").font(.system(size: 19, weight: .light)),
            Text(verbatim: "Coloured").foregroundColor(.orange),
            Text(verbatim: "Styled").foregroundStyle(.linearGradient(colors: [.red, .blue], startPoint: .leading,
                                                                    endPoint: .trailing)),
            Text(verbatim: "Tracked 12").tracking(3).monospacedDigit().italic(),
            Text(verbatim: "שלום עולם"),
            Text(verbatim: "emoji 😀"),
            Text(verbatim: ""),
            Text(verbatim: "Underlined").underline(),
            Text(verbatim: "a") + Text(verbatim: "b").bold(),
        ]
        let direct = labels(texts, resolved: false), resolved = labels(texts, resolved: true)
        #expect(direct != nil)
        #expect(ink(direct) > 0)
        #expect(identical(direct, resolved))
    }
}
