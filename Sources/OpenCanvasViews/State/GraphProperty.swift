import OpenCanvasDrawing

/// A property of a view that OpenCanvas connects to the view graph before asking
/// for the view's body (`@State`, `@Environment`).
@MainActor
protocol GraphProperty {
    func install(in graph: ViewGraph?, key: SlotKey, environment: EnvironmentValues)
}

/// Connects a view's graph properties (found by reflection, as SwiftUI does).
@MainActor
func installProperties<V: View>(of view: V, identity: String, environment: EnvironmentValues) {
    let mirror = Mirror(reflecting: view)
    for (index, child) in mirror.children.enumerated() {
        if let property = child.value as? any GraphProperty {
            property.install(in: ViewGraph.current, key: SlotKey(identity, child.label ?? "\(index)"),
                             environment: environment)
        }
    }
}
