import CanvasGeometry
import CanvasPaint

/// Damage between two frames: the rows where a new display list can draw
/// differently from the last one, so that a host drawing into the last frame's
/// pixels redraws only those (a clock redraws the rows its hands sweep, a frame
/// that draws what the last one drew redraws nothing).
///
/// Why it is exact: root items are compared at the same places in both lists. A
/// pixel outside the boxes of every item that differs (or that only one list has)
/// gets the same contributions, in the same order, onto the same pixels below, so
/// it comes out the same; inside those rows everything is drawn again through the
/// rows window the bands use, which is tested to give the same bytes as drawing
/// the whole frame. What this does not follow (different layers' contents, clips
/// or filters) gives `nil`: the whole frame is drawn.
extension Renderer {
    /// The rows of a `height`-row target that may differ between `old` and `new`,
    /// both drawn through `device` onto the same clear target; `nil` to draw it all.
    public func rowsChanged(from old: DisplayList, to new: DisplayList, device: Transform, height: Int) -> Range<Int>? {
        guard old.layers.count == new.layers.count, old.layers[0].colorMode == new.layers[0].colorMode,
              old.filters.isEmpty, new.filters.isEmpty, old.clips.count == new.clips.count else { return nil }
        for k in old.clips.indices where !Renderer.same(old.clips[k], new.clips[k]) { return nil }
        // Nested layers are drawn through the root items that composite them:
        // they must be the same throughout.
        for k in 1..<max(1, old.layers.count) {
            let a = old.layers[k], b = new.layers[k]
            guard a.colorMode == b.colorMode, a.items.count == b.items.count else { return nil }
            for i in a.items.indices where !Renderer.same(a.items[i], b.items[i]) { return nil }
        }
        var rows = RowSpan(height: height)
        func touch(_ item: UnsafePointer<DrawItem>) -> Bool {
            guard item.pointee.filter < 0, item.pointee.isShape else { return false }
            let t = item.pointee.transform.concatenating(device)
            guard t.isFinite else { return true }                  // draws nothing
            let box = deviceBounds(item.pointee.shape.geometry, item.pointee.shape.operation, t)
            guard box.isFinite else { return false }
            rows.add(box)
            return true
        }
        // The items are read through pointers: passing a display item by value copies
        // it through runtime value witnesses (a thousand instructions an item).
        return old.layers[0].items.withUnsafeBufferPointer { a in
            new.layers[0].items.withUnsafeBufferPointer { b in
                guard let pa = a.baseAddress ?? b.baseAddress, let pb = b.baseAddress ?? a.baseAddress else {
                    return rows.range
                }
                for i in 0..<max(a.count, b.count) {
                    if i < a.count, i < b.count, Renderer.same(pa + i, pb + i) { continue }
                    if i < a.count, !touch(pa + i) { return 0..<height }
                    if i < b.count, !touch(pb + i) { return 0..<height }
                }
                return rows.range
            }
        }
    }

    /// Whether two items draw the same: the same content, transform, paint (an
    /// image by identity), blend mode, opacity, clip and filter. (The plain fields
    /// first: most items that differ differ there, before their shapes are bound.)
    static func same(_ a: UnsafePointer<DrawItem>, _ b: UnsafePointer<DrawItem>) -> Bool {
        guard a.pointee.transform == b.pointee.transform, a.pointee.blendMode == b.pointee.blendMode,
              a.pointee.opacity == b.pointee.opacity || (a.pointee.opacity.isNaN && b.pointee.opacity.isNaN),
              a.pointee.clip == b.pointee.clip, a.pointee.filter == b.pointee.filter,
              same(a.pointee.paint, b.pointee.paint) else { return false }
        guard a.pointee.layer == b.pointee.layer else { return false }
        return !a.pointee.isShape || same(a.pointee.shape, b.pointee.shape)
    }

    /// Whether two items draw the same (see the pointer form).
    static func same(_ a: DrawItem, _ b: DrawItem) -> Bool {
        withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in same(pa, pb) } }
    }

    static func same(_ s: borrowing DrawItem.Shape, _ t: borrowing DrawItem.Shape) -> Bool {
        guard same(s.operation, t.operation) else { return false }
        if case .glyphs(let g) = s.geometry, case .glyphs(let h) = t.geometry { return g.drawsTheSame(as: h) }
        return s.geometry == t.geometry
    }

    static func same(_ a: DrawItem.Operation, _ b: DrawItem.Operation) -> Bool {
        switch (a, b) {
        case (.fill(let r, let x), .fill(let s, let y)): return r == s && x == y
        case (.stroke(let s, let x), .stroke(let t, let y)): return s == t && x == y
        default: return false
        }
    }

    static func same(_ a: Paint, _ b: Paint) -> Bool {
        switch (a, b) {
        case (.solid(let x), .solid(let y)): return x == y
        case (.gradient(let x), .gradient(let y)):
            // Recorded afresh each frame, equal gradients are new objects: compared by value.
            return x === y || (x.colors == y.colors && x.geometry == y.geometry && x.extend == y.extend
                               && x.transform == y.transform)
        case (.image(let x), .image(let y)): return x === y
        default: return false
        }
    }

    static func same(_ a: ClipNode, _ b: ClipNode) -> Bool {
        guard a.parent == b.parent, a.transform == b.transform, a.inverse == b.inverse else { return false }
        switch (a.shape, b.shape) {
        case (.path(let g, let r, let x), .path(let h, let s, let y)): return g == h && r == s && x == y
        case (.layer(let i, let o), .layer(let j, let p)): return i == j && o == p
        default: return false
        }
    }
}
