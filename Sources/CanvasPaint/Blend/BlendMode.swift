/// How a source colour combines with the colour already in the destination: the
/// Porter–Duff operators, the W3C Compositing and Blending modes, and Apple's
/// `plusDarker` and `plusLighter`.
///
/// Every mode is defined on premultiplied colours (see `BlendFormulas`). Coverage
/// (anti-aliasing and clip masks) is applied afterwards as a linear interpolation
/// between the destination and the blended result, so a mode only acts inside the
/// shape that is drawn (Core Graphics' bounded semantics).
public enum BlendMode: UInt8, CaseIterable, Sendable, Hashable {
    case normal
    // Separable blend modes (W3C Compositing and Blending Level 1, §10.2).
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion
    // Non-separable blend modes (§10.3).
    case hue, saturation, color, luminosity
    // Porter–Duff operators (§9.1).
    case clear, copy, sourceIn, sourceOut, sourceAtop
    case destinationOver, destinationIn, destinationOut, destinationAtop, xor
    // Apple's additive modes.
    case plusDarker, plusLighter

    /// True when a fully transparent source leaves the destination unchanged, so
    /// that only the pixels a source covers need to be composited. False for the
    /// operators that change the destination where the source is empty (`clear`,
    /// `copy`, `sourceIn`, `destinationIn`, `sourceOut`, `destinationAtop`).
    @inlinable
    public var transparentSourceKeepsDestination: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .destinationIn, .sourceOut, .destinationAtop: return false
        default: return true
        }
    }
}
