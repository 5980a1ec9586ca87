import Foundation
import OpenCanvas

extension Scenes {
    /// System images by SF Symbol name (drawn from Material Icons), each with its
    /// name under it — centred, one line, long names truncated in the middle by the
    /// environment — tinted by resolving the image and setting its shading.
    public static let systemIcons = Scene(
        name: "system-icons",
        summary: "Image(systemName:) for 40 common SF Symbol names, tinted templates, names truncated in the middle",
        size: CGSize(width: 480, height: 300)
    ) {
        Canvas { context, size in
            drawIcons(&context, size)
        }
        .multilineTextAlignment(.center)
        .lineLimit(1)
        .truncationMode(.middle)
    }

    private static func drawIcons(_ context: inout GraphicsContext, _ size: CGSize) {
        let names = [
            "airplane", "star.fill", "mappin.circle.fill", "arrow.up.arrow.down", "chevron.up", "heart", "heart.fill",
            "clock", "sun.max", "moon.fill", "globe", "plus", "xmark", "checkmark", "gear", "trash",
            "cloud.fill", "bolt.fill", "flame", "drop", "snowflake", "house.fill", "person.fill", "bell",
            "envelope", "camera", "photo", "music.note", "play.fill", "pause.fill", "bookmark", "flag.fill",
            "lock", "key", "magnifyingglass", "cart", "car.fill", "bicycle", "leaf", "pawprint",
        ]
        let tints: [Color] = [.blue, .orange, .red, .green, .purple, .pink, .teal, .indigo]
        let columns = 8
        let cell = CGSize(width: size.width / CGFloat(columns), height: size.height / 5)
        for (i, name) in names.enumerated() {
            let origin = CGPoint(x: CGFloat(i % columns) * cell.width, y: CGFloat(i / columns) * cell.height)
            var icon = context.resolve(Image(systemName: name))
            icon.shading = .color(tints[i % tints.count])
            context.draw(icon, at: CGPoint(x: origin.x + cell.width / 2, y: origin.y + cell.height * 0.38))
            context.draw(Text(name).font(.system(size: 9)).foregroundColor(.gray),
                         in: CGRect(x: origin.x + 3, y: origin.y + cell.height * 0.7, width: cell.width - 6, height: 14))
        }
    }
}
