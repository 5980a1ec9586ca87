/// Storage for the scan converters' cells, bit sets and row ranges, kept from fill to
/// fill: allocated zeroed, grown by doubling (zeroed again; the contents need not
/// survive, since a sweep clears what it reads before the next fill).
enum ZeroedStorage {
    static func allocate<T: BitwiseCopyable & ExpressibleByIntegerLiteral>(_ n: Int) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: n)
        p.initialize(repeating: 0, count: n)
        return p
    }

    /// Makes `storage` (of `capacity` elements) hold at least `n`.
    @inline(__always)
    static func ensure<T: BitwiseCopyable & ExpressibleByIntegerLiteral>(_ storage: inout UnsafeMutablePointer<T>,
                                                                         capacity: inout Int, _ n: Int) {
        if n > capacity { grow(&storage, capacity: &capacity, n) }
    }

    @inline(never)
    static func grow<T: BitwiseCopyable & ExpressibleByIntegerLiteral>(_ storage: inout UnsafeMutablePointer<T>,
                                                                       capacity: inout Int, _ n: Int) {
        storage.deallocate()
        capacity = max(n, capacity * 2)
        storage = allocate(capacity)
    }
}
