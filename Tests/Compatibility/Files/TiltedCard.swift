import SwiftUI
import CoreGraphics
import QuartzCore

/// A card drawn with Core Graphics calls and tilted by a 3D transform, as
/// Core Animation code is written.
public struct TiltedCard: View {
    public init() {}

    /// The tilt: a perspective rotation about the y axis.
    public static var tilt: CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        return CATransform3DRotate(t, .pi / 8, 0, 1, 0)
    }

    public var body: some View {
        Canvas { context, size in
            context.withCGContext { cg in
                cg.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
                cg.fill(CGRect(x: 10, y: 10, width: size.width - 20, height: size.height - 20))
                cg.setStrokeColor(CGColor(gray: 0, alpha: 1))
                cg.setLineWidth(2)
                cg.stroke(CGRect(x: 10, y: 10, width: size.width - 20, height: size.height - 20))
            }
        }
        .frame(width: 100, height: 60)
    }

    /// The tilt as SwiftUI's 2D projection.
    public static var projection: ProjectionTransform { ProjectionTransform(tilt) }
}

/// A card style as a reusable modifier.
struct CardStyle: ViewModifier {
    func body(content: Content) -> some View {
        content.padding(8).background(Color.white).shadow(radius: 3)
    }
}

#Preview {
    TiltedCard().modifier(CardStyle())
}
