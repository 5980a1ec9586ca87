import Foundation
import OpenCanvas

/// An example that is interacted with: a view run in a `HeadlessHost` through a
/// few steps (taps, drags), each rendered with what a screen reader would read.
public struct InteractiveScene: Sendable {
    public let name: String
    public let summary: String
    public let size: CGSize
    /// The scene's view, for a live window (`canvas-gallery --live NAME`).
    public let view: @MainActor @Sendable () -> AnyView
    /// Runs the steps, handing each step's name, image and accessibility reading
    /// to `frame`.
    public let run: @MainActor @Sendable (_ scale: CGFloat, _ frame: (String, CGImage, [String]) -> Void) -> Void

    /// A scene of a name, a summary, a size, its live view and its scripted steps.
    public init(name: String, summary: String, size: CGSize, view: @escaping @MainActor @Sendable () -> AnyView,
                run: @escaping @MainActor @Sendable (_ scale: CGFloat, _ frame: (String, CGImage, [String]) -> Void) -> Void) {
        self.name = name; self.summary = summary; self.size = size; self.view = view; self.run = run
    }
}

extension Scenes {
    public static let interactive: [InteractiveScene] = [tapMarks, dragNode, worldClockApp, controlPanel]

    /// The interactive scene of a name, if there is one.
    public static func interactiveNamed(_ name: String) -> InteractiveScene? { interactive.first { $0.name == name } }

    /// Taps spawn marks where they land; the canvas reads as one element whose
    /// value counts them.
    public static let tapMarks = InteractiveScene(
        name: "tap-marks", summary: "Three taps on a canvas, each spawning a mark where it landed",
        size: CGSize(width: 240, height: 160), view: { AnyView(TapMarks()) }
    ) { scale, frame in
        let host = HeadlessHost(size: CGSize(width: 240, height: 160), scale: scale) { TapMarks() }
        frame("0-start", host.render(), host.accessibilityReading)
        for (i, p) in [CGPoint(x: 60, y: 50), CGPoint(x: 170, y: 80), CGPoint(x: 110, y: 125)].enumerated() {
            host.tap(at: p)
            frame("\(i + 1)-tap", host.render(), host.accessibilityReading)
        }
    }

    /// A node of a small graph dragged across the canvas; its edges follow, and the
    /// nodes are accessibility children of the canvas at their frames.
    public static let dragNode = InteractiveScene(
        name: "drag-node", summary: "A graph node dragged across a canvas, its edges following",
        size: CGSize(width: 240, height: 160), view: { AnyView(NodeGraph()) }
    ) { scale, frame in
        let host = HeadlessHost(size: CGSize(width: 240, height: 160), scale: scale) { NodeGraph() }
        frame("0-start", host.render(), host.accessibilityReading)
        host.drag(from: CGPoint(x: 120, y: 40), to: CGPoint(x: 200, y: 120), steps: 8)
        frame("1-dragged", host.render(), host.accessibilityReading)
    }
}

/// Marks wherever the canvas is tapped.
struct TapMarks: View {
    @State private var marks: [CGPoint] = []

    var body: some View {
        Canvas { context, size in
            context.fill(Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 12),
                         with: .color(Color(white: 0.95)))
            for (i, p) in marks.enumerated() {
                context.fill(Path(ellipseIn: CGRect(x: p.x - 10, y: p.y - 10, width: 20, height: 20)), with: .color(.orange))
                context.draw(Text("\(i + 1)").font(.caption.bold()).foregroundColor(.white), at: p)
            }
        }
        .onTapGesture { location in marks.append(location) }
        .accessibilityLabel("Marks")
        .accessibilityValue("\(marks.count) marks")
    }
}

/// Three nodes joined by edges; the middle one can be dragged.
struct NodeGraph: View {
    @State private var moving = CGPoint(x: 120, y: 40)
    @State private var start: CGPoint?
    let fixed = [CGPoint(x: 40, y: 120), CGPoint(x: 200, y: 40)]

    var body: some View {
        Canvas { context, _ in
            for p in fixed {
                var edge = Path()
                edge.move(to: p)
                edge.addLine(to: moving)
                context.stroke(edge, with: .color(.gray), lineWidth: 2)
            }
            for p in fixed {
                context.fill(Path(ellipseIn: CGRect(x: p.x - 12, y: p.y - 12, width: 24, height: 24)), with: .color(.blue))
            }
            context.fill(Path(ellipseIn: CGRect(x: moving.x - 14, y: moving.y - 14, width: 28, height: 28)),
                         with: .color(.orange))
        }
        .gesture(DragGesture(minimumDistance: 1)
            .onChanged { value in
                let origin = start ?? moving
                if start == nil { start = moving }
                moving = CGPoint(x: origin.x + value.translation.width, y: origin.y + value.translation.height)
            }
            .onEnded { _ in start = nil })
        .accessibilityLabel("Graph")
        .accessibilityChildren {
            ZStack(alignment: .topLeading) {
                Color.clear
                ForEach(0..<2) { i in
                    Circle().frame(width: 24, height: 24)
                        .position(fixed[i])
                        .accessibilityLabel("Node \(i + 1)")
                }
                Circle().frame(width: 28, height: 28).position(moving)
                    .accessibilityLabel("Moving node")
                    .accessibilityValue("at \(Int(moving.x)), \(Int(moving.y))")
            }
        }
    }
}
