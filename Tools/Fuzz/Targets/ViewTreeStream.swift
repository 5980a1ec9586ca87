import Foundation
import OpenCanvas
import RenderTesting

/// View trees decoded from bytes — stacks, frames, paddings, offsets, effects,
/// controls, gestures that change state, animations and transitions — hosted in a
/// `HeadlessHost` and driven by an event stream from the rest of the bytes: taps,
/// drags, hovers, key presses, clock steps, resizes, appearance changes and a
/// screen reader's actions (with keyboard navigation on and off), each followed by a frame.
enum ViewTreeStream {
    @MainActor
    static func run(_ bytes: [UInt8]) {
        var input = HostileDrawing(source: FuzzBytes(bytes))
        var budget = 40
        let root = node(&input, depth: 0, budget: &budget)
        let host = HeadlessHost(size: CGSize(width: 64, height: 48)) { FuzzNodeView(node: root) }
        _ = host.render()
        // FUZZ_TRACE=1 prints each event's time (to find what makes an input slow).
        let trace = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil, started = Date()
        if trace { print("view-tree: \(root)") }
        for _ in 0..<24 where !input.source.isExhausted {
            let event = input.source.byte() % 10
            switch event {
            case 0, 1: host.tap(at: point(&input))
            case 2: host.drag(from: point(&input), to: point(&input), steps: Int(input.source.byte() % 8))
            case 3: host.hover(at: input.flag() ? point(&input) : nil)
            case 4: _ = host.press(key: input.pick([.tab, .space, .return, .upArrow, .escape]), modifiers: input.flag() ? .shift : [])
            case 5: host.advance(by: input.flag() ? Double(input.source.byte()) / 60 : Double(input.number()))
            case 6:
                // Small sizes, or ones no frame can have (a 5000-point square is a
                // legitimate frame, but too slow to draw per input).
                let impossible: [CGFloat] = [.nan, -1, .infinity, 0, 1e9, 20_000, -.infinity]
                host.resize(to: input.flag() ? CGSize(width: CGFloat(input.source.byte() % 90), height: 40)
                                             : CGSize(width: input.pick(impossible), height: input.pick(impossible + [30])))
            case 7: host.colorScheme = input.flag() ? .dark : .light
            case 8: host.press(at: point(&input), duration: Double(input.source.byte()) / 100)
            default:
                // What a screen reader does: activate, adjust, act by name, set a
                // value (hostile numbers too), take focus; or keyboard navigation on or off.
                let elements = host.accessibilityElements
                let pick = Int(input.source.byte())
                if !elements.isEmpty {
                    let e = elements[pick % elements.count]
                    switch input.source.byte() % 6 {
                    case 0: host.accessibilityActivate(e)
                    case 1: host.accessibilityAdjust(e, input.flag() ? .increment : .decrement)
                    case 2: host.accessibilityPerformAction(named: input.pick(["click", "increment", "decrement", "escape", ""]), on: e)
                    case 3: _ = host.accessibilitySetValue(Double(input.number()), identity: e.identity)
                    case 4: _ = host.accessibilityFocus(identity: e.identity)
                    default: host.keyboardNavigation.toggle()
                    }
                }
                _ = host.accessibilityReading
            }
            _ = host.render()
            if trace { print("view-tree: after event \(event): \(Date().timeIntervalSince(started)) s") }
        }
    }

    static func point(_ input: inout HostileDrawing<FuzzBytes>) -> CGPoint {
        input.flag() ? CGPoint(x: CGFloat(input.source.byte() % 70), y: CGFloat(input.source.byte() % 52)) : input.point()
    }

    static func node(_ input: inout HostileDrawing<FuzzBytes>, depth: Int, budget: inout Int) -> FuzzNode {
        budget -= 1
        let leaf = depth >= 5 || budget <= 0
        let kind = Int(input.source.byte()) % (leaf ? 7 : 20)
        func child() -> FuzzNode { node(&input, depth: depth + 1, budget: &budget) }
        func children() -> [FuzzNode] { (0..<Int(input.source.byte() % 4)).map { _ in child() } }
        switch kind {
        case 0: return .text(input.pick(["Hi", "", "Ünïcødé", "مرحبا", "a\nb", "👍🏽", "**bold** _it_"]))
        case 1: return .color(input.color())
        case 2: return .circle(input.color())
        case 3: return .spacer
        case 4: return .toggle
        case 5: return .slider
        case 6: return .canvas(input.source.byte())
        case 7: return .vstack(children(), spacing: input.flag() ? nil : input.number())
        case 8: return .hstack(children(), spacing: input.flag() ? nil : input.number())
        case 9: return .zstack(children())
        case 10: return .frame(child(), width: input.flag() ? nil : input.number(), height: input.flag() ? nil : input.number(),
                               alignment: input.pick([.center, .topLeading, .bottomTrailing]))
        case 11: return .frameRange(child(), minWidth: input.number(), maxWidth: input.flag() ? .infinity : input.number())
        case 12: return .padding(child(), input.number())
        case 13: return .offset(child(), input.number(), input.number())
        case 14:
            // Scales from ordinary to impossible; not large finite ones, which are
            // legitimate but slow (a slider's shadows blurred 60 times wider).
            let scales: [CGFloat] = [0.5, 1, 2, 3.5, 0, -1, .nan, .infinity, 1e-9, 1e9]
            return .effects(child(), opacity: input.unit(), degrees: Double(input.number()), scale: input.pick(scales))
        case 15: return .tapCounter(child(), animated: input.flag())
        case 16: return .draggable(child())
        case 17: return .transition(child())
        case 18: return .scroll(children())
        default: return .button(child())
        }
    }
}

