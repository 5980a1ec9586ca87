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
        package var engine: CanvasPaint.BlendMode? { CanvasPaint.BlendMode(coreGraphicsRawValue: rawValue) }

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
        public static let multiply = BlendMode(.multiply)
        public static let screen = BlendMode(.screen)
        public static let overlay = BlendMode(.overlay)
        public static let darken = BlendMode(.darken)
        public static let lighten = BlendMode(.lighten)
        public static let colorDodge = BlendMode(.colorDodge)
        public static let colorBurn = BlendMode(.colorBurn)
        public static let softLight = BlendMode(.softLight)
        public static let hardLight = BlendMode(.hardLight)
        public static let difference = BlendMode(.difference)
        public static let exclusion = BlendMode(.exclusion)
        public static let hue = BlendMode(.hue)
        public static let saturation = BlendMode(.saturation)
        public static let color = BlendMode(.color)
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
