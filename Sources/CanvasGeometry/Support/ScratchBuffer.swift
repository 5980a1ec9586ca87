/// A growable buffer of trivial values for the engine's hot loops: appends and
/// indexing compile to plain pointer operations (no uniqueness or exclusivity
/// checks, no bounds checks in release builds).
///
/// Reference semantics: copies of a `ScratchBuffer` share storage. It is meant to be
/// owned by one reusable object (a rasterizer, a renderer) and passed `inout`.
/// Only for types without references (`BitwiseCopyable`).
@frozen
public struct ScratchBuffer<Element: BitwiseCopyable> {
    @usableFromInline final class Storage {
        @usableFromInline var base: UnsafeMutablePointer<Element>
        @usableFromInline var capacity: Int

        @usableFromInline init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        @usableFromInline func grow(to minimum: Int, keeping count: Int) {
            let newCapacity = max(minimum, capacity * 2)
            let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            newBase.update(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }

    @usableFromInline let storage: Storage
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var capacity: Int
    public var count = 0

    public init(capacity: Int = 64) {
        storage = Storage(capacity: capacity)
        base = storage.base
        self.capacity = storage.capacity
    }

    @inlinable public var isEmpty: Bool { count == 0 }

    @inlinable
    public mutating func removeAll() { count = 0 }

    @inlinable @inline(__always)
    public mutating func append(_ v: Element) {
        if count == capacity { reserve(count + 1) }
        base[count] = v
        count &+= 1
    }

    @inlinable @inline(__always)
    public mutating func reserve(_ n: Int) {
        if n > capacity { grow(n) }
    }

    @usableFromInline @inline(never)
    mutating func grow(_ n: Int) {
        storage.grow(to: n, keeping: count)
        base = storage.base
        capacity = storage.capacity
    }

    /// Makes the buffer hold `n` elements (new ones uninitialized-trivial: callers
    /// must write them before reading).
    @inlinable
    public mutating func resize(_ n: Int) {
        reserve(n)
        count = n
    }

    @inlinable
    public subscript(i: Int) -> Element {
        @inline(__always) get {
            assert(i >= 0 && i < count)
            return base[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    @inlinable
    public mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Removes the element at `i` by moving the last one into its place.
    @inlinable
    public mutating func swapRemove(at i: Int) {
        count -= 1
        base[i] = base[count]
    }

    @inlinable public var pointer: UnsafeMutablePointer<Element> { base }

    public var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
