import CPixelKernels

/// The compositing kernels: fast ones from `CPixelKernels` (AVX-512, AVX2 or SSE2,
/// chosen at run time) and a portable Swift reference that the tests hold them to.
public enum Kernels {
    public enum Level: Int, Sendable, CaseIterable {
        case portable = 0, sse2 = 1, avx2 = 2, avx512 = 3
    }

    /// The implementation in use on this thread.
    public static var level: Level { Level(rawValue: Int(oc_kernels_level().rawValue)) ?? .portable }

    /// Runs `body` with this thread's kernels at `level` (or the best below it that
    /// the CPU has; `body` gets the level it runs at), for tests and benchmarks that
    /// compare implementations. The level is scoped to the calling thread and to the
    /// call: other threads keep the process's level, so such tests may run at once.
    /// `body` must not hop threads (it is synchronous).
    public static func withLevel<R>(_ level: Level, _ body: (Level) throws -> R) rethrows -> R {
        let previous = oc_kernels_thread_level()          // -1: the process's level
        let got = oc_kernels_set_thread_level(oc_kernel_level(rawValue: UInt32(level.rawValue)))
        defer {
            if previous < 0 {
                oc_kernels_clear_thread_level()
            } else {
                oc_kernels_set_thread_level(oc_kernel_level(rawValue: UInt32(previous)))
            }
        }
        return try body(Level(rawValue: Int(got.rawValue)) ?? .portable)
    }

    @inlinable @inline(__always)
    public static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        oc_fill(dst, n, color)
    }

    @inlinable @inline(__always)
    public static func sourceOver(_ dst: UnsafeMutablePointer<UInt32>, _ n: Int, _ color: UInt32) {
        oc_srcover(dst, n, color)
    }

    @inlinable @inline(__always)
    public static func sourceOver(_ dst: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt8>,
                                   _ n: Int, _ color: UInt32) {
        oc_srcover_mask(dst, mask, n, color)
    }

    /// Source over of a row of source pixels through a mask (or a constant coverage
    /// `alpha` when `mask` is nil).
    @inlinable @inline(__always)
    public static func sourceOver(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>,
                                   mask: UnsafePointer<UInt8>?, alpha: UInt8, _ n: Int) {
        oc_srcover_row(dst, source, mask, UInt32(alpha), n)
    }

    /// `plusLighter` (saturating add) of a row of source pixels, coverage applied by
    /// interpolation.
    @inlinable @inline(__always)
    public static func plusLighter(_ dst: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>,
                                    mask: UnsafePointer<UInt8>?, alpha: UInt8, _ n: Int) {
        oc_plus_row(dst, source, mask, UInt32(alpha), n)
    }
}

/// Plain per-pixel definitions of the kernels, written for clarity.
public enum ReferenceKernels {
    public static func sourceOver(_ dst: UInt32, _ src: UInt32) -> UInt32 {
        let s = PremultipliedColor(packed: src), d = PremultipliedColor(packed: dst)
        let ia = 255 - UInt32(s.a)
        func ch(_ sv: UInt8, _ dv: UInt8) -> UInt8 { UInt8(UInt32(sv) + div255(UInt32(dv) * ia)) }
        return PremultipliedColor(r: ch(s.r, d.r), g: ch(s.g, d.g), b: ch(s.b, d.b), a: ch(s.a, d.a)).packed
    }

    public static func sourceOver(_ dst: UInt32, _ src: UInt32, coverage: UInt8) -> UInt32 {
        if coverage == 0 { return dst }
        return sourceOver(dst, PremultipliedColor(packed: src).scaled(by: coverage).packed)
    }

    /// `plusLighter`: the saturating sum, interpolated from the destination by
    /// coverage: `d + (min(255, s + d) − d)·c/255` per channel.
    public static func plusLighter(_ dst: UInt32, _ src: UInt32, coverage: UInt8) -> UInt32 {
        if coverage == 0 { return dst }
        let c = UInt32(coverage)
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let d = (dst >> UInt32(shift)) & 255, s = (src >> UInt32(shift)) & 255
            out |= div255(d * (255 - c) + min(255, s + d) * c) << UInt32(shift)
        }
        return out
    }
}
