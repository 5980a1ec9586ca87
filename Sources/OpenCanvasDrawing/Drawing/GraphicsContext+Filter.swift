import Foundation
import CanvasGeometry
import CanvasPaint
import CanvasEffects
import CanvasRender

extension GraphicsContext {
    /// An image-processing operation for `addFilter(_:options:)`.
    ///
    /// Lengths (blur radii, shadow offsets) are in the user space of the context
    /// the filter is added to, at the moment it is added. The Metal shader filters
    /// (`colorShader`, `distortionShader`, `layerShader`) do not exist on Linux.
    public struct Filter: Sendable {
        let effect: FilterEffect?
        /// The effect in the dark appearance, for filters whose colour adapts to it
        /// (a shadow of `.red`, say); chosen when the filter is added.
        var darkEffect: FilterEffect? = nil

        init(effect: FilterEffect?) { self.effect = effect }

        /// A filter made once per appearance from an adaptive colour.
        init(_ color: Color, _ make: (Color) -> FilterEffect?) {
            effect = make(color.appearance(.light))
            if color.dark != nil { darkEffect = make(color.appearance(.dark)) }
        }

        /// The effect in `scheme`.
        func effect(in scheme: ColorScheme) -> FilterEffect? { scheme == .dark ? darkEffect ?? effect : effect }

        /// Transforms the rasterized drawing by `matrix` (in user space).
        public static func projectionTransform(_ matrix: ProjectionTransform) -> Filter {
            let p = Projection([Double(matrix.m11), Double(matrix.m21), Double(matrix.m31),
                                Double(matrix.m12), Double(matrix.m22), Double(matrix.m32),
                                Double(matrix.m13), Double(matrix.m23), Double(matrix.m33)])
            return Filter(effect: p.isFinite ? .projection(p) : nil)
        }

        /// A drop shadow: the drawing's alpha blurred with standard deviation
        /// `radius`, tinted with `color`, offset by `(x, y)`, and blended below the
        /// drawing (above with `.shadowAbove`) with `blendMode`.
        public static func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat,
                                  x: CGFloat = 0, y: CGFloat = 0, blendMode: BlendMode = .normal,
                                  options: ShadowOptions = ShadowOptions()) -> Filter {
            guard radius.isFinite, x.isFinite, y.isFinite, color.isFinite, let mode = blendMode.engine else {
                Diagnostics.report(.nonFiniteValue)
                return Filter(effect: nil)
            }
            if radius < 0 { Diagnostics.report(.negativeRadius) }
            return Filter(color) { c in .shadow(ShadowEffect(
                color: c.rgba, radius: max(0, Double(radius)), offset: Point(Double(x), Double(y)), blendMode: mode,
                above: options.contains(.shadowAbove), only: options.contains(.shadowOnly),
                invertsAlpha: options.contains(.invertsAlpha), disablesGroup: options.contains(.disablesGroup))) }
        }

