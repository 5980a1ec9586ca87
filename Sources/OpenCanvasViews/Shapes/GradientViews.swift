import OpenCanvasDrawing

// Gradients are views, as in SwiftUI: each fills the space it is offered, its unit
// space (`.top`, `.leading`, …) mapped onto its frame.

extension LinearGradient: View {
    public var body: some View { Rectangle().fill(self) }
}

extension RadialGradient: View {
    public var body: some View { Rectangle().fill(self) }
}

extension AngularGradient: View {
    public var body: some View { Rectangle().fill(self) }
}

extension EllipticalGradient: View {
    public var body: some View { Rectangle().fill(self) }
}
