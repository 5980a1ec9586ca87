import OpenCanvas

/// The moon at a phase: 0 new, 0.5 full, 1 new again. The lit part is the
/// union of a half disc and a half ellipse whose width follows the phase.
public struct MoonView: View {
    public var phase: Double
    @Environment(\.colorScheme) private var scheme

    public init(phase: Double) { self.phase = phase }

    public var body: some View {
        Canvas { context, size in
            let d = min(size.width, size.height)
            let disc = CGRect(x: (size.width - d) / 2, y: (size.height - d) / 2, width: d, height: d)
            context.fill(Path(ellipseIn: disc), with: .color(scheme == .dark ? Color(white: 0.18) : Color(white: 0.82)))
            let p = phase - phase.rounded(.down)
            let waxing = p < 0.5
            // How far the terminator bulges: −1 (a thin crescent) … 1 (almost full).
            let bulge = cos(p * 2 * .pi) * -1
            var lit = Path()
            lit.addArc(center: CGPoint(x: disc.midX, y: disc.midY), radius: d / 2,
                       startAngle: .degrees(-90), endAngle: .degrees(90), clockwise: !waxing)
            let w = abs(bulge) * d / 2
            let terminator = CGRect(x: disc.midX - w, y: disc.minY, width: 2 * w, height: d)
            var half = Path()
            half.addEllipse(in: terminator)
            context.fill(lit, with: .color(.yellow))
            if bulge > 0 {
                context.fill(half, with: .color(.yellow))
            } else {
                context.fill(half, with: .color(scheme == .dark ? Color(white: 0.18) : Color(white: 0.82)))
            }
        }
        .aspectRatio(1, contentMode: .fit)
        .accessibilityElement()
        .accessibilityLabel("Moon")
        .accessibilityValue(MoonView.name(of: phase))
    }

    /// The phase's name, as an almanac gives it.
    public static func name(of phase: Double) -> String {
        let p = phase - phase.rounded(.down)
        switch p {
        case ..<0.03, 0.97...: return "New moon"
        case ..<0.22: return "Waxing crescent"
        case ..<0.28: return "First quarter"
        case ..<0.47: return "Waxing gibbous"
        case ..<0.53: return "Full moon"
        case ..<0.72: return "Waning gibbous"
        case ..<0.78: return "Last quarter"
        default: return "Waning crescent"
        }
    }
}
