import Foundation
import OpenCanvas

extension Scenes {
    /// Soft clips from layers: stripes clipped to the alpha of large text
    /// (`clipToLayer`), a gradient clipped to the outside of a blurred disc
    /// (`.inverse`), and a clip layer at half opacity.
    public static let clipLayers = Scene(
        name: "clip-layers",
        summary: "clipToLayer with text, an inverse soft clip and a half-opacity clip layer",
        size: CGSize(width: 300, height: 150)
    ) { context, size in
        var word = context
        word.clipToLayer { layer in
            layer.draw(Text("CLIP").font(.system(size: 56, weight: .black)), at: CGPoint(x: 80, y: 45))
        }
        for k in 0..<20 {
            word.fill(Path(CGRect(x: CGFloat(k) * 8, y: 0, width: 4, height: 90)),
                      with: .color(k % 2 == 0 ? .indigo : .pink))
        }

        var hole = context
        hole.clipToLayer(options: .inverse) { layer in
            layer.addFilter(.blur(radius: 6))
            layer.fill(Path(ellipseIn: CGRect(x: 200, y: 20, width: 60, height: 60)), with: .color(.black))
        }
        hole.fill(Path(CGRect(x: 170, y: 5, width: 120, height: 90)),
                  with: .linearGradient(Gradient(colors: [.orange, .red]), startPoint: CGPoint(x: 170, y: 0),
                                        endPoint: CGPoint(x: 290, y: 0)))

        var half = context
        half.clipToLayer(opacity: 0.5) { layer in
            layer.fill(Path(roundedRect: CGRect(x: 20, y: 100, width: 260, height: 40), cornerRadius: 20),
                       with: .color(.black))
        }
        half.fill(Path(CGRect(x: 0, y: 95, width: 300, height: 50)), with: .color(.teal))
    }
}
