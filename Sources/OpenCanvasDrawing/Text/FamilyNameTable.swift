/// Custom font family names as small numbers, so that a `Font` holds plain values only
/// (see `Font.FamilyName`).
///
/// The table keeps every name it is given up to `capacity`; installed families number
/// in the thousands at most, so only made-up names (a fuzzer's, or a server's users')
/// go past it. A name past it is kept as the installed family fontconfig draws it with
/// (`installedFamily`), which draws exactly as the name would, so the table stays bounded
/// by `capacity` plus the installed families, and no name ever draws with another name's
/// font. Two such names then make equal fonts when they draw with the same family.
struct FamilyNameTable {
    let capacity: Int
    private var ids: [String: UInt32] = [:]
    private var names: [String] = []
    /// Names past `capacity`, by the id of their installed family: a cache of the
    /// families they were found to draw with (a fontconfig match each), emptied when
    /// full.
    private var lateNames: [String: UInt32] = [:]
    private static let lateNamesKept = 4096

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many names the table holds.
    var count: Int { names.count }

    /// The number of `name`, or `nil` when the table is full and the family `name`
    /// draws with must be found first (then `id(for:drawnWith:)`; the caller finds it
    /// without holding the table, whose lock every drawn label takes).
    mutating func id(for name: String) -> UInt32? {
        if let id = ids[name] { return id }
        if names.count < capacity { return add(name) }
        return lateNames[name]
    }

    /// The number of `name`, which draws with the installed family `family`.
    mutating func id(for name: String, drawnWith family: String) -> UInt32 {
        if let id = id(for: name) { return id }
        // Installed families are added past `capacity`: there are only so many.
        let id = ids[family] ?? add(family)
        if lateNames.count >= Self.lateNamesKept { lateNames.removeAll(keepingCapacity: true) }
        lateNames[name] = id
        return id
    }

    func name(of id: UInt32) -> String {
        Int(id) < names.count ? names[Int(id)] : ""
    }

    private mutating func add(_ name: String) -> UInt32 {
        let id = UInt32(names.count)
        names.append(name)
        ids[name] = id
        return id
    }
}
