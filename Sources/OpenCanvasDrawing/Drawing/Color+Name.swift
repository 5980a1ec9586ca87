import CanvasGeometry

extension Color {
    /// What `description` calls a colour: the name it was made with ("red", an asset
    /// catalog's colour name) and the percentages of the `opacity(_:)` calls made on
    /// it since, written out in front ("50% red").
    ///
    /// Plain values only, so that a `Color` copies as bytes: with a `String` here,
    /// every copy of every colour went through value-witness calls, which cost a tenth
    /// of recording a small shape. The base name is interned in `ColorNames`.
    /// Up to four prefixes are kept; a colour dimmed by `opacity(_:)` more than four
    /// times after naming is described by its components instead.
    @usableFromInline
    struct Name: Sendable {
        // The fields are `@usableFromInline` because they lay out `Color`, which is
        // `@frozen`: a client compiled against another layout of them must be
        // compiled again, and the build only notices changes to declarations
        // clients can see (a test build kept an object laying `Color?` out in the
        // old 81 bytes against the library's 82, which AddressSanitizer reported).
        /// The base name's index in `ColorNames`; 0 for an unnamed colour.
        @usableFromInline var id: UInt32 = 0
        /// The prefixes' percentages, outermost first (`count` used).
        @usableFromInline var percents: (Int16, Int16, Int16, Int16) = (0, 0, 0, 0)
        @usableFromInline var count: UInt8 = 0

        static var unnamed: Name { Name() }

        init() {}

        init(_ name: String?) {
            if let name { id = ColorNames.id(name) }
        }

        var isNamed: Bool { id != 0 }

        /// The name with an `opacity(_:)` prefix added in front: the percentage
        /// rounded, NaN as 0 and the infinities clamped (a `description` never traps).
        func dimmed(by opacity: Double) -> Name {
            guard isNamed else { return self }
            guard count < 4 else { return .unnamed }
            let scaled = (opacity * 100).rounded()
            let percent = scaled.isNaN ? 0 : Int16(min(max(scaled, Double(Int16.min)), Double(Int16.max)))
            var dimmed = self
            dimmed.count += 1
            // The newest prefix goes in front.
            dimmed.percents = (percent, percents.0, percents.1, percents.2)
            return dimmed
        }

        /// "50% 80% red"; `nil` for an unnamed colour.
        var text: String? {
            guard let base = ColorNames.name(id) else { return nil }
            let all = [percents.0, percents.1, percents.2, percents.3]
            return all.prefix(Int(count)).map { "\($0)% " }.joined() + base
        }
    }
}

/// The names colours were made with, interned so that a colour stores a number.
/// Bounded: past `capacity` distinct names, a new name is not kept (that colour is
/// described by its components), so a program making colours from endless distinct
/// names cannot grow this without limit.
enum ColorNames {
    static let capacity = 1 << 16

    private struct Table {
        var names: [String] = [""]          // index 0: no name
        var ids: [String: UInt32] = [:]
    }
    private static let table = Locked(Table())

    /// The index of `name`, added if new; 0 when the table is full.
    static func id(_ name: String) -> UInt32 {
        table.withLock { t in
            if let id = t.ids[name] { return id }
            guard t.names.count < capacity else { return 0 }
            let id = UInt32(t.names.count)
            t.names.append(name)
            t.ids[name] = id
            return id
        }
    }

    static func name(_ id: UInt32) -> String? {
        guard id != 0 else { return nil }
        return table.withLock { t in Int(id) < t.names.count ? t.names[Int(id)] : nil }
    }
}
