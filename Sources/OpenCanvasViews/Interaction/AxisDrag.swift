import Foundation
import OpenCanvasDrawing

/// A drag that must start along one axis (a list row's swipe): it fails when
/// the pointer first moves along the other, so the scroll view around keeps
/// vertical drags.
struct AxisDragModifier: _PrimitiveViewModifier {
    let axis: Axis
    let changed: @MainActor (DragGesture.Value) -> Void
    let ended: @MainActor (DragGesture.Value) -> Void

    func _makeNode<Content: View>(content: Content, inputs: _ViewInputs) -> _ViewOutputs {
        let drag = Recognizer(kind: .drag(minimumDistance: 10), coordinateSpace: .local)
        drag.axis = axis
        let changed = self.changed, ended = self.ended
        drag.onChanged.append { value in if let v = value as? DragGesture.Value { changed(v) } }
        drag.onEnded.append { value in if let v = value as? DragGesture.Value { ended(v) } }
        return _ViewOutputs(GestureNode(child: OpenCanvasViews.makeNode(content, environment: inputs.environment),
                                        recognizer: drag, priority: .normal))
    }
}

extension View {
    func onDrag(along axis: Axis, changed: @escaping @MainActor (DragGesture.Value) -> Void,
                ended: @escaping @MainActor (DragGesture.Value) -> Void) -> some View {
        modifier(AxisDragModifier(axis: axis, changed: changed, ended: ended))
    }
}
