/// A textual form of a path, in Core Graphics' description format: numbers then an
/// operator, `m` (move), `l` (line), `q` (quad: control, end), `c` (cubic: two
/// controls, end), `h` (close), separated by spaces — e.g. `0 0 m 10 0 l 10 10 l h`.
extension PathData {
    public var pathDescription: String {
        var parts: [String] = []
        func num(_ v: Double) -> String {
            if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
            return String(v)
        }
        forEach { e in
            switch e {
            case .move(let p): parts.append("\(num(p.x)) \(num(p.y)) m")
            case .line(let p): parts.append("\(num(p.x)) \(num(p.y)) l")
            case .quad(let c, let p): parts.append("\(num(c.x)) \(num(c.y)) \(num(p.x)) \(num(p.y)) q")
            case .cubic(let c1, let c2, let p):
                parts.append("\(num(c1.x)) \(num(c1.y)) \(num(c2.x)) \(num(c2.y)) \(num(p.x)) \(num(p.y)) c")
            case .close: parts.append("h")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Parses `pathDescription`'s format; `nil` for anything else (wrong operand
    /// counts, unknown operators, non-finite numbers, a segment with no current point).
    public init?(pathDescription text: String) {
        self.init()
        var numbers: [Double] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            if let v = Double(token) {
                guard v.isFinite else { return nil }
                numbers.append(v)
                continue
            }
            let n = numbers
            numbers = []
            switch token {
            case "m":
                guard n.count == 2 else { return nil }
                move(to: Point(n[0], n[1]))
            case "l":
                guard n.count == 2, currentPoint != nil else { return nil }
                line(to: Point(n[0], n[1]))
            case "q":
                guard n.count == 4, currentPoint != nil else { return nil }
                quad(to: Point(n[2], n[3]), control: Point(n[0], n[1]))
            case "c":
                guard n.count == 6, currentPoint != nil else { return nil }
                cubic(to: Point(n[4], n[5]), control1: Point(n[0], n[1]), control2: Point(n[2], n[3]))
            case "h":
                guard n.isEmpty else { return nil }
                close()
            default:
                return nil
            }
        }
        guard numbers.isEmpty else { return nil }
    }
}
