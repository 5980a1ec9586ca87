import OpenCanvasDrawing

// Gradients are views, as in SwiftUI: each fills the space it is offered, its unit
// space (`.top`, `.leading`, …) mapped onto its frame.

extension LinearGradient: View {
    /// A rectangle filled with the gradient, filling the space offered.
    public var body: some View { Rectangle().fill(self) }
}

extension RadialGradient: View {
    /// A rectangle filled with the gradient, filling the space offered.
    public var body: some View { Rectangle().fill(self) }
}

extension AngularGradient: View {
    /// A rectangle filled with the gradient, filling the space offered.
    public var body: some View { Rectangle().fill(self) }
}

extension EllipticalGradient: View {
    /// A rectangle filled with the gradient, filling the space offered.
    public var body: some View { Rectangle().fill(self) }
}
