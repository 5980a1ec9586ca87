import SwiftUI

/// A ball that bounces through keyframes when tapped.
public struct Bounce: View {
    @State private var trigger = 0
    public init() {}

    public var body: some View {
        Circle()
            .fill(.red)
            .frame(width: 30, height: 30)
            .keyframeAnimator(initialValue: 0.0, trigger: trigger) { ball, offset in
                ball.offset(y: offset)
            } keyframes: { _ in
                CubicKeyframe(-60, duration: 0.3)
                CubicKeyframe(0, duration: 0.3)
                SpringKeyframe(-15, duration: 0.2)
                SpringKeyframe(0, duration: 0.2)
            }
            .frame(width: 60, height: 120, alignment: .bottom)
            .onTapGesture { trigger += 1 }
    }
}

#Preview {
    Bounce()
}
