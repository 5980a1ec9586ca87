import RenderTesting

/// A fuzzer's input as a `RandomNumberGenerator`, so the drawing streams the stress
/// test draws from a seed can be drawn from bytes instead.
///
/// Each `next()` takes one input byte and puts it in the top eight bits: a choice
/// among fewer than 256 cases (`Int.random(in: 0..<n, using:)` multiplies by `n`
/// and keeps the high word) is decided by that byte alone, so one mutated byte
/// changes one decision. The low bits come from a SplitMix stream keyed by the
/// input's length; without them a run of zero bytes would send the standard
/// library's rejection sampling round and round. Past the end of the input the
/// stream goes on alone: every input decodes to a finite call sequence. (The mixer
/// is the stress test's SplitMix64.)
public struct FuzzBytes: RandomNumberGenerator {
    private let bytes: [UInt8]
    private var index = 0
    private var mix: SplitMix64

    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        self.bytes = Array(bytes)
        mix = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: self.bytes.count &+ 1))
    }

    /// Whether every input byte has been used.
    public var isExhausted: Bool { index >= bytes.count }

    public mutating func next() -> UInt64 {
        let low = mix.next() >> 8
        guard index < bytes.count else { return mix.next() }
        let high = UInt64(bytes[index]) << 56
        index += 1
        return high | low
    }

    /// The next `count` input bytes as they are (fewer at the end of the input).
    public mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = index + min(max(count, 0), bytes.count - index)
        defer { index = end }
        return bytes[index..<end]
    }

    /// The rest of the input.
    public mutating func rest() -> ArraySlice<UInt8> { take(bytes.count - index) }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }
}
