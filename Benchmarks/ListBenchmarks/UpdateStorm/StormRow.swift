import ModelStorage

/// A row of the update storm as an app keeps it: a struct of eight values, replaced whole by
/// each update. Column 0 is the sort key; columns 1–7 each name their row, column and version,
/// so what a row shows says which version it is (`Benchmarks/Peers/peer_update_storm.h` makes
/// the same values).
struct StormRow: Identifiable, Hashable, Sendable, Diffable {
    static let columnCount = 8

    let id: Int
    let version: Int
    let key: Int
    let v1, v2, v3, v4, v5, v6, v7: Int

    init(id: Int, version: Int) {
        self.id = id
        self.version = version
        key = Self.key(id: id, version: version)
        v1 = Self.value(id: id, column: 1, version: version)
        v2 = Self.value(id: id, column: 2, version: version)
        v3 = Self.value(id: id, column: 3, version: version)
        v4 = Self.value(id: id, column: 4, version: version)
        v5 = Self.value(id: id, column: 5, version: version)
        v6 = Self.value(id: id, column: 6, version: version)
        v7 = Self.value(id: id, column: 7, version: version)
    }

    /// Column `column`'s value.
    subscript(column: Int) -> Int {
        switch column {
        case 0: key
        case 1: v1
        case 2: v2
        case 3: v3
        case 4: v4
        case 5: v5
        case 6: v6
        default: v7
        }
    }

    /// Row `id`'s sort key at `version`: a hash, so each update moves it elsewhere.
    static func key(id: Int, version: Int) -> Int {
        var x = UInt64(id) << 20 ^ UInt64(version)
        x = x &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 32
        return Int(x % 1_000_000)
    }

    /// Row `id`'s column `column` (1–7) at `version`: its version, row and column in one.
    static func value(id: Int, column: Int, version: Int) -> Int {
        (version * StormScenario.rows + id) * 10 + column
    }
}