        /// Multiplies each component (alpha too) by the colour's.
        public static func colorMultiply(_ color: Color) -> Filter {
            guard color.isFinite else { return Filter(effect: nil) }
            return Filter(color) { c in
                .colorMatrix(.multiply(SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(min(max(c.opacity, 0), 1)))))
            }
        }

        /// Transforms each pixel's unpremultiplied colour by `matrix` (see `ColorMatrix`).
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter {
            let m = matrix
            return Filter(effect: .colorMatrix(CanvasEffects.ColorMatrix(
                r: [m.r1, m.r2, m.r3, m.r4, m.r5], g: [m.g1, m.g2, m.g3, m.g4, m.g5],
                b: [m.b1, m.b2, m.b3, m.b4, m.b5], a: [m.a1, m.a2, m.a3, m.a4, m.a5])))
        }

        /// SVG's `hue-rotate`.
        public static func hueRotation(_ angle: Angle) -> Filter {
            matrix(angle.radians) { .hueRotation($0) }
        }

        /// SVG's `saturate`: 0 grey, 1 unchanged, above 1 more saturated.
        public static func saturation(_ amount: Double) -> Filter {
            matrix(amount) { .saturation($0) }
        }

        /// Adds `amount` to each colour component (Core Image's brightness).
        public static func brightness(_ amount: Double) -> Filter {
            matrix(amount) { .brightness($0) }
        }

        /// SVG's `contrast`: 0 all grey, 1 unchanged.
        public static func contrast(_ amount: Double) -> Filter {
            matrix(amount) { .contrast($0) }
        }

        /// SVG's `invert`: 1 inverts fully, 0 leaves the colours.
        public static func colorInvert(_ amount: Double = 1) -> Filter {
            matrix(amount) { .invert($0) }
        }

        /// SVG's `grayscale`: 1 fully grey, 0 unchanged.
        public static func grayscale(_ amount: Double) -> Filter {
            matrix(amount) { .grayscale($0) }
        }

        /// Alpha becomes the luminance; the colour black.
        public static var luminanceToAlpha: Filter { Filter(effect: .colorMatrix(.luminanceToAlpha)) }

        /// Gaussian blur; `radius` is the standard deviation.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            guard radius.isFinite else { Diagnostics.report(.nonFiniteValue); return Filter(effect: nil) }
            if radius < 0 { Diagnostics.report(.negativeRadius) }
            return Filter(effect: .blur(radius: max(0, Double(radius)), opaque: options.contains(.opaque),
                                        dithers: options.contains(.dithersResult)))
        }

        /// Pixels whose alpha is in `min…max` become `color`; others transparent.
        /// (`min < max` is required: otherwise the filter is ignored.)
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter {
            guard min.isFinite, max.isFinite, min < max, color.isFinite else {
                Diagnostics.report(.invalidValue)
                return Filter(effect: nil)
            }
            return Filter(color) { c in .alphaThreshold(min: min, max: max, color: c.rgba) }
        }

        private static func matrix(_ v: Double, _ make: (Double) -> CanvasEffects.ColorMatrix) -> Filter {
            guard v.isFinite else { Diagnostics.report(.nonFiniteValue); return Filter(effect: nil) }
            return Filter(effect: .colorMatrix(make(v)))
        }
    }

    /// Options for `addFilter(_:options:)`.
    @frozen
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Run the filter's arithmetic in linear light.
        public static let linearColor = FilterOptions(rawValue: 1)
    }

    /// Options for `Filter.shadow(color:radius:x:y:blendMode:options:)`.
    @frozen
    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Draw the shadow above the drawing instead of below.
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        /// Draw only the shadow.
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        /// Use one minus the shadow's alpha (with `shadowAbove` and `.sourceAtop`: an
        /// inner shadow).
        public static let invertsAlpha = ShadowOptions(rawValue: 4)
        /// Composite the drawing and its shadow separately, not as one group.
        /// (Honoured when the shadow is the last filter to apply, that is, the first
        /// one added; otherwise the group is kept.)
        public static let disablesGroup = ShadowOptions(rawValue: 8)
    }

    /// Options for `Filter.blur(radius:options:)`.
    @frozen
    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Make the result opaque by dividing each pixel by its alpha.
        public static let opaque = BlurOptions(rawValue: 1)
        /// Dither the result to reduce banding.
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    /// Filters everything drawn afterwards: each drawing operation is rendered into
    /// an implicit layer, filtered, and composited with the blend mode, opacity and
    /// clips. Filters added later are applied first, closest to the drawing (so
    /// `addFilter(.alphaThreshold(min: 0.5)); addFilter(.blur(radius: 10))`
    /// thresholds a blurred drawing, as in Apple's metaball example).
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        guard let effect = filter.effect(in: environment.colorScheme) else { return }
        guard filterCount < GraphicsContext.maximumFilterCount else {
            return Diagnostics.report(.invalidValue, "more than 64 filters on one context; later ones are ignored")
        }
        filterNode = recorder.list.addFilter(FilterNode(parent: filterNode, effect: effect, transform: rootTransform,
                                                        linearColor: options.contains(.linearColor)))
        filterCount += 1
    }

    static let maximumFilterCount = 64
}

extension Color {
    var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && opacity.isFinite }
    /// The components as the engine's straight colour.
    var rgba: RGBA { RGBA(r: red, g: green, b: blue, a: min(max(opacity, 0), 1)) }
}
