import Foundation
import OpenCanvas

extension Scenes {
    /// A made-up photograph (a landscape drawn here, then saved and read back as a
    /// JPEG) drawn shrunk with each interpolation, magnified, rotated, tiled as a
    /// background, as the middle of a resizable frame, and as a template mask.
    public static let photos = Scene(
        name: "photos",
        summary: "a JPEG shrunk with each interpolation, magnified, rotated, tiled, 9-sliced and as a template",
        size: CGSize(width: 360, height: 240)
    ) { context, size in
        guard let photo = ScenePhoto.landscape else { return }
        let image = Image(decorative: photo, scale: 1)

        // Background: the photo tiled at a quarter of its size behind a wash.
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .tiledImage(image, scale: 0.25))
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white.opacity(0.82)))

        // Row 1: 240 × 160 pixels drawn into 60 × 40 points with each interpolation.
        let modes: [(String, Image.Interpolation)] = [("none", .none), ("low", .low), ("medium", .medium), ("high", .high)]
        for (i, (name, mode)) in modes.enumerated() {
            let r = CGRect(x: 12 + CGFloat(i) * 70, y: 10, width: 60, height: 40)
            context.draw(image.interpolation(mode), in: r)
            context.draw(Text(name).font(.system(size: 8)), at: CGPoint(x: r.midX, y: r.maxY + 7))
        }

        // The sun's edge behind the ridge magnified 6×: hard pixels, then smooth.
        for (i, mode) in [Image.Interpolation.none, .high].enumerated() {
            let r = CGRect(x: 296, y: 10 + CGFloat(i) * 56, width: 52, height: 48)
            let zoom: CGFloat = 6, corner = CGPoint(x: 156, y: 57)      // image pixel at the crop's top-left
            var c = context
            c.clip(to: Path(roundedRect: r, cornerRadius: 4))
            c.draw(image.interpolation(mode), in: CGRect(x: r.minX - corner.x * zoom, y: r.minY - corner.y * zoom,
                                                         width: 240 * zoom, height: 160 * zoom))
            context.stroke(Path(roundedRect: r, cornerRadius: 4), with: .color(.black.opacity(0.4)), lineWidth: 0.5)
        }

        // Rotated and scaled, as a polaroid.
        var turned = context
        turned.translateBy(x: 70, y: 140)
        turned.rotate(by: .degrees(-12))
        turned.fill(Path(CGRect(x: -50, y: -40, width: 100, height: 86)), with: .color(.white))
        turned.draw(image.interpolation(.high), in: CGRect(x: -44, y: -34, width: 88, height: 58.7))
        turned.stroke(Path(CGRect(x: -50, y: -40, width: 100, height: 86)), with: .color(.black.opacity(0.25)), lineWidth: 0.5)

        // A frame image whose corners keep their size while its middle stretches.
        let frame = Image(size: CGSize(width: 24, height: 24)) { c in
            c.fill(Path(roundedRect: CGRect(x: 0, y: 0, width: 24, height: 24), cornerRadius: 8), with: .color(.indigo))
            c.fill(Path(roundedRect: CGRect(x: 3, y: 3, width: 18, height: 18), cornerRadius: 5), with: .color(.mint))
        }
        let insets = EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        context.draw(frame.resizable(capInsets: insets), in: CGRect(x: 140, y: 90, width: 140, height: 36))
        context.draw(frame.resizable(capInsets: insets), in: CGRect(x: 140, y: 134, width: 36, height: 90))
        context.draw(frame, in: CGRect(x: 184, y: 134, width: 36, height: 90))   // plain stretch: corners squashed

        // The photo as a template: its alpha (a disc cut out of it) filled with a gradient.
        let disc = Image(size: CGSize(width: 60, height: 60)) { c in
            c.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60)))
            c.draw(image, in: CGRect(x: -30, y: 0, width: 90, height: 60))
        }
        var templated = context
        templated.draw(disc, at: CGPoint(x: 258, y: 160))
        let resolved = templated.resolve(disc.renderingMode(.template))
        var shaded = resolved
        shaded.shading = .linearGradient(Gradient(colors: [.orange, .purple]), startPoint: CGPoint(x: 290, y: 130),
                                         endPoint: CGPoint(x: 350, y: 190))
        templated.draw(shaded, at: CGPoint(x: 322, y: 160))
        templated.draw(Text("template").font(.system(size: 8)), at: CGPoint(x: 322, y: 198))
    }
}

/// The scenes' photograph: a landscape at dusk, drawn with gradients and a few
/// hundred shapes, then encoded as a JPEG (quality 0.9) and decoded again, so the
/// gallery shows a real decoded file.
enum ScenePhoto {
    static let landscape: CGImage? = MainActor.assumeIsolated { make() }

    @MainActor
    static func make() -> CGImage? {
        let size = CGSize(width: 240, height: 160)
        let drawing = Canvas { c, size in
            let sky = Gradient(colors: [Color(red: 0.1, green: 0.15, blue: 0.45), Color(red: 0.95, green: 0.55, blue: 0.3),
                                        Color(red: 1, green: 0.85, blue: 0.55)])
            c.fill(Path(CGRect(origin: .zero, size: size)),
                   with: .linearGradient(sky, startPoint: .zero, endPoint: CGPoint(x: 0, y: 100)))
            c.fill(Path(ellipseIn: CGRect(x: 150, y: 60, width: 36, height: 36)), with: .color(Color(red: 1, green: 0.95, blue: 0.8)))
            // Two mountain ranges.
            for (base, color, seed) in [(95.0, Color(red: 0.3, green: 0.25, blue: 0.45), 1.0),
                                        (110.0, Color(red: 0.15, green: 0.15, blue: 0.3), 2.3)] {
                var ridge = Path()
                ridge.move(to: CGPoint(x: 0, y: size.height))
                for x in stride(from: 0.0, through: 240, by: 6) {
                    let y = base - 22 * abs(sin(x / 37 + seed)) - 9 * abs(sin(x / 11 * seed))
                    ridge.addLine(to: CGPoint(x: x, y: y))
                }
                ridge.addLine(to: CGPoint(x: size.width, y: size.height))
                c.fill(ridge, with: .color(color))
            }
            // A lake with the sky's reflection and ripples (fine detail for the filters).
            c.fill(Path(CGRect(x: 0, y: 118, width: 240, height: 42)),
                   with: .linearGradient(Gradient(colors: [Color(red: 0.9, green: 0.5, blue: 0.35), Color(red: 0.1, green: 0.12, blue: 0.35)]),
                                         startPoint: CGPoint(x: 0, y: 118), endPoint: CGPoint(x: 0, y: 160)))
            for i in 0..<60 {
                let y = 120 + Double(i % 20) * 2, x = Double((i * 53) % 240)
                c.fill(Path(CGRect(x: x, y: y, width: 18 + Double(i % 5) * 4, height: 0.7)),
                       with: .color(.white.opacity(0.35)))
            }
            // Stars.
            for i in 0..<80 {
                let x = Double((i * 97) % 240), y = Double((i * 61) % 55)
                c.fill(Path(CGRect(x: x, y: y, width: 1, height: 1)), with: .color(.white.opacity(0.4 + Double(i % 3) * 0.2)))
            }
        }.frame(width: size.width, height: size.height)
        guard let rendered = ImageRenderer(content: drawing).cgImage, let jpeg = rendered.jpegData(quality: 0.9) else {
            return nil
        }
        return CGImage(jpegDataProviderSource: CGDataProvider(data: jpeg), decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)
    }
}
