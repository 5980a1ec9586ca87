import Foundation
import CanvasGeometry

/// A type whose value can be interpolated into a `LocalizedStringKey` with a
/// printf-style specifier (the integer and floating-point types), as in SwiftUI.
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: _Arg { get }
    var _specifier: String { get }
}

extension Int: _FormatSpecifiable { public var _arg: Int64 { Int64(self) }; public var _specifier: String { "%lld" } }
extension Int8: _FormatSpecifiable { public var _arg: Int32 { Int32(self) }; public var _specifier: String { "%d" } }
extension Int16: _FormatSpecifiable { public var _arg: Int32 { Int32(self) }; public var _specifier: String { "%d" } }
extension Int32: _FormatSpecifiable { public var _arg: Int32 { self }; public var _specifier: String { "%d" } }
extension Int64: _FormatSpecifiable { public var _arg: Int64 { self }; public var _specifier: String { "%lld" } }
extension UInt: _FormatSpecifiable { public var _arg: UInt64 { UInt64(self) }; public var _specifier: String { "%llu" } }
extension UInt8: _FormatSpecifiable { public var _arg: UInt32 { UInt32(self) }; public var _specifier: String { "%u" } }
extension UInt16: _FormatSpecifiable { public var _arg: UInt32 { UInt32(self) }; public var _specifier: String { "%u" } }
extension UInt32: _FormatSpecifiable { public var _arg: UInt32 { self }; public var _specifier: String { "%u" } }
extension UInt64: _FormatSpecifiable { public var _arg: UInt64 { self }; public var _specifier: String { "%llu" } }
extension Float: _FormatSpecifiable { public var _arg: Float { self }; public var _specifier: String { "%f" } }
extension Double: _FormatSpecifiable { public var _arg: Double { self }; public var _specifier: String { "%lf" } }

