import Foundation
import CAtspi
import OpenCanvasDrawing
import OpenCanvasViews

/// Where a window publishes its accessibility tree for Linux screen readers
/// (Orca), which read applications through AT-SPI over D-Bus.
public enum AccessibilityBus: Sendable, Equatable {
    /// The desktop's: `AT_SPI_BUS_ADDRESS` if set, else the accessibility bus the
    /// session bus (`DBUS_SESSION_BUS_ADDRESS`) names. Off when `NO_AT_BRIDGE=1`
    /// (GTK's switch) or there is no session bus.
    case automatic
    /// Nothing is published.
    case off
    /// The accessibility bus of the session bus at this address (a test's private one).
    case session(address: String)
}

/// Publishes a window's accessibility elements as AT-SPI objects: an application
/// (named after the program), its frame (the window, named by its title), and
/// under it one object per element in reading order, containers holding their
/// children. After each frame the new tree is compared with the one clients saw
/// and the differences go out as the events screen readers listen for; what
/// clients ask for (actions, values, focus) comes back as requests for the
/// window to carry out on the main actor. The protocol is spoken by `CAtspi`.
@MainActor
final class AtspiBridge {
    nonisolated(unsafe) private let connection: OpaquePointer
    /// Object ids by element identity: the same view keeps its id across frames.
    private var ids: [String: UInt32] = [:]
    private var identities: [UInt32: String] = [:]
    private var nextID: UInt32 = 2
    /// What clients saw last, by id.
    private var published: [UInt32: Published] = [:]
    private var announcedWindow = false

    struct Published: Equatable {
        var parent: UInt32
        var index: Int
        var role: UInt32
        var name: String
        var description: String
        var states: (UInt32, UInt32)
        var rect: (Int32, Int32, Int32, Int32)
        var value: Double?
        var valueText: String
        var actions: [String]

        static func == (a: Published, b: Published) -> Bool {
            a.parent == b.parent && a.index == b.index && a.role == b.role && a.name == b.name && a.description == b.description
                && a.states == b.states && a.rect == b.rect && a.value == b.value && a.valueText == b.valueText && a.actions == b.actions
        }
    }

