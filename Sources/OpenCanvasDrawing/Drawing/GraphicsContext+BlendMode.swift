import CanvasPaint

extension GraphicsContext {
    /// How drawing combines with what is below it. The raw values are Core
    /// Graphics' `CGBlendMode` values. Formulas: see `BlendFormulas` (the W3C
    /// Compositing and Blending definitions; `plusDarker` and `plusLighter` as Apple
    /// documents them).
    @frozen
    public struct BlendMode: RawRepresentable, Equatable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The engine's mode, or `nil` for a raw value that names no mode.
        var engine: CanvasPaint.BlendMode? {
            // The 28 modes have raw values 0…27, in the engine's order.
            guard rawValue >= 0, rawValue <= 27 else { return nil }
            return CanvasPaint.BlendMode(rawValue: UInt8(rawValue))
        }

        /// Source over destination: the default.
        public static let normal = BlendMode(rawValue: 0)
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let colorDodge = BlendMode(rawValue: 6)
        public static let colorBurn = BlendMode(rawValue: 7)
        public static let softLight = BlendMode(rawValue: 8)
        public static let hardLight = BlendMode(rawValue: 9)
        public static let difference = BlendMode(rawValue: 10)
        public static let exclusion = BlendMode(rawValue: 11)
        public static let hue = BlendMode(rawValue: 12)
        public static let saturation = BlendMode(rawValue: 13)
        public static let color = BlendMode(rawValue: 14)
        public static let luminosity = BlendMode(rawValue: 15)
        /// `R = 0`.
        public static let clear = BlendMode(rawValue: 16)
        /// `R = S`.
        public static let copy = BlendMode(rawValue: 17)
        /// `R = S·Da`.
        public static let sourceIn = BlendMode(rawValue: 18)
        /// `R = S·(1 − Da)`.
        public static let sourceOut = BlendMode(rawValue: 19)
        /// `R = S·Da + D·(1 − Sa)`.
        public static let sourceAtop = BlendMode(rawValue: 20)
        /// `R = S·(1 − Da) + D`.
        public static let destinationOver = BlendMode(rawValue: 21)
        /// `R = D·Sa`.
        public static let destinationIn = BlendMode(rawValue: 22)
        /// `R = D·(1 − Sa)`.
        public static let destinationOut = BlendMode(rawValue: 23)
        /// `R = S·(1 − Da) + D·Sa`.
        public static let destinationAtop = BlendMode(rawValue: 24)
        /// `R = S·(1 − Da) + D·(1 − Sa)`.
        public static let xor = BlendMode(rawValue: 25)
        /// `R = max(0, 1 − ((1 − D) + (1 − S)))`.
        public static let plusDarker = BlendMode(rawValue: 26)
        /// `R = min(1, S + D)`.
        public static let plusLighter = BlendMode(rawValue: 27)
    }
}