/// The key of a localized string: a format string (`"%lld items"`) and the values
/// interpolated into it.
///
/// As in SwiftUI: a literal is looked up as it is; an interpolated integer becomes
/// `%lld` and is shown as a number for the environment's locale, with grouping
/// ("1,234,567" in English, "1.234.567" in German); a floating-point value becomes
/// `%lf` (six decimals, the locale's separator); a `String` is `%@`, shown as it
/// is; a `Text` or `Image` is `%@`, set inline with its own attributes.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    enum Argument: Equatable, Sendable {
        case signed(Int64)
        case unsigned(UInt64)
        case floating(Double)
        /// A value with its own printf specifier (`specifier:`), already narrowed.
        case specified(String, Double?, Int64?, UInt64?)
        case string(String)
        case text(Text)
        case image(Image)

        static func == (a: Argument, b: Argument) -> Bool {
            switch (a, b) {
            case (.signed(let x), .signed(let y)): return x == y
            case (.unsigned(let x), .unsigned(let y)): return x == y
            case (.floating(let x), .floating(let y)): return x == y
            case (.specified(let s, let d, let i, let u), .specified(let s2, let d2, let i2, let u2)):
                return s == s2 && d == d2 && i == i2 && u == u2
            case (.string(let x), .string(let y)): return x == y
            case (.text(let x), .text(let y)): return x == y
            // Images have no equality of their own; system symbols compare by name.
            case (.image(let x), .image(let y)):
                return x.systemSymbolName != nil && x.systemSymbolName == y.systemSymbolName
            default: return false
            }
        }
    }

    let key: String
    let arguments: [Argument]
    /// False for a plain literal: its `%` signs are text, not specifiers.
    let hasFormat: Bool

    /// A key of `value` as it is: a plain string whose `%` signs are text, not format
    /// specifiers.
    public init(_ value: String) {
        key = value; arguments = []; hasFormat = false
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
        hasFormat = true
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// Interpolates a string, shown as it is (`%@`).
        public mutating func appendInterpolation(_ string: String) {
            key += "%@"
            arguments.append(.string(string))
        }

        /// Interpolates an integer or floating-point number with its default specifier
        /// (`%lld`, `%lf`, …), shown as a number for the environment's locale.
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
            key += value._specifier
            arguments.append(LocalizedStringKey.StringInterpolation.argument(value._arg))
        }

        /// A number with a printf specifier of its own (`"%.2f"`).
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
            key += specifier
            let a = LocalizedStringKey.StringInterpolation.argument(value._arg)
            switch a {
            case .signed(let i): arguments.append(.specified(specifier, nil, i, nil))
            case .unsigned(let u): arguments.append(.specified(specifier, nil, nil, u))
            case .floating(let d): arguments.append(.specified(specifier, d, nil, nil))
            default: arguments.append(a)
            }
        }

        /// Interpolates a text, set inline with its own attributes (`%@`).
        public mutating func appendInterpolation(_ text: Text) {
            key += "%@"
            arguments.append(.text(text))
        }

        /// Interpolates an image, set inline in the text (`%@`).
        public mutating func appendInterpolation(_ image: Image) {
            key += "%@"
            arguments.append(.image(image))
        }

        /// A value formatted by a format style (`\(price, format: .currency(code: "EUR"))`).
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
            where F.FormatInput: Equatable, F.FormatOutput == String {
            key += "%@"
            arguments.append(.string(format.format(input)))
        }

        /// A value formatted by a Foundation formatter.
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) {
            key += "%@"
            arguments.append(.string(formatter.string(for: subject as AnyObject) ?? ""))
        }

        static func argument(_ arg: any CVarArg) -> Argument {
            switch arg {
            case let v as Int64: return .signed(v)
            case let v as Int32: return .signed(Int64(v))
            case let v as UInt64: return .unsigned(v)
            case let v as UInt32: return .unsigned(UInt64(v))
            case let v as Double: return .floating(v)
            case let v as Float: return .floating(Double(v))
            default: return .string(String(describing: arg))
            }
        }
    }

    /// One piece of a resolved key: text, or an interpolated `Text` or `Image`.
    enum Piece {
        case string(String)
        case text(Text)
        case image(Image)
    }

    /// The key looked up in `table` of `bundle`, its inline Markdown applied (see
    /// `InlineMarkdown`) and its arguments formatted for `locale`: pieces, each with
    /// the Markdown style of the part of the key it came from.
    func resolve(table: String?, bundle: Bundle?, locale: Locale) -> [(Piece, InlineMarkdown.Style)] {
        let b = bundle ?? .main
        let format = b.localizedString(forKey: key, value: key, table: table)
        let segments = InlineMarkdown.parse(format)
        // A key with nothing interpolated and no translation keeps its `%` signs.
        guard hasFormat || format != key else { return segments.map { (.string($0.text), $0.style) } }
        var next = 0
        var pieces: [(Piece, InlineMarkdown.Style)] = []
        for segment in segments {
            for piece in LocalizedStringKey.format(segment.text, arguments, locale: locale, next: &next) {
                pieces.append((piece, segment.style))
            }
        }
        return pieces
    }

    /// Substitutes printf-style specifiers (`%@`, `%lld`, `%lf`, `%.2f`, positional
    /// `%2$@`, `%%`) with the arguments. A specifier without an argument, or of the
    /// wrong kind, shows as an empty string: bad keys never trap.
    static func format(_ format: String, _ arguments: [Argument], locale: Locale) -> [Piece] {
        var next = 0
        return self.format(format, arguments, locale: locale, next: &next)
    }

    /// `format`, taking unnumbered arguments from `next` on (a key split into
    /// Markdown segments is formatted segment by segment).
    static func format(_ format: String, _ arguments: [Argument], locale: Locale, next: inout Int) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        let chars = Array(format.unicodeScalars)
        var i = 0
        func flush() {
            if !literal.isEmpty { pieces.append(.string(literal)); literal = "" }
        }
        while i < chars.count {
            let c = chars[i]
            guard c == "%", i + 1 < chars.count else {
                literal.unicodeScalars.append(c)
                i += 1
                continue
            }
            if chars[i + 1] == "%" {
                literal += "%"
                i += 2
                continue
            }
            // %[n$][flags][width][.precision][length]conversion
            var j = i + 1
            var spec = "%"
            var digits = ""
            while j < chars.count, ("0"..."9").contains(chars[j]) { digits.unicodeScalars.append(chars[j]); j += 1 }
            var position: Int? = nil
            if j < chars.count, chars[j] == "$", let n = Int(digits), n >= 1 {
                position = n - 1
                j += 1
            } else {
                spec += digits
            }
            while j < chars.count, "-+ #0'.123456789hlqLjzt".unicodeScalars.contains(chars[j]) {
                spec.unicodeScalars.append(chars[j])
                j += 1
            }
            guard j < chars.count else { literal += String(String.UnicodeScalarView(chars[i...])); break }
            let conversion = chars[j]
            spec.unicodeScalars.append(conversion)
            i = j + 1
            let index = position ?? next
            if position == nil { next += 1 }
            let argument = index < arguments.count ? arguments[index] : nil
            guard specifierIsSafe(spec) else {
                Diagnostics.report(.invalidValue, "OpenCanvas: the format specifier \(spec) in \"\(format)\" is malformed or asks for more than \(maximumField) characters; it is left out")
                continue
            }
            let plain = spec.dropFirst().allSatisfy { "lqhjzt".unicodeScalars.contains($0.unicodeScalars.first!) }
                || spec.count == 2
            switch (conversion, argument) {
            case ("@", .text(let t)?):
                flush()
                pieces.append(.text(t))
            case ("@", .image(let image)?):
                flush()
                pieces.append(.image(image))
            case ("@", .string(let s)?):
                literal += s
            case (_, .signed(let v)?) where "diouxXc".unicodeScalars.contains(conversion):
                literal += plain && "di".unicodeScalars.contains(conversion)
                    ? grouped(NSNumber(value: v), locale: locale) : String(format: spec, locale: locale, v)
            case (_, .unsigned(let v)?) where "diouxXc".unicodeScalars.contains(conversion):
                literal += plain && "du".unicodeScalars.contains(conversion)
                    ? grouped(NSNumber(value: v), locale: locale) : String(format: spec, locale: locale, v)
            case (_, .floating(let v)?) where "fFeEgGaA".unicodeScalars.contains(conversion):
                literal += String(format: spec, locale: locale, v)
            case (_, .specified(_, let d?, _, _)?) where "fFeEgGaA".unicodeScalars.contains(conversion):
                literal += String(format: spec, locale: locale, d)
            case (_, .specified(_, _, let v?, _)?) where "diouxXc".unicodeScalars.contains(conversion):
                literal += String(format: spec, locale: locale, v)
            case (_, .specified(_, _, _, let v?)?) where "diouxXc".unicodeScalars.contains(conversion):
                literal += String(format: spec, locale: locale, v)
            default:
                Diagnostics.report(.invalidValue, "OpenCanvas: the format specifier \(spec) in \"\(format)\" has no matching argument")
            }
        }
        flush()
        return pieces
    }

    /// The largest width or precision a specifier may ask for.
    static let maximumField = 4_096

    /// Whether a specifier (`%`, then flags, width, precision, length and the
    /// conversion) has that shape, and a width and precision of at most
    /// `maximumField`. Foundation's formatter traps on what it cannot format
    /// (`%999999999999999g` overflows it; found by the text-markup fuzzer), so only
    /// such specifiers reach it. A longer field would also be a string of that many
    /// characters, drawn.
    static func specifierIsSafe(_ spec: String) -> Bool {
        let body = Array(spec.unicodeScalars.dropFirst().dropLast())
        var k = 0
        while k < body.count, "-+ #0'".unicodeScalars.contains(body[k]) { k += 1 }
        func field() -> Bool {
            var value = 0
            while k < body.count, ("0"..."9").contains(body[k]) {
                value = value * 10 + Int(body[k].value - 48)
                if value > maximumField { return false }
                k += 1
            }
            return true
        }
        guard field() else { return false }
        if k < body.count, body[k] == "." {
            k += 1
            guard field() else { return false }
        }
        let length = String(String.UnicodeScalarView(body[k...]))
        return ["", "h", "hh", "l", "ll", "q", "L", "j", "z", "t"].contains(length)
    }

    /// An integer with the locale's grouping separators.
    static func grouped(_ n: NSNumber, locale: Locale) -> String {
        let f = NumberFormatter()
        f.locale = locale
        f.numberStyle = .decimal
        f.usesGroupingSeparator = true
        return f.string(from: n) ?? n.stringValue
    }
}