    /// Connects and registers with the AT-SPI registry; `nil` when there is
    /// nothing to reach (`reason` says why).
    init?(bus: AccessibilityBus, applicationName: String) {
        let address: String?
        switch bus {
        case .off: return nil
        case .automatic:
            if ProcessInfo.processInfo.environment["NO_AT_BRIDGE"] == "1" { return nil }
            let env = ProcessInfo.processInfo.environment
            guard env["AT_SPI_BUS_ADDRESS"].map({ !$0.isEmpty }) == true || env["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true
            else { return nil }
            address = nil
        case .session(let a):
            address = a
        }
        var error = [CChar](repeating: 0, count: 512)
        let opened: OpaquePointer? = applicationName.withCString { name in
            if let address { return address.withCString { oc_atspi_open($0, name, &error, 512) } }
            return oc_atspi_open(nil, name, &error, 512)
        }
        guard let opened else {
            Self.lastFailure = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        connection = opened
    }

    /// Why the last bridge could not connect (tests, diagnostics).
    static var lastFailure = ""

    deinit { oc_atspi_close(connection) }

    var isConnected: Bool { oc_atspi_is_connected(connection) != 0 }

    /// Client calls answered so far.
    var callsAnswered: Int { Int(oc_atspi_calls_answered(connection)) }

    /// The descriptors to wait on.
    func pollDescriptors() -> [pollfd] {
        var fds = [pollfd](repeating: pollfd(), count: 8)
        let n = oc_atspi_poll_fds(connection, &fds, 8)
        return Array(fds.prefix(Int(max(0, n))))
    }

    /// Answers the calls that have arrived (`fds`: descriptors that are ready).
    func dispatch(_ fds: [pollfd] = []) {
        var fds = fds
        oc_atspi_dispatch(connection, &fds, Int32(fds.count))
    }

    /// A request a client made, by element identity.
    enum Request {
        case action(identity: String, index: Int)
        case setValue(identity: String, value: Double)
        case grabFocus(identity: String)
    }

    /// Whether requests wait to be carried out.
    var hasPendingRequests: Bool { oc_atspi_pending_requests(connection) > 0 }

    /// The oldest requests clients made, at most `limit` (the rest wait for the
    /// next call, so that calls go on being answered between them), oldest first.
    func takeRequests(limit: Int = 4) -> [Request] {
        var result: [Request] = []
        var r = oc_atspi_request()
        while result.count < limit, oc_atspi_next_request(connection, &r) != 0 {
            guard let identity = identities[r.id] else { continue }
            switch r.kind {
            case Int32(OC_ATSPI_REQUEST_ACTION.rawValue): result.append(.action(identity: identity, index: Int(r.index)))
            case Int32(OC_ATSPI_REQUEST_SET_VALUE.rawValue) where r.value.isFinite: result.append(.setValue(identity: identity, value: r.value))
            case Int32(OC_ATSPI_REQUEST_GRAB_FOCUS.rawValue): result.append(.grabFocus(identity: identity))
            default: break
            }
        }
        return result
    }

    // MARK: Publishing

    /// One object as it goes to the C side, strings still Swift's.
    private struct Row {
        var id: UInt32
        var published: Published
        var roleName: String
        var attributes: String
        var hasValue: Bool
        var minimum = 0.0, maximum = 0.0, increment = 0.0
    }

    /// Publishes the tree of the frame just laid out: `elements` in points,
    /// `scale` pixels per point, the window `pixelSize` at `origin` on the screen;
    /// `actionNames` lists an element's actions. Sends the events for what changed.
    func publish(_ elements: [AccessibilityElement], title: String, pixelSize: (Int32, Int32), scale: CGFloat,
                 origin: (Int32, Int32), actionNames: (AccessibilityElement) -> [String]) {
        var rows: [Row] = []
        var frameStates = (UInt32(0), UInt32(0))
        for s in [AtspiState.active, .enabled, .sensitive, .showing, .visible, .resizable] { set(s, in: &frameStates) }
        rows.append(Row(id: 1, published: Published(parent: 0, index: 0, role: AtspiRole.frame.rawValue, name: title, description: "",
                                                    states: frameStates, rect: (0, 0, pixelSize.0, pixelSize.1), value: nil,
                                                    valueText: "", actions: []),
                        roleName: AtspiRole.frame.name, attributes: "", hasValue: false))
        var seen = Set<UInt32>()
        func add(_ list: [AccessibilityElement], parent: UInt32, depth: Int) {
            guard depth < 256 else { return }
            var index = 0
            for e in list {
                let id = objectID(for: e.identity)
                // Two elements with one identity (should not happen): the second is skipped.
                guard seen.insert(id).inserted else { continue }
                rows.append(row(for: e, id: id, parent: parent, index: index, scale: scale, actions: actionNames(e)))
                index += 1
                add(e.children, parent: id, depth: depth + 1)
            }
        }
        add(elements, parent: 1, depth: 0)
        handOver(rows, origin: origin)
        emitChanges(rows)
    }

    private func objectID(for identity: String) -> UInt32 {
        if let id = ids[identity] { return id }
        let id = nextID
        // 2³² objects would take years of churn; wrap past the frame's id if it ever happens.
        nextID = nextID == UInt32.max ? 2 : nextID + 1
        ids[identity] = id
        identities[id] = identity
        return id
    }

    private func row(for e: AccessibilityElement, id: UInt32, parent: UInt32, index: Int, scale: CGFloat, actions: [String]) -> Row {
        let role = AtspiRole.of(e)
        var states = (UInt32(0), UInt32(0))
        for s in [AtspiState.showing, .visible] { set(s, in: &states) }
        if e.isEnabled { set(.enabled, in: &states); set(.sensitive, in: &states) }
        if e.focusIdentity != nil { set(.focusable, in: &states) }
        if e.isFocused { set(.focused, in: &states) }
        if e.traits.contains(.isSelected) { set(.selected, in: &states) }
        if let checked = e.isChecked {
            set(.checkable, in: &states)
            if checked { set(.checked, in: &states) }
        }
        if e.traits.contains(.isModal) { set(.modal, in: &states) }
        if e.traits.contains(.isStaticText) || e.traits.contains(.isImage) { set(.readOnly, in: &states) }
        if e.numericValue != nil { set(.horizontal, in: &states) }
        // The name is what a screen reader reads first. A value that has no
        // other place (not a slider's number, not a toggle's state) is read with it.
        var name = e.label
        if let value = e.value, !value.isEmpty, e.numericValue == nil, e.isChecked == nil {
            name = name.isEmpty ? value : name + ", " + value
        }
        let rect = pixelRect(e.frame, scale: scale)
        var r = Row(id: id, published: Published(parent: parent, index: index, role: role.rawValue, name: name,
                                                 description: e.hint ?? "", states: states, rect: rect,
                                                 value: e.numericValue?.current, valueText: e.value ?? "", actions: actions),
                    roleName: role.name, attributes: e.traits.contains(.isHeader) ? "level:1\n" : "", hasValue: e.numericValue != nil)
        if let n = e.numericValue {
            r.minimum = n.range.lowerBound
            r.maximum = n.range.upperBound
            r.increment = n.step > 0 ? n.step : (n.range.upperBound - n.range.lowerBound) / 100
        }
        return r
    }

    /// Points to whole window pixels, rounded outwards; huge or non-finite values clamped.
    private func pixelRect(_ r: CGRect, scale: CGFloat) -> (Int32, Int32, Int32, Int32) {
        func px(_ v: CGFloat, up: Bool) -> Int32 {
            let p = up ? (v * scale).rounded(.up) : (v * scale).rounded(.down)
            return p.isFinite ? Int32(Swift.min(Swift.max(p, -1_000_000), 1_000_000)) : 0
        }
        guard !r.isNull, !r.isInfinite else { return (0, 0, 0, 0) }
        let x0 = px(r.minX, up: false), y0 = px(r.minY, up: false), x1 = px(r.maxX, up: true), y1 = px(r.maxY, up: true)
        return (x0, y0, Swift.max(0, x1 - x0), Swift.max(0, y1 - y0))
    }

    private func set(_ state: AtspiState, in words: inout (UInt32, UInt32)) {
        let bit = UInt32(1) << (state.rawValue % 32)
        if state.rawValue < 32 { words.0 |= bit } else { words.1 |= bit }
    }

    /// Copies the rows into C strings for the one call that hands them over.
    private func handOver(_ rows: [Row], origin: (Int32, Int32)) {
        // One buffer holds every string; the nodes point into it.
        var strings: [CChar] = []
        var offsets: [(Int, Int, Int, Int, Int, Int)] = []
        func append(_ s: String) -> Int {
            let start = strings.count
            // A label past 64 KiB is cut there (at a character): a message over the
            // bus's limit would cost the connection.
            var s = s
            if s.utf8.count > 65_536 {
                var end = s.utf8.index(s.utf8.startIndex, offsetBy: 65_536)
                // Back to the start of a scalar (not a UTF-8 continuation byte).
                while end > s.utf8.startIndex, s.utf8[end] & 0xC0 == 0x80 { end = s.utf8.index(before: end) }
                s = String(decoding: s.utf8[..<end], as: UTF8.self)
            }
            // A NUL inside a label would end the C string there: it becomes a space.
            strings.append(contentsOf: s.utf8.map { $0 == 0 ? CChar(32) : CChar(bitPattern: $0) })
            strings.append(0)
            return start
        }
        for r in rows {
            offsets.append((append(r.published.name), append(r.published.description), append(r.roleName),
                            append(r.published.actions.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()),
                            append(r.attributes), append(r.published.valueText)))
        }
        strings.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var nodes: [oc_atspi_node] = []
            nodes.reserveCapacity(rows.count)
            for (r, o) in zip(rows, offsets) {
                let p = r.published
                nodes.append(oc_atspi_node(id: r.id, parent: p.parent, role: p.role, states: p.states,
                                           x: p.rect.0, y: p.rect.1, width: p.rect.2, height: p.rect.3,
                                           name: base + o.0, description: base + o.1, role_name: base + o.2, actions: base + o.3,
                                           attributes: base + o.4, has_value: r.hasValue ? 1 : 0, value: p.value ?? 0,
                                           minimum: r.minimum, maximum: r.maximum, increment: r.increment, value_text: base + o.5))
            }
            oc_atspi_set_tree(connection, nodes, Int32(nodes.count), origin.0, origin.1)
        }
    }

    // MARK: Events

    private func emit(_ source: UInt32, _ family: String, _ member: String, _ detail: String = "", _ d1: Int32 = 0,
                      payload: oc_atspi_payload = OC_ATSPI_PAYLOAD_NONE, child: UInt32 = 0, text: String = "") {
        oc_atspi_emit(connection, source, family, member, detail, d1, 0, Int32(payload.rawValue), child, text)
    }

    private static let reportedStates: [(AtspiState, String)] = [
        (.focused, "focused"), (.checked, "checked"), (.selected, "selected"), (.enabled, "enabled"),
        (.sensitive, "sensitive"), (.showing, "showing"), (.visible, "visible"), (.focusable, "focusable"),
    ]

    private func emitChanges(_ rows: [Row]) {
        var now: [UInt32: Published] = [:]
        for r in rows { now[r.id] = r.published }
        // Gone: defunct, then removed from the parent (in the order clients saw them).
        let gone = published.filter { now[$0.key] == nil }.sorted { $0.value.index > $1.value.index }
        for (id, old) in gone {
            emit(id, "Object", "StateChanged", "defunct", 1)
            emit(old.parent, "Object", "ChildrenChanged", "remove", Int32(clamping: old.index), payload: OC_ATSPI_PAYLOAD_CHILD, child: id)
            ids.removeValue(forKey: identities[id] ?? "")
            identities.removeValue(forKey: id)
        }
        var focused: UInt32?
        for r in rows {
            let new = r.published
            guard let old = published[r.id] else {
                if r.id != 1 || !announcedWindow {
                    emit(new.parent, "Object", "ChildrenChanged", "add", Int32(clamping: new.index), payload: OC_ATSPI_PAYLOAD_CHILD, child: r.id)
                }
                if state(.focused, in: new.states) { focused = r.id }
                continue
            }
            if old.parent != new.parent {
                emit(old.parent, "Object", "ChildrenChanged", "remove", Int32(clamping: old.index), payload: OC_ATSPI_PAYLOAD_CHILD, child: r.id)
                emit(new.parent, "Object", "ChildrenChanged", "add", Int32(clamping: new.index), payload: OC_ATSPI_PAYLOAD_CHILD, child: r.id)
            }
            if old.name != new.name {
                emit(r.id, "Object", "PropertyChange", "accessible-name", payload: OC_ATSPI_PAYLOAD_STRING, text: new.name)
            }
            if old.description != new.description {
                emit(r.id, "Object", "PropertyChange", "accessible-description", payload: OC_ATSPI_PAYLOAD_STRING, text: new.description)
            }
            if old.role != new.role { emit(r.id, "Object", "PropertyChange", "accessible-role") }
            if old.value != new.value || old.valueText != new.valueText { emit(r.id, "Object", "PropertyChange", "accessible-value") }
            for (s, name) in Self.reportedStates where state(s, in: old.states) != state(s, in: new.states) {
                emit(r.id, "Object", "StateChanged", name, state(s, in: new.states) ? 1 : 0)
            }
            if old.rect != new.rect { emit(r.id, "Object", "BoundsChanged", payload: OC_ATSPI_PAYLOAD_BOUNDS) }
            if state(.focused, in: new.states), !state(.focused, in: old.states) { focused = r.id }
        }
        if let focused { emit(focused, "Focus", "Focus") }
        if !announcedWindow {
            announcedWindow = true
            emit(1, "Window", "Create", payload: OC_ATSPI_PAYLOAD_STRING, text: rows[0].published.name)
            emit(1, "Window", "Activate", payload: OC_ATSPI_PAYLOAD_STRING, text: rows[0].published.name)
        }
        published = now
        dispatch()
    }

    private func state(_ s: AtspiState, in words: (UInt32, UInt32)) -> Bool {
        let bit = UInt32(1) << (s.rawValue % 32)
        return (s.rawValue < 32 ? words.0 : words.1) & bit != 0
    }
}

/// AT-SPI roles (`AtspiRole` in at-spi2-core's atspi-constants.h) and their names.
enum AtspiRole: UInt32 {
    case checkBox = 7, frame = 23, image = 27, label = 29, link = 88, panel = 39, passwordText = 40
    case pushButton = 43, slider = 51, toggleButton = 62, heading = 83, entry = 79

