import CanvasPaint

extension GraphicsContext {
    /// How drawing combines with what is below it. The raw values are Core
    /// Graphics' `CGBlendMode` values, from the engine's table of modes
    /// (`CanvasPaint.BlendMode.table`, with each formula; computed by `BlendFormulas`:
    /// the W3C Compositing and Blending definitions, `plusDarker` and `plusLighter`
    /// as Apple documents them).
    @frozen
    public struct BlendMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The engine's mode, or `nil` for a raw value that names no mode (looked up
        /// in the engine's table of modes, `CanvasPaint.BlendMode.table`).
        /// (Normal, raw value 0 as in Core Graphics, is answered without the table:
        /// every shape drawn asks.)
        package var engine: CanvasPaint.BlendMode? {
            rawValue == 0 ? .normal : CanvasPaint.BlendMode(coreGraphicsRawValue: rawValue)
        }

        /// The constant for an engine mode: the constants below are derived from the table.
        init(_ mode: CanvasPaint.BlendMode) { self.init(rawValue: mode.coreGraphicsRawValue) }

        /// The mode the table names `name` (SwiftUI's and Core Graphics' case names),
        /// or `nil`.
        package init?(named name: String) {
            guard let row = CanvasPaint.BlendMode.table.first(where: { $0.name == name }) else { return nil }
            self.init(rawValue: row.coreGraphicsRawValue)
        }

        /// Source over destination: the default.
        public static let normal = BlendMode(.normal)
        /// Multiplies the colours, never lightening: `B = s·d`.
        public static let multiply = BlendMode(.multiply)
        /// Multiplies the complements, never darkening: `B = s + d − s·d`.
        public static let screen = BlendMode(.screen)
        /// Multiplies or screens, depending on the backdrop: `B = hardLight(d, s)`.
        public static let overlay = BlendMode(.overlay)
        /// The darker of the two: `B = min(s, d)`.
        public static let darken = BlendMode(.darken)
        /// The lighter of the two: `B = max(s, d)`.
        public static let lighten = BlendMode(.lighten)
        /// Brightens the backdrop to reflect the source: `B = min(1, d / (1 − s))`.
        public static let colorDodge = BlendMode(.colorDodge)
        /// Darkens the backdrop to reflect the source: `B = 1 − min(1, (1 − d) / s)`.
        public static let colorBurn = BlendMode(.colorBurn)
        /// Darkens or lightens gently, depending on the source (the W3C soft light).
        public static let softLight = BlendMode(.softLight)
        /// Multiplies or screens, depending on the source:
        /// `B = s ≤ ½ ? multiply(d, 2s) : screen(d, 2s − 1)`.
        public static let hardLight = BlendMode(.hardLight)
        /// The difference of the two: `B = |s − d|`.
        public static let difference = BlendMode(.difference)
        /// Like `difference` with less contrast: `B = s + d − 2·s·d`.
        public static let exclusion = BlendMode(.exclusion)
        /// The source's hue with the backdrop's saturation and luminosity.
        public static let hue = BlendMode(.hue)
        /// The source's saturation with the backdrop's hue and luminosity.
        public static let saturation = BlendMode(.saturation)
        /// The source's hue and saturation with the backdrop's luminosity.
        public static let color = BlendMode(.color)
        /// The source's luminosity with the backdrop's hue and saturation.
        public static let luminosity = BlendMode(.luminosity)
        /// `R = 0`.
        public static let clear = BlendMode(.clear)
        /// `R = S`.
        public static let copy = BlendMode(.copy)
        /// `R = S·Da`.
        public static let sourceIn = BlendMode(.sourceIn)
        /// `R = S·(1 − Da)`.
        public static let sourceOut = BlendMode(.sourceOut)
        /// `R = S·Da + D·(1 − Sa)`.
        public static let sourceAtop = BlendMode(.sourceAtop)
        /// `R = S·(1 − Da) + D`.
        public static let destinationOver = BlendMode(.destinationOver)
        /// `R = D·Sa`.
        public static let destinationIn = BlendMode(.destinationIn)
        /// `R = D·(1 − Sa)`.
        public static let destinationOut = BlendMode(.destinationOut)
        /// `R = S·(1 − Da) + D·Sa`.
        public static let destinationAtop = BlendMode(.destinationAtop)
        /// `R = S·(1 − Da) + D·(1 − Sa)`.
        public static let xor = BlendMode(.xor)
        /// `R = max(0, 1 − ((1 − D) + (1 − S)))`.
        public static let plusDarker = BlendMode(.plusDarker)
        /// `R = min(1, S + D)`.
        public static let plusLighter = BlendMode(.plusLighter)
    }
}
