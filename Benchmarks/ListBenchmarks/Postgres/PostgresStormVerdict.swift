#if PostgreSQL
    /// What checking one storm list against the table found, kept in a result line's numbers
    /// (`storm_<list>_…`) and read back from them for the report.
    ///
    /// A place is the top of the list as the storm left it, or a jump: the storage's rows kept
    /// there (its whole run) and the rows GTK shows, each compared with the table's rows at the
    /// same positions. A place is *exact* when both equal the table's there, row for row and value
    /// for value; *shifted* when they are the table's consecutive rows in its order, values
    /// included, but at positions off by some rows (a jump places its rows at a fraction of the
    /// count, approximately by design: `PagedStorage`'s positions are exact from where a run
    /// started); *different* when a row differs even so (stale, missing, extra or out of order);
    /// *not shown* when GTK never showed rows there.
    struct PostgresStormVerdict {
        /// Where a check found the first difference.
        enum Check: Int {
            case count = 1
            /// The storage's rows (its run) at a place.
            case storage = 2
            /// The rows GTK shows at a place.
            case screen = 3
            /// The count after the jumps.
            case countAfterJumps = 4
            case notShown = 5
        }

        /// What a row differs by.
        enum Kind: Int {
            /// Another row than the table's there.
            case otherRow = 1
            /// The same row, with values that are not the table's (stale).
            case staleValues = 2
            /// The list has a row where the table has none, or none (a stand-in) where it has one.
            case missingRow = 3
        }

        struct Difference {
            var check: Check
            var kind: Kind = .otherRow
            /// 0 for the top as the storm left it, k for the k-th jump.
            var place = 0
            var position = 0
            var listID: Int64 = 0
            var tableID: Int64 = 0
            /// For a count: what the list and the table have.
            var listCount = 0
            var tableCount = 0
            /// For rows placed at other positions than the table's: the list's position less the
            /// table's.
            var shift = 0
        }

        var listCount = 0
        var tableCount = 0
        var listCountAfterJumps = 0
        var tableCountAfterJumps = 0
        var places = 0
        var exact = 0
        var shifted = 0
        var different = 0
        var notShown = 0
        /// The most rows a shifted place was off by.
        var largestShift = 0
        /// Rows compared: the storage's at every place, and GTK's.
        var storageRows = 0
        var screenRows = 0
        var first: Difference?
        /// The first place whose rows are the table's, but at other positions.
        var firstShift: Difference?

        /// Whether the list is the table's: counts equal, and at every place the table's rows in
        /// its order with its values (exact or shifted).
        var isEqual: Bool {
            listCount == tableCount && listCountAfterJumps == tableCountAfterJumps && different == 0 && notShown == 0 && places > 0
        }

        /// Whether it is, at the table's positions too: every place exact.
        var isEqualAtPositions: Bool { isEqual && shifted == 0 }

        mutating func noteFirst(_ difference: Difference) {
            if first == nil { first = difference }
        }

        // MARK: - In a result line

        private static var numbers: [(String, WritableKeyPath<PostgresStormVerdict, Int>)] {
            [
                ("count_list", \.listCount), ("count_table", \.tableCount), ("count_list_after", \.listCountAfterJumps),
                ("count_table_after", \.tableCountAfterJumps), ("places", \.places), ("exact", \.exact), ("shifted", \.shifted),
                ("different", \.different), ("not_shown", \.notShown), ("largest_shift", \.largestShift),
                ("storage_rows", \.storageRows), ("screen_rows", \.screenRows),
            ]
        }

        func record(into result: inout PostgresResult, list: String) {
            let prefix = "storm_\(list)_"
            for (key, path) in Self.numbers { result.values[prefix + key] = Double(self[keyPath: path]) }
            first.map { Self.record($0, into: &result, prefix: prefix + "diff_") }
            firstShift.map { Self.record($0, into: &result, prefix: prefix + "shift_") }
        }

        private static func record(_ difference: Difference, into result: inout PostgresResult, prefix: String) {
            result.values[prefix + "check"] = Double(difference.check.rawValue)
            result.values[prefix + "kind"] = Double(difference.kind.rawValue)
            result.values[prefix + "place"] = Double(difference.place)
            result.values[prefix + "position"] = Double(difference.position)
            result.values[prefix + "list_id"] = Double(difference.listID)
            result.values[prefix + "table_id"] = Double(difference.tableID)
            result.values[prefix + "list_count"] = Double(difference.listCount)
            result.values[prefix + "table_count"] = Double(difference.tableCount)
            result.values[prefix + "rows"] = Double(difference.shift)
        }

        /// The verdict `record` wrote for `list`; nil when the line has none.
        init?(_ result: PostgresResult, list: String) {
            let prefix = "storm_\(list)_"
            guard result.values[prefix + "places"] != nil else { return nil }
            for (key, path) in Self.numbers { self[keyPath: path] = Int(result.values[prefix + key] ?? 0) }
            first = Self.difference(in: result, prefix: prefix + "diff_")
            firstShift = Self.difference(in: result, prefix: prefix + "shift_")
        }

        private static func difference(in result: PostgresResult, prefix: String) -> Difference? {
            guard let check = result.values[prefix + "check"].flatMap({ Check(rawValue: Int($0)) }) else { return nil }
            func value(_ key: String) -> Int { Int(result.values[prefix + key] ?? 0) }
            return Difference(
                check: check, kind: Kind(rawValue: value("kind")) ?? .otherRow, place: value("place"), position: value("position"),
                listID: Int64(value("list_id")), tableID: Int64(value("table_id")), listCount: value("list_count"),
                tableCount: value("table_count"), shift: value("rows"))
        }

        init() {}

        // MARK: - In words

        /// The first place at other positions than the table's, in words.
        var firstShiftInWords: String {
            guard let shift = firstShift else { return "–" }
            let place = shift.place == 0 ? "at the top" : "at jump \(shift.place)"
            let rank = shift.position - shift.shift
            return "\(place): position \(shift.position.formatted()) holds #\(shift.listID) where the table has #\(shift.tableID); "
                + "the rows there are the table's from its position \(rank.formatted()) on"
        }

        /// The first difference in words.
        var firstInWords: String {
            guard let first else { return "–" }
            let place = first.place == 0 ? "at the top" : "at jump \(first.place)"
            switch first.check {
            case .count: return "count \(first.listCount.formatted()) where the table has \(first.tableCount.formatted())"
            case .countAfterJumps:
                return "count after the jumps \(first.listCount.formatted()) where the table has \(first.tableCount.formatted())"
            case .notShown: return "\(place): no rows shown within 10 s"
            case .storage, .screen:
                let what = first.check == .storage ? "the storage" : "GTK"
                let row = "position \(first.position.formatted())"
                switch first.kind {
                case .otherRow: return "\(place), \(what): \(row) holds #\(first.listID) where the table has #\(first.tableID)"
                case .staleValues: return "\(place), \(what): \(row) holds #\(first.listID) with values the table no longer has"
                case .missingRow:
                    return first.listID == 0
                        ? "\(place), \(what): \(row) holds no row where the table has #\(first.tableID)"
                        : "\(place), \(what): \(row) holds #\(first.listID) where the table has no row"
                }
            }
        }
    }
#endif
