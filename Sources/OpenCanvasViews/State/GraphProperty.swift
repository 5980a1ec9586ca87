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
    // A view modifier's own state: its properties are the view's.
    if let hosting = view as? any ModifierHosting {
        installProperties(ofValue: hosting.hostedModifier, identity: identity + "/modifier", environment: environment)
        return
    }
    installProperties(ofValue: view, identity: identity, environment: environment)
}

@MainActor
private func installProperties(ofValue value: Any, identity: String, environment: EnvironmentValues) {
    let mirror = Mirror(reflecting: value)
    var identityHash: Int?     // made once for the view's properties, when it has any
    for (index, child) in mirror.children.enumerated() {
        if let property = child.value as? any GraphProperty {
            let hash = identityHash ?? identity.hashValue
            identityHash = hash
            property.install(in: ViewGraph.current, key: SlotKey(identity, identityHash: hash, child.label ?? "\(index)"),
                             environment: environment)
        }
    }
}
