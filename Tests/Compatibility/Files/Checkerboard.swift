import SwiftUI

/// A checkerboard tile drawn once as an image, then tiled over a canvas.
public struct Checkerboard: View {
    public init() {}

    static let tile = Image(size: CGSize(width: 20, height: 20)) { context in
        context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
        context.fill(Path(CGRect(x: 10, y: 10, width: 10, height: 10)), with: .color(.black))
    }

    public var body: some View {
        Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .tiledImage(Checkerboard.tile))
            context.draw(Text("Tiles").font(.headline).foregroundColor(.red), at: CGPoint(x: size.width / 2, y: size.height / 2))
        }
        .frame(width: 100, height: 60)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    Checkerboard()
}
