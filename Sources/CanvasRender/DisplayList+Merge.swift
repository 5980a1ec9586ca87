import CanvasGeometry

extension DisplayList {
    /// Appends what `other` records (a canvas symbol, recorded once in its own
    /// space) to `layer` of this list, mapped through `transform`, inside the clip
    /// node `clip` and the filter chain `filter`. `other`'s layers, clips and filters
    /// are copied with their indices renumbered; its root items keep their own blend
    /// modes and opacities (callers wanting the whole drawing blended or faded as
    /// one put it in a layer first).
    public mutating func merge(_ other: DisplayList, transform: Transform, into layer: Int32, clip: Int32,
                               filter: Int32) {
        let layerBase = Int32(layers.count) - 1          // other's layer k > 0 becomes layerBase + k
        let clipBase = Int32(clips.count)
        let filterBase = Int32(filters.count)
        // (An id naming no layer of `other` stays one naming none: `.max`, drawn as nothing.)
        func mapLayer(_ id: Int32) -> Int32 {
            id == 0 ? layer : id > 0 && Int(id) < other.layers.count ? layerBase + id : .max
        }
        func mapClip(_ id: Int32) -> Int32 { id < 0 ? clip : clipBase + id }
        func mapFilter(_ id: Int32) -> Int32 { id < 0 ? filter : filterBase + id }

        for var node in other.clips {
            node.parent = mapClip(node.parent)
            node.transform = node.transform.concatenating(transform)
            if case .layer(let id, let opacity) = node.shape { node.shape = .layer(mapLayer(id), opacity: opacity) }
            clips.append(node)
        }
        for link in other.links {
            links.append(Link(rect: link.rect.transformed(by: transform), url: link.url))
        }
        if other.hasAlphaRaisingFilter { hasAlphaRaisingFilter = true }
        for var node in other.filters {
            node.parent = mapFilter(node.parent)
            node.transform = node.transform.concatenating(transform)
            filters.append(node)
        }
        /// An item moved into this list's space, in place (a copy of an item retains
        /// what it holds: each item is copied once, into its new layer).
        func remap(_ item: inout DrawItem, nested: Bool) {
            item.transform = item.transform.concatenating(transform)
            // Items of nested layers are clipped and filtered by their layer's item.
            item.clip = nested && item.clip < 0 ? -1 : mapClip(item.clip)
            item.filter = nested && item.filter < 0 ? -1 : mapFilter(item.filter)
            if !item.isShape { item.layer = mapLayer(item.layer) }
        }
        for k in 1..<max(1, other.layers.count) {
            var copy = other.layers[k]
            for i in copy.items.indices { remap(&copy.items[i], nested: true) }
            layers.append(copy)
        }
        // The root's items (a canvas's labels merge into a host's list every frame).
        let root = Int(layer)
        other.layers[0].items.withUnsafeBufferPointer { items in
            for i in items.indices {
                var item = items[i]
                remap(&item, nested: false)
                layers[root].items.append(item)
            }
        }
    }
}
