import CanvasGeometry
import CanvasRaster
import CanvasPaint

extension Renderer {
    /// The clip of node `id` in the pass's pixels (computed once per pass).
    func clipRegion(_ id: Int32, _ list: DisplayList, _ pass: Pass) -> ClipRegion {
        if id < 0 || Int(id) >= list.clips.count { return .rect(pass.bounds) }
        if id == pass.lastClipID { return pass.lastClip }
        let region: ClipRegion
        if let cached = pass.clipCache[id] {
            region = cached
        } else {
            let node = list.clips[Int(id)]
            let parent = clipRegion(node.parent, list, pass)
            region = makeClip(node, within: parent, list, pass)
            pass.clipCache[id] = region
        }
        pass.lastClipID = id
        pass.lastClip = region
        return region
    }

    private static let nothing = ClipRegion.rect(PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))

    /// A clip node's rectangle in device pixels when it is one that lands on whole
    /// pixels (not inverse, under a finite scale-and-translate): such a clip needs no
    /// mask, and cuts coverage at whole pixels only.
    static func wholePixelRect(_ node: ClipNode, device: Transform) -> Rect? {
        let t = node.transform.concatenating(device)
        guard !node.inverse, case .path(.rect(let r), _, _) = node.shape, t.isFinite, t.isScaleTranslate else { return nil }
        let d = r.transformed(by: t)
        guard d.isFinite, d.minX == d.minX.rounded(), d.minY == d.minY.rounded(),
              d.maxX == d.maxX.rounded(), d.maxY == d.maxY.rounded() else { return nil }
        return d
    }

    private func makeClip(_ node: ClipNode, within parent: ClipRegion, _ list: DisplayList, _ pass: Pass) -> ClipRegion {
        let bounds = parent.bounds
        guard !bounds.isEmpty else { return Renderer.nothing }
        let shape: CoverageMask
        switch node.shape {
        case .layer(let id, let opacity):
            shape = layerMask(id, opacity: opacity, list, pass, bounds: bounds)
        case .path(let geometry, let rule, let aa):
            let t = node.transform.concatenating(pass.device)
            guard t.isFinite else { return Renderer.nothing }
            // A rectangle that lands on whole pixels needs no mask.
            if let d = Renderer.wholePixelRect(node, device: pass.device) {
                let pixels = PixelRect(covering: d, within: bounds)
                switch parent {
                case .rect: return .rect(pixels)
                case .mask(let m): return .mask(m.intersected(with: pixels))
                }
            }
            var clipSpans = SpanBuffer()
            rasterize(geometry, t, rule: rule, antialiased: aa, clip: bounds, into: &clipSpans)
            if node.inverse {
                shape = CoverageMask(spans: clipSpans, bounds: bounds)
            } else {
                // The mask only needs to cover what the clip shape covers.
                guard let area = Renderer.extent(of: clipSpans) else { return Renderer.nothing }
                shape = CoverageMask(spans: clipSpans, bounds: area)
            }
        }
        let mask = node.inverse ? shape.inverted() : shape
        switch parent {
        case .rect(let r): return .mask(mask.bounds == r ? mask : mask.intersected(with: r))
        case .mask(let m): return .mask(mask.intersected(with: m))
        }
    }

    /// The rectangle the spans touch, or `nil` if there are none.
    static func extent(of spans: SpanBuffer) -> PixelRect? {
        var used: PixelRect? = nil
        for k in 0..<spans.spans.count {
            let s = spans.spans[k]
            let r = PixelRect(x0: Int(s.x), y0: Int(s.y), x1: Int(s.x) + Int(s.length), y1: Int(s.y) + 1)
            if let u = used {
                used = PixelRect(x0: min(u.x0, r.x0), y0: min(u.y0, r.y0), x1: max(u.x1, r.x1), y1: max(u.y1, r.y1))
            } else {
                used = r
            }
        }
        return used
    }

    /// The alpha of what layer `id` draws over `bounds`, times `opacity`
    /// (`clipToLayer`). A layer that cannot be drawn clips everything away.
    private func layerMask(_ id: Int32, opacity: Double, _ list: DisplayList, _ pass: Pass,
                           bounds: PixelRect) -> CoverageMask {
        var mask = CoverageMask(empty: bounds)
        guard let layer = renderLayerContent(id, list, pass, bounds: bounds, ungroupedItem: nil) else { return mask }
        defer { release(layer) }
        let k = min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        let w = bounds.width
        mask.withBytes { bytes in
            switch layer {
            case .rgba8(let p):
                for y in 0..<bounds.height {
                    let row = p.row(y)
                    for x in 0..<w { bytes[y * w + x] = UInt8(Double(row[x] >> 24) * k + 0.5) }
                }
            case .float(let p, _):
                for y in 0..<bounds.height {
                    let row = p.row(y)
                    for x in 0..<w {
                        let a = row[x].w
                        bytes[y * w + x] = UInt8((a > 0 ? min(Double(a), 1) : 0) * k * 255 + 0.5)
                    }
                }
            }
        }
        return mask
    }
}
