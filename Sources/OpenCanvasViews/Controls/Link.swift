import Foundation
import OpenCanvasDrawing

/// What opening a URL does: the environment's `openURL` action, which `Link`
/// calls and views may call themselves (`openURL(url)`).
///
/// A window host opens URLs with the desktop's handler (`xdg-open`); a headless
/// host has none and discards them. Replace it with
/// `.environment(\.openURL, OpenURLAction { url in … })` to see them (in tests)
/// or to handle them in the app.
public struct OpenURLAction: Sendable {
    /// What a handler did with a URL.
    public struct Result: Sendable, Equatable {
        let kind: Int
        /// For a system action, the URL to open instead of the one given.
        let replacement: URL?
        /// The handler opened it.
        public static let handled = Result(kind: 0, replacement: nil)
        /// The handler could not open it, and nothing else will.
        public static let discarded = Result(kind: 1, replacement: nil)
        /// The handler passes it on to the system's handler.
        public static let systemAction = Result(kind: 2, replacement: nil)
        /// The handler passes another URL on to the system's handler.
        public static func systemAction(_ url: URL) -> Result { Result(kind: 2, replacement: url) }

        /// Whether two results are the same kind (a system action's URL aside).
        public static func == (a: Result, b: Result) -> Bool { a.kind == b.kind }
    }

    let handler: @Sendable (URL) -> Result

    /// An action that calls `handler` for each URL.
    public init(handler: @escaping @Sendable (URL) -> Result) { self.handler = handler }

    /// Opens `url`.
    public func callAsFunction(_ url: URL) {
        let result = handler(url)
        if result == .systemAction { OpenURLAction.system(result.replacement ?? url) }
    }

    /// Opens `url` and says whether it was opened.
    public func callAsFunction(_ url: URL, completion: @escaping (Bool) -> Void) {
        let result = handler(url)
        if result == .systemAction {
            completion(OpenURLAction.system(result.replacement ?? url))
        } else {
            completion(result == .handled)
        }
    }

    /// The desktop's handler: `xdg-open`, when there is a display to open on;
    /// whether it was started.
    @discardableResult
    static func system(_ url: URL) -> Bool {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = [url.absoluteString]
        return (try? process.run()) != nil
    }

    /// The default: the desktop's handler where there is a display (a window),
    /// discarded otherwise (a headless host).
    static let standard = OpenURLAction { _ in .systemAction }
}

private struct OpenURLKey: EnvironmentKey {
    static var defaultValue: OpenURLAction { .standard }
}

extension EnvironmentValues {
    /// What opening a URL does (see `OpenURLAction`).
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
}

/// A control that opens a URL: its label in the tint, a tap calls the
/// environment's `openURL`. A screen reader hears "<label>, Link".
public struct Link<Label: View>: View {
    let destination: URL
    let label: Label
    @Environment(\.openURL) private var openURL
    @Environment(\.tint) private var tint

    /// A link to `destination` showing the view `label` builds.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    /// The tinted label, taking taps.
    public var body: some View {
        let open = openURL, url = destination
        return label
            .foregroundColor(tint ?? .accentColor)
            .contentShape(Rectangle())
            .onTapGesture { open(url) }
            .keyboardPressable(isEnabled: true) { open(url) }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isLink)
    }
}

extension Link where Label == Text {
    /// A link with a localized title.
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
