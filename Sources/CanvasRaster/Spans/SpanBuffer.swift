/// One horizontal run of pixels on row `y`, columns `x ..< x + length`, with either a
/// constant coverage (`maskOffset < 0`, coverage in `alpha`) or one coverage byte per
/// pixel stored in `SpanBuffer.coverage[maskOffset ..< maskOffset + length]`.
///
/// Coverage is 0…255, the fraction of the pixel's area inside the shape under its
/// fill rule. Spans of one shape come in row order, and left to right within a row;
/// they never overlap.
@frozen
package struct Span: Hashable, Sendable {
    package var x: Int32
    package var y: Int32
    package var length: Int32
    package var alpha: UInt8
    package var maskOffset: Int32

    @inlinable
    package init(x: Int32, y: Int32, length: Int32, alpha: UInt8, maskOffset: Int32 = -1) {
        self.x = x; self.y = y; self.length = length; self.alpha = alpha; self.maskOffset = maskOffset
    }

    @inlinable package var isConstant: Bool { maskOffset < 0 }
}

/// The output of the rasterizer and the input of the compositor: plain data, reused
/// from shape to shape so that steady-state drawing allocates nothing.
package struct SpanBuffer: Sendable {
    package var spans: [Span] = []
    package var coverage: [UInt8] = []

    package init() {
        spans.reserveCapacity(256)
        coverage.reserveCapacity(1024)
    }

    @inlinable package var isEmpty: Bool { spans.isEmpty }

    @inlinable
    package mutating func removeAll() {
        spans.removeAll(keepingCapacity: true)
        coverage.removeAll(keepingCapacity: true)
    }

    @inlinable
    package mutating func addConstant(x: Int, y: Int, length: Int, alpha: UInt8) {
        guard length > 0, alpha > 0 else { return }
        spans.append(Span(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                          length: Int32(truncatingIfNeeded: length), alpha: alpha))
    }

    /// Starts a per-pixel span; follow with `appendCoverage` calls.
    @inlinable
    package mutating func beginMask(x: Int, y: Int) {
        spans.append(Span(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y), length: 0,
                          alpha: 0, maskOffset: Int32(truncatingIfNeeded: coverage.count)))
    }

    @inlinable
    package mutating func appendCoverage(_ a: UInt8) {
        coverage.append(a)
        spans[spans.count - 1].length &+= 1
    }

    /// The coverage of every pixel as a dictionary, for tests and debugging.
    package func coverageMap() -> [PixelKey: UInt8] {
        var map: [PixelKey: UInt8] = [:]
        for s in spans {
            for i in 0..<Int(s.length) {
                let a = s.isConstant ? s.alpha : coverage[Int(s.maskOffset) + i]
                if a > 0 { map[PixelKey(x: Int(s.x) + i, y: Int(s.y))] = a }
            }
        }
        return map
    }
}

package struct PixelKey: Hashable, Sendable {
    package var x: Int, y: Int
    package init(x: Int, y: Int) { self.x = x; self.y = y }
}
