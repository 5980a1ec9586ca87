/// Every blend mode described once: the name SwiftUI and Core Graphics give it,
/// the raw value `CGBlendMode` and `GraphicsContext.BlendMode` give it, and its
/// formula (computed by `BlendFormulas`). The public enums are derived from this
/// table (`GraphicsContext.BlendMode`'s constants) or tested against it
/// (`CGBlendMode`, whose raw values the language wants as literals); nothing relies
/// on the order of `BlendMode`'s cases.
///
/// In the formulas S and D are the premultiplied source and destination, Sa and Da
/// their alphas; B(s, d) is the W3C blend function on unpremultiplied colour.
extension BlendMode {
    public struct Description: Sendable {
        public let mode: BlendMode
        /// The name in SwiftUI's `GraphicsContext.BlendMode` and Core Graphics' `CGBlendMode`.
        public let name: String
        /// The raw value of `CGBlendMode` (and of `GraphicsContext.BlendMode`).
        public let coreGraphicsRawValue: Int32
        public let formula: String
    }

    public static let table: [Description] = [
        .init(mode: .normal, name: "normal", coreGraphicsRawValue: 0, formula: "S + D·(1 − Sa)"),
        .init(mode: .multiply, name: "multiply", coreGraphicsRawValue: 1, formula: "B = s·d"),
        .init(mode: .screen, name: "screen", coreGraphicsRawValue: 2, formula: "B = s + d − s·d"),
        .init(mode: .overlay, name: "overlay", coreGraphicsRawValue: 3, formula: "B = hardLight(d, s)"),
        .init(mode: .darken, name: "darken", coreGraphicsRawValue: 4, formula: "B = min(s, d)"),
        .init(mode: .lighten, name: "lighten", coreGraphicsRawValue: 5, formula: "B = max(s, d)"),
        .init(mode: .colorDodge, name: "colorDodge", coreGraphicsRawValue: 6, formula: "B = min(1, d / (1 − s))"),
        .init(mode: .colorBurn, name: "colorBurn", coreGraphicsRawValue: 7, formula: "B = 1 − min(1, (1 − d) / s)"),
        .init(mode: .softLight, name: "softLight", coreGraphicsRawValue: 8, formula: "W3C soft light"),
        .init(mode: .hardLight, name: "hardLight", coreGraphicsRawValue: 9,
              formula: "B = s ≤ ½ ? multiply(d, 2s) : screen(d, 2s − 1)"),
        .init(mode: .difference, name: "difference", coreGraphicsRawValue: 10, formula: "B = |s − d|"),
        .init(mode: .exclusion, name: "exclusion", coreGraphicsRawValue: 11, formula: "B = s + d − 2·s·d"),
        .init(mode: .hue, name: "hue", coreGraphicsRawValue: 12, formula: "SetLum(SetSat(s, Sat(d)), Lum(d))"),
        .init(mode: .saturation, name: "saturation", coreGraphicsRawValue: 13,
              formula: "SetLum(SetSat(d, Sat(s)), Lum(d))"),
        .init(mode: .color, name: "color", coreGraphicsRawValue: 14, formula: "SetLum(s, Lum(d))"),
        .init(mode: .luminosity, name: "luminosity", coreGraphicsRawValue: 15, formula: "SetLum(d, Lum(s))"),
        .init(mode: .clear, name: "clear", coreGraphicsRawValue: 16, formula: "0"),
        .init(mode: .copy, name: "copy", coreGraphicsRawValue: 17, formula: "S"),
        .init(mode: .sourceIn, name: "sourceIn", coreGraphicsRawValue: 18, formula: "S·Da"),
        .init(mode: .sourceOut, name: "sourceOut", coreGraphicsRawValue: 19, formula: "S·(1 − Da)"),
        .init(mode: .sourceAtop, name: "sourceAtop", coreGraphicsRawValue: 20, formula: "S·Da + D·(1 − Sa)"),
        .init(mode: .destinationOver, name: "destinationOver", coreGraphicsRawValue: 21, formula: "S·(1 − Da) + D"),
        .init(mode: .destinationIn, name: "destinationIn", coreGraphicsRawValue: 22, formula: "D·Sa"),
        .init(mode: .destinationOut, name: "destinationOut", coreGraphicsRawValue: 23, formula: "D·(1 − Sa)"),
        .init(mode: .destinationAtop, name: "destinationAtop", coreGraphicsRawValue: 24,
              formula: "S·(1 − Da) + D·Sa"),
        .init(mode: .xor, name: "xor", coreGraphicsRawValue: 25, formula: "S·(1 − Da) + D·(1 − Sa)"),
        .init(mode: .plusDarker, name: "plusDarker", coreGraphicsRawValue: 26,
              formula: "max(0, 1 − ((1 − D) + (1 − S)))"),
        .init(mode: .plusLighter, name: "plusLighter", coreGraphicsRawValue: 27, formula: "min(1, S + D)"),
    ]

    /// `table` indexed by Core Graphics raw value (`nil` where no mode has it).
    private static let byCoreGraphicsRawValue: [BlendMode?] = {
        let top = Int(table.map(\.coreGraphicsRawValue).max() ?? 0)
        var modes = [BlendMode?](repeating: nil, count: top + 1)
        for d in table { modes[Int(d.coreGraphicsRawValue)] = d.mode }
        return modes
    }()

    /// `table` indexed by the engine's own raw value.
    private static let byMode: [Description] = {
        var rows = table
        rows.sort { $0.mode.rawValue < $1.mode.rawValue }
        return rows
    }()

    /// The mode with a Core Graphics raw value, or `nil` for one that names no mode.
    public init?(coreGraphicsRawValue raw: Int32) {
        let modes = BlendMode.byCoreGraphicsRawValue
        guard raw >= 0, Int(raw) < modes.count, let mode = modes[Int(raw)] else { return nil }
        self = mode
    }

    public var entry: Description { BlendMode.byMode[Int(rawValue)] }
    public var coreGraphicsRawValue: Int32 { entry.coreGraphicsRawValue }
}
