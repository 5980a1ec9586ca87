import Testing
import Foundation
import Observation
import OpenCanvas
import RenderTesting

@Observable final class SlideModel { var x = 0.0 }

/// A model held in a global, read only by a host's root closure.
@MainActor let globalSlide = SlideModel()

/// A host's content closure reads models like any body: a change redraws it, and
/// animates with the change's animation.
@MainActor
@Suite("A host's root content closure is a tracked reader")
struct RootContentTests {
    /// The left edge of the first opaque run of pixels in row 5.
    func squareX(_ image: CGImage) -> Int? {
        (0..<image.width).first { image.pixel(x: $0, y: 5).alpha > 127 }
    }

    func host(_ model: SlideModel) -> HeadlessHost<some View> {
        HeadlessHost(size: CGSize(width: 200, height: 20), scale: 1) {
            Rectangle().frame(width: 10, height: 10).offset(x: model.x)
        }
    }

    @Test("a change without animation redraws at once")
    func redraws() {
        let model = SlideModel()
        let h = host(model)
        let first = squareX(h.render())
        model.x = 100
        let moved = squareX(h.render())
        #expect(first.map { moved == $0 + 100 } == true, "\(String(describing: first)) → \(String(describing: moved))")
    }

    @Test("a change inside withAnimation animates on the host's clock")
    func animates() {
        let model = SlideModel()
        let h = host(model)
        let first = squareX(h.render()) ?? -1
        withAnimation(.linear(duration: 1)) { model.x = 100 }
        h.advance(by: 0.5)
        let half = squareX(h.render()) ?? -1
        #expect(abs(half - (first + 50)) <= 1, "at 0.5 s: \(half), start \(first)")
        h.advance(by: 0.6)
        #expect(squareX(h.render()) == first + 100)
    }

    @Test("a model held in a global is tracked too, with and without animation")
    func globalModel() {
        globalSlide.x = 0
        let h = host(globalSlide)
        let first = squareX(h.render()) ?? -1
        globalSlide.x = 40
        #expect(squareX(h.render()) == first + 40)
        withAnimation(.linear(duration: 1)) { globalSlide.x = 80 }
        h.advance(by: 0.25)
        let quarter = squareX(h.render()) ?? -1
        #expect(abs(quarter - (first + 50)) <= 1, "at 0.25 s: \(quarter)")
    }
}