/// A view tree as data (decoded from bytes), shown by `FuzzNodeView`.
indirect enum FuzzNode {
    case text(String), color(Color), circle(Color), spacer, toggle, slider, canvas(UInt8)
    case vstack([FuzzNode], spacing: CGFloat?), hstack([FuzzNode], spacing: CGFloat?), zstack([FuzzNode])
    case frame(FuzzNode, width: CGFloat?, height: CGFloat?, alignment: Alignment)
    case frameRange(FuzzNode, minWidth: CGFloat, maxWidth: CGFloat)
    case padding(FuzzNode, CGFloat), offset(FuzzNode, CGFloat, CGFloat)
    case effects(FuzzNode, opacity: Double, degrees: Double, scale: CGFloat)
    case tapCounter(FuzzNode, animated: Bool), draggable(FuzzNode), transition(FuzzNode)
    case scroll([FuzzNode]), button(FuzzNode)
}

struct FuzzNodeView: View {
    let node: FuzzNode

    var body: some View {
        switch node {
        case .text(let s): AnyView(Text(LocalizedStringKey(s)))
        case .color(let c): AnyView(c)
        case .circle(let c): AnyView(Circle().fill(c))
        case .spacer: AnyView(Spacer())
        case .toggle: AnyView(ToggleNode())
        case .slider: AnyView(SliderNode())
        case .canvas(let seed):
            AnyView(TimelineView(.animation) { timeline in
                Canvas { context, size in
                    let t = timeline.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 10)
                    context.fill(Path(ellipseIn: CGRect(x: t, y: Double(seed % 16), width: size.width / 2, height: 8)),
                                 with: .color(.blue))
                }
            })
        case .vstack(let nodes, let spacing): AnyView(VStack(spacing: spacing) { ForEach(nodes.indices, id: \.self) { FuzzNodeView(node: nodes[$0]) } })
        case .hstack(let nodes, let spacing): AnyView(HStack(spacing: spacing) { ForEach(nodes.indices, id: \.self) { FuzzNodeView(node: nodes[$0]) } })
        case .zstack(let nodes): AnyView(ZStack { ForEach(nodes.indices, id: \.self) { FuzzNodeView(node: nodes[$0]) } })
        case .frame(let n, let w, let h, let a): AnyView(FuzzNodeView(node: n).frame(width: w, height: h, alignment: a))
        case .frameRange(let n, let lo, let hi): AnyView(FuzzNodeView(node: n).frame(minWidth: lo, maxWidth: hi))
        case .padding(let n, let p): AnyView(FuzzNodeView(node: n).padding(p))
        case .offset(let n, let x, let y): AnyView(FuzzNodeView(node: n).offset(x: x, y: y))
        case .effects(let n, let o, let d, let s):
            AnyView(FuzzNodeView(node: n).opacity(o).rotationEffect(.degrees(d)).scaleEffect(s))
        case .tapCounter(let n, let animated): AnyView(TapCounterNode(child: n, animated: animated))
        case .draggable(let n): AnyView(DraggableNode(child: n))
        case .transition(let n): AnyView(TransitionNode(child: n))
        case .scroll(let nodes): AnyView(ScrollView { VStack { ForEach(nodes.indices, id: \.self) { FuzzNodeView(node: nodes[$0]) } } })
        case .button(let n): AnyView(ButtonNode(child: n))
        }
    }
}

struct ToggleNode: View {
    @State private var on = false
    var body: some View { Toggle("T", isOn: $on) }
}

struct SliderNode: View {
    @State private var value = 0.5
    var body: some View { Slider(value: $value, in: 0...1) }
}

struct TapCounterNode: View {
    let child: FuzzNode
    let animated: Bool
    @State private var taps = 0
    var body: some View {
        FuzzNodeView(node: child)
            .scaleEffect(1 + CGFloat(taps % 4) / 4)
            .foregroundStyle(taps % 2 == 0 ? Color.red : Color.green)
            .onTapGesture { taps += 1 }
            .animation(animated ? .spring(response: 0.3, dampingFraction: 0.5) : nil, value: taps)
    }
}

struct DraggableNode: View {
    let child: FuzzNode
    @State private var offset = CGSize.zero
    var body: some View {
        FuzzNodeView(node: child)
            .offset(offset)
            .gesture(DragGesture().onChanged { offset = $0.translation }.onEnded { _ in
                withAnimation(.easeOut(duration: 0.2)) { offset = .zero }
            })
    }
}

struct TransitionNode: View {
    let child: FuzzNode
    @State private var shown = true
    var body: some View {
        ZStack {
            Color.gray.onTapGesture { withAnimation(.linear(duration: 0.3)) { shown.toggle() } }
            if shown { FuzzNodeView(node: child).transition(.opacity.combined(with: .scale)) }
        }
    }
}

struct ButtonNode: View {
    let child: FuzzNode
    @State private var presses = 0
    var body: some View {
        Button { presses += 1 } label: { FuzzNodeView(node: child).opacity(presses % 2 == 0 ? 1 : 0.5) }
    }
}