    var name: String {
        switch self {
        case .checkBox: return "check box"
        case .frame: return "frame"
        case .image: return "image"
        case .label: return "label"
        case .link: return "link"
        case .panel: return "panel"
        case .passwordText: return "password text"
        case .pushButton: return "push button"
        case .slider: return "slider"
        case .toggleButton: return "toggle button"
        case .heading: return "heading"
        case .entry: return "entry"
        }
    }

    /// The role of an element, from its traits (the strongest first): a slider for
    /// adjustable values, toggles and buttons, links, headings, text fields,
    /// images, text; a container that groups children is a panel, and anything
    /// else (a labelled canvas) reads as a label.
    static func of(_ e: AccessibilityElement) -> AtspiRole {
        let t = e.traits
        if t.contains(.adjustable) { return .slider }
        if t.contains(.isToggle) { return e.value == "checked" || e.value == "unchecked" ? .checkBox : .toggleButton }
        if t.contains(.isLink) { return .link }
        if t.contains(.isButton) { return .pushButton }
        if t.contains(.isHeader) { return .heading }
        if t.contains(.secureTextField) { return .passwordText }
        if t.contains(.textField) || t.contains(.isSearchField) { return .entry }
        if t.contains(.isImage) { return .image }
        if e.isContainer { return .panel }
        return .label
    }
}

/// AT-SPI states (`AtspiStateType`): state n is bit n % 32 of word n / 32.
enum AtspiState: UInt32 {
    case active = 1, checked = 4, enabled = 8, focusable = 11, focused = 12, horizontal = 14, modal = 16
    case resizable = 21, selected = 23, sensitive = 24, showing = 25, visible = 30, checkable = 41, readOnly = 43
}
