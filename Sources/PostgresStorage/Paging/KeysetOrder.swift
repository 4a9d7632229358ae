#if PostgreSQL
    import PostgresNIO

    /// A column the rows are ordered by, which way, and whether it can hold NULL.
    struct KeysetColumn: Sendable, Hashable {
        let name: SQLIdentifier
        let ascending: Bool
        /// A column that can hold NULL needs conditions that say where NULLs sort: PostgreSQL puts
        /// them after every value ascending and before every value descending.
        let isNullable: Bool
    }

    /// The order of a keyset-paged query: the sort columns, then the columns of a unique, non-null
    /// key (the primary key) that make every two rows compare strictly, so that "the rows after
    /// this one" is one exact set whatever the sort columns repeat.
    struct KeysetOrder: Sendable, Hashable {
        let columns: [KeysetColumn]
        /// Where the unique key's columns are among ``columns``, in the key's order.
        let uniqueKeyIndices: [Int]

        /// `sort`, then those of `uniqueKey`'s columns it leaves out, the way the sort's first
        /// column goes: when every column goes one way, the condition of a page is one row
        /// comparison an index answers as a range (a descending sort broken by an ascending key
        /// is an `OR` the server answers by scanning).
        init(sort: [KeysetColumn], uniqueKey: [SQLIdentifier]) {
            let sorted = Set(sort.map(\.name)), ascending = sort.first?.ascending ?? true
            let columns =
                sort + uniqueKey.filter { !sorted.contains($0) }.map { KeysetColumn(name: $0, ascending: ascending, isNullable: false) }
            self.columns = columns
            uniqueKeyIndices = uniqueKey.map { name in columns.firstIndex { $0.name == name }! }
        }

        /// The identity of the row at `key`: its unique key's values.
        func id(of key: PostgresRowKey) -> PostgresRowID {
            PostgresRowID(
                values: uniqueKeyIndices.map { PostgresRowID.Value(type: key.values[$0].type.rawValue, bytes: key.values[$0].value) })
        }

        /// `ORDER BY`'s list, the other way round when `reversed`; by the output columns
        /// `<alias>0`, `<alias>1`, … when `alias` is given (a select list may give a column's
        /// name to another value, `"id"::text AS "id"`, which `ORDER BY "id"` would sort by).
        func orderBy(reversed: Bool = false, alias: String? = nil) -> String {
            columns.enumerated().map { index, column in
                "\(alias.map { "\($0)\(index)" } ?? column.name.quoted) \(column.ascending != reversed ? "ASC" : "DESC")"
            }.joined(separator: ", ")
        }

        /// The condition that keeps the rows strictly after `key` in this order (before it when
        /// `before`), and the row at `key` too when `including`. `key` holds one value per
        /// column, as the server sent it.
        func condition(beyond key: PostgresRowKey, before: Bool, including: Bool = false, in builder: inout SQLBuilder) -> String {
            precondition(key.values.count == columns.count, "a row key has one value per column of the order")
            // Columns that hold no NULL and go the same way compare as one row value: an index on
            // them answers it as a range.
            if columns.allSatisfy({ !$0.isNullable && $0.ascending == columns[0].ascending }),
                key.values.allSatisfy({ $0.value != nil })
            {
                let names = columns.map(\.name.quoted).joined(separator: ", ")
                let values = key.values.map { builder.bind($0) }.joined(separator: ", ")
                let later = columns[0].ascending != before
                return "(\(names)) \(later ? ">" : "<")\(including ? "=" : "") (\(values))"
            }
            // Otherwise: the first column beyond, or equal and the second beyond, and so on.
            var alternatives: [String] = []
            var equalSoFar: [String] = []
            for (column, value) in zip(columns, key.values) {
                let placeholder = value.value == nil ? nil : builder.bind(value)
                if let beyond = Self.beyond(column, placeholder, before: before) {
                    alternatives.append((equalSoFar + [beyond]).joined(separator: " AND "))
                }
                equalSoFar.append(placeholder.map { "\(column.name.quoted) = \($0)" } ?? "\(column.name.quoted) IS NULL")
            }
            if including { alternatives.append(equalSoFar.joined(separator: " AND ")) }
            return alternatives.isEmpty ? "FALSE" : "(" + alternatives.map { "(\($0))" }.joined(separator: " OR ") + ")"
        }

        /// The condition on `column` alone of a value strictly beyond `placeholder`'s (nil: NULL),
        /// with NULL taken as greater than every value; nil when no value is.
        private static func beyond(_ column: KeysetColumn, _ placeholder: String?, before: Bool) -> String? {
            let name = column.name.quoted
            // Later ascending or earlier descending: a greater value, or NULL.
            let greater = column.ascending != before
            switch (placeholder, greater) {
            case (let value?, true): return column.isNullable ? "(\(name) > \(value) OR \(name) IS NULL)" : "\(name) > \(value)"
            case (let value?, false): return "\(name) < \(value)"
            case (nil, true): return nil
            case (nil, false): return "\(name) IS NOT NULL"
            }
        }
    }

    /// A row's place in a PostgreSQL storage's order: the values of its order's columns (the sort,
    /// then the primary key), as the server sent them, bound again as they are, so a key needs no
    /// Swift type for its columns.
    public struct PostgresRowKey: Sendable {
        let values: [PostgresData]
    }

    /// What identifies a row of a PostgreSQL storage whatever its place in the order: its primary
    /// key's values.
    public struct PostgresRowID: Hashable, Sendable {
        struct Value: Hashable, Sendable {
            let type: UInt32
            let bytes: ByteBuffer?
        }
        let values: [Value]
    }
#endif
