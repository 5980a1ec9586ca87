import Foundation

/// What a point finds in a laid-out tree.
enum HitResult {
    /// A gesture took the event.
    case handled
    /// Something drawn is there (it hides what is behind it), but no gesture took it.
    case hit
    case miss
}

/// Delivers a tap at `point` (root coordinates) through the tree, front to back
/// and innermost first, as SwiftUI does: the frontmost view under the point wins,
/// a gesture of an inner view before its ancestors', and views drawn in front
/// hide those behind from the point.
@MainActor
func deliverTap(_ node: ViewNode, _ point: CGPoint, count: Int) -> HitResult {
    if !node.allowsHits { return .miss }
    var result = HitResult.miss
    for child in node.subnodes.reversed() {
        switch deliverTap(child, point, count: count) {
        case .handled: return .handled
        case .hit: result = .hit
        case .miss: continue
        }
        break
    }
    if result == .miss, node.coversItself, node.covers(point) { result = .hit }
    if result == .hit, let gesture = node as? TapGestureNode, gesture.accepts(count: count) {
        gesture.fire(at: point)
        return .handled
    }
    return result
}
