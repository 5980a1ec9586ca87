import CTypeDiscovery
import OpenCanvasViews

extension PreviewRenderer {
    /// Every `PreviewProvider` type in the program, `#Preview`s included (each is a
    /// provider type the macro makes), found in the Swift runtime's conformance
    /// records: no list to keep up to date. Only those of `module` when it is
    /// given. `#Preview`s come first, by file and line; then providers by name.
    public static func allProviders(module: String? = nil) -> [any PreviewProvider.Type] {
        final class Found { var types: [Any.Type] = [] }
        let found = Found()
        withExtendedLifetime(found) {
            oc_each_type_conforming_to("OpenCanvasViews", "PreviewProvider", { metadata, context in
                guard let metadata, let context else { return }
                let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                found.types.append(unsafeBitCast(metadata, to: Any.Type.self))
            }, Unmanaged.passUnretained(found).toOpaque())
        }
        var macros: [(source: PreviewSource, type: any PreviewProvider.Type)] = []
        var providers: [(name: String, type: any PreviewProvider.Type)] = []
        var seen: Set<ObjectIdentifier> = []
        for type in found.types {
            guard let provider = type as? any PreviewProvider.Type, seen.insert(ObjectIdentifier(type)).inserted else {
                continue
            }
            if let source = previews(ofAny: provider).lazy.compactMap(\.traits.source).first {
                if module == nil || source.module == module { macros.append((source, provider)) }
            } else {
                let name = String(reflecting: provider)
                if module == nil || name.hasPrefix(module! + ".") { providers.append((name, provider)) }
            }
        }
        macros.sort { ($0.source.fileID, $0.source.line) < ($1.source.fileID, $1.source.line) }
        providers.sort { $0.name < $1.name }
        return macros.map(\.type) + providers.map(\.type)
    }
}
