import Foundation

/// A geometric angle whose value you access in either radians or degrees.
@frozen
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees; setting it sets `radians`.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// A zero angle.
    @inlinable public init() { radians = 0 }
    /// An angle of `radians` radians.
    @inlinable public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees` degrees.
    @inlinable public init(degrees: Double) { radians = degrees * .pi / 180 }

    /// An angle of `radians` radians.
    @inlinable public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees` degrees.
    @inlinable public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// An angle of zero.
    public static let zero = Angle()

    @inlinable public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    /// The sum of two angles.
    @inlinable public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    /// The difference of two angles.
    @inlinable public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    /// The angle negated.
    @inlinable public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    /// Adds `rhs` to `lhs`.
    @inlinable public static func += (lhs: inout Angle, rhs: Angle) { lhs.radians += rhs.radians }
    /// Subtracts `rhs` from `lhs`.
    @inlinable public static func -= (lhs: inout Angle, rhs: Angle) { lhs.radians -= rhs.radians }
    /// The angle multiplied by `rhs`.
    @inlinable public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    /// The angle multiplied by `lhs`.
    @inlinable public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(radians: lhs * rhs.radians) }
    /// The angle divided by `rhs`.
    @inlinable public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
}
