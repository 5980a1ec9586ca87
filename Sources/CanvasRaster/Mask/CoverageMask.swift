import CanvasGeometry

/// An 8-bit coverage mask over a rectangle of pixels: the rasterized form of a clip
/// path. Pixels outside `bounds` have coverage 0.
public struct CoverageMask: Sendable {
    public let bounds: PixelRect
    public private(set) var bytes: [UInt8]

    /// A mask holding the coverage of `spans`, restricted to `bounds`.
    public init(spans: SpanBuffer, bounds: PixelRect) {
        self.bounds = bounds
        bytes = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        let w = bounds.width
        bytes.withUnsafeMutableBufferPointer { dst in
            for k in 0..<spans.spans.count {
                let s = spans.spans[k]
                let y = Int(s.y)
                guard y >= bounds.y0, y < bounds.y1 else { continue }
                let xa = max(Int(s.x), bounds.x0), xb = min(Int(s.x) + Int(s.length), bounds.x1)
                guard xb > xa else { continue }
                let row = (y - bounds.y0) * w
                for x in xa..<xb {
                    dst[row + x - bounds.x0] = spans.coverage(of: s, at: x - Int(s.x))
                }
            }
        }
    }

    @inlinable
    public func value(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.x0, x < bounds.x1, y >= bounds.y0, y < bounds.y1 else { return 0 }
        return bytes[(y - bounds.y0) * bounds.width + (x - bounds.x0)]
    }

    /// The product of two masks (the intersection of two soft clips).
    public func intersected(with other: CoverageMask) -> CoverageMask {
        let b = bounds.intersection(other.bounds)
        var result = CoverageMask(empty: b)
        let w = b.width
        for y in b.y0..<b.y1 {
            for x in b.x0..<b.x1 {
                let p = UInt32(value(x: x, y: y)) * UInt32(other.value(x: x, y: y))
                result.bytes[(y - b.y0) * w + (x - b.x0)] = UInt8((p + 127) / 255)
            }
        }
        return result
    }

    /// The product of this mask with a rectangle of full coverage.
    public func intersected(with rect: PixelRect) -> CoverageMask {
        let b = bounds.intersection(rect)
        var result = CoverageMask(empty: b)
        for y in b.y0..<b.y1 {
            for x in b.x0..<b.x1 {
                result.bytes[(y - b.y0) * b.width + (x - b.x0)] = value(x: x, y: y)
            }
        }
        return result
    }

    /// The complement: coverage 255 − c everywhere in `bounds`.
    public func inverted() -> CoverageMask {
        var m = self
        for i in m.bytes.indices { m.bytes[i] = 255 - m.bytes[i] }
        return m
    }

    /// Gives direct access to the coverage bytes, row after row.
    public mutating func withBytes(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeMutableBufferPointer { body($0) }
    }

    public init(empty bounds: PixelRect) {
        self.bounds = bounds
        bytes = [UInt8](repeating: 0, count: max(0, bounds.width) * max(0, bounds.height))
    }

    /// Multiplies each span's coverage by the mask, writing the result to `out`.
    public func apply(to spans: SpanBuffer, into out: inout SpanBuffer) {
        bytes.withUnsafeBufferPointer { m in
            for k in 0..<spans.spans.count {
                let s = spans.spans[k]
                let y = Int(s.y)
                guard y >= bounds.y0, y < bounds.y1 else { continue }
                let xa = max(Int(s.x), bounds.x0), xb = min(Int(s.x) + Int(s.length), bounds.x1)
                guard xb > xa else { continue }
                let row = (y - bounds.y0) * bounds.width - bounds.x0
                out.beginMask(x: xa, y: y)
                for x in xa..<xb {
                    let a = spans.coverage(of: s, at: x - Int(s.x))
                    let p = UInt32(a) * UInt32(m[row + x])
                    out.appendCoverage(UInt8((p + 127) / 255))
                }
            }
        }
    }
}
