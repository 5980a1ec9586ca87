import CanvasGeometry

/// One horizontal run of pixels on row `y`, columns `x ..< x + length`, with either a
/// constant coverage (`maskOffset < 0`, coverage in `alpha`) or one coverage byte per
/// pixel stored in `SpanBuffer.coverage[maskOffset ..< maskOffset + length]`.
///
/// Coverage is 0…255, the fraction of the pixel's area inside the shape under its
/// fill rule. Spans of one shape come in row order, and left to right within a row;
/// they never overlap.
@frozen
public struct Span: Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var length: Int32
    public var alpha: UInt8
    public var maskOffset: Int32

    @inlinable
    public init(x: Int32, y: Int32, length: Int32, alpha: UInt8, maskOffset: Int32 = -1) {
        self.x = x; self.y = y; self.length = length; self.alpha = alpha; self.maskOffset = maskOffset
    }

    @inlinable public var isConstant: Bool { maskOffset < 0 }

    /// The part of the span inside columns `0 ..< width`: its first column, its
    /// length, and how many pixels were cut on the left (to skip in a coverage mask);
    /// `nil` when nothing is left.
    @inlinable @inline(__always)
    public func clipped(toWidth width: Int) -> (x: Int, n: Int, skip: Int)? {
        var x = Int(self.x), n = Int(length), skip = 0
        if x < 0 { skip = -x; n += x; x = 0 }
        n = min(n, width - x)
        return n > 0 ? (x, n, skip) : nil
    }
}

/// The output of the rasterizer and the input of the compositor: plain data, reused
/// from shape to shape so that steady-state drawing allocates nothing. Reference
/// semantics (see `ScratchBuffer`): one owner reuses it.
public struct SpanBuffer {
    public var spans = ScratchBuffer<Span>(capacity: 256)
    public var coverage = ScratchBuffer<UInt8>(capacity: 1024)

    public init() {}

    @inlinable public var isEmpty: Bool { spans.isEmpty }

    @inlinable
    public mutating func removeAll() {
        spans.removeAll()
        coverage.removeAll()
    }

    @inlinable @inline(__always)
    public mutating func addConstant(x: Int, y: Int, length: Int, alpha: UInt8) {
        guard length > 0, alpha > 0 else { return }
        spans.append(Span(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                          length: Int32(truncatingIfNeeded: length), alpha: alpha))
    }

    /// Starts a per-pixel span; follow with `appendCoverage` calls.
    @inlinable @inline(__always)
    public mutating func beginMask(x: Int, y: Int) {
        spans.append(Span(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y), length: 0,
                          alpha: 0, maskOffset: Int32(truncatingIfNeeded: coverage.count)))
    }

    @inlinable @inline(__always)
    public mutating func appendCoverage(_ a: UInt8) {
        coverage.append(a)
        spans.pointer[spans.count - 1].length &+= 1
    }

    /// Adds a per-pixel span of `length` pixels and returns where to write its
    /// coverage bytes.
    @inlinable @inline(__always)
    public mutating func reserveMask(x: Int, y: Int, length: Int) -> UnsafeMutablePointer<UInt8> {
        let offset = coverage.count
        coverage.resize(offset + length)
        spans.append(Span(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                          length: Int32(truncatingIfNeeded: length), alpha: 0,
                          maskOffset: Int32(truncatingIfNeeded: offset)))
        return coverage.pointer + offset
    }

    /// Lengthens the last span — a per-pixel one whose coverage bytes are the last
    /// ones written — by `length` pixels, and returns where to write their coverage.
    @inlinable @inline(__always)
    public mutating func extendMask(by length: Int) -> UnsafeMutablePointer<UInt8> {
        let offset = coverage.count
        coverage.resize(offset + length)
        spans.pointer[spans.count - 1].length &+= Int32(truncatingIfNeeded: length)
        return coverage.pointer + offset
    }

    /// Drops the spans outside `rows` (their coverage bytes stay, unused).
    public mutating func keepRows(_ rows: Range<Int>) {
        let lo = Int32(clamping: rows.lowerBound), hi = Int32(clamping: rows.upperBound)
        let p = spans.pointer
        var kept = 0
        for k in 0..<spans.count where p[k].y >= lo && p[k].y < hi {
            p[kept] = p[k]
            kept += 1
        }
        spans.resize(kept)
    }

    /// The coverage of every pixel as a dictionary, for tests and debugging.
    public func coverageMap() -> [PixelKey: UInt8] {
        var map: [PixelKey: UInt8] = [:]
        for k in 0..<spans.count {
            let s = spans[k]
            for i in 0..<Int(s.length) {
                let a = s.isConstant ? s.alpha : coverage[Int(s.maskOffset) + i]
                if a > 0 { map[PixelKey(x: Int(s.x) + i, y: Int(s.y))] = a }
            }
        }
        return map
    }

    /// The coverage of pixel `i` of span `s`.
    @inlinable
    public func coverage(of s: Span, at i: Int) -> UInt8 {
        s.isConstant ? s.alpha : coverage.pointer[Int(s.maskOffset) + i]
    }
}

public struct PixelKey: Hashable, Sendable {
    public var x: Int, y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}
