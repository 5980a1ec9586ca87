import Foundation

// The collection methods SwiftUI adds for `onDelete` and `onMove` actions.

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (offsets past the end are ignored).
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() where offset >= 0 && offset < count {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection {
    /// Moves the elements at `source` so that they come before the element now
    /// at `destination` (the end when it is `count`), keeping their order.
    /// Offsets out of range are ignored; a destination past the end is the end.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let n = count
        let moving = source.filter { $0 >= 0 && $0 < n }
        guard !moving.isEmpty else { return }
        let target = Swift.max(0, Swift.min(n, destination))
        let elements = Array(self)
        let moved = moving.map { elements[$0] }
        var rest: [Element] = []
        rest.reserveCapacity(n)
        var insertAt = 0
        for (i, e) in elements.enumerated() where !moving.contains(i) {
            if i < target { insertAt += 1 }
            rest.append(e)
        }
        rest.insert(contentsOf: moved, at: insertAt)
        for (i, e) in zip(indices, rest) { self[i] = e }
    }
}
