import GRDB

/// How a ``DatabaseStorage`` writes the order the user gives its records by dragging them.
///
/// When a record moves, the storage shows the move at once and writes the order of the section
/// it moved into, in one transaction. The write runs on the database's writer queue; the list
/// follows it without a second animation. If it fails, nothing is written and the list returns
/// to the database's order (``DatabaseStorageAnomaly/writeFailed(reason:)``).
///
/// ```swift
/// // ORDER BY position, one section:
/// DatabaseReordering.column("position", ofTable: "favourite")
/// // ORDER BY shelf, position, a record may move to another shelf:
/// DatabaseReordering.column("position", ofTable: "book", sectionColumn: "shelf")
/// ```
public struct DatabaseReordering<RecordID: Sendable, SectionKey: Sendable>: Sendable {
    /// Writes the order of one section: its key, the ids of its records top to bottom after the
    /// move, and the id of the record that moved (its section may be new to it).
    public typealias Write = @Sendable (_ db: Database, _ section: SectionKey, _ orderedIDs: [RecordID], _ moved: RecordID) throws -> Void

    let write: Write
    /// Whether a record may move to another section (its section key is written too).
    let movesAcrossSections: Bool

    /// Writes the order with `write`, inside the storage's transaction. A record moves only
    /// within its section unless `movesAcrossSections`, in which case `write` also stores its
    /// new section.
    public init(movesAcrossSections: Bool = false, write: @escaping Write) {
        self.write = write
        self.movesAcrossSections = movesAcrossSections
    }
}

extension DatabaseReordering where RecordID: DatabaseValueConvertible {
    /// Stores the order in the integer column `orderColumn` of `table`, whose records the
    /// request orders by it within each section; records move within their section.
    ///
    /// The section keeps the order values it has, handed out again in the new order, so a move
    /// writes only the records between its two ends. When the values are not distinct integers
    /// the section is numbered 0, 1, 2, … instead.
    public static func column(_ orderColumn: String, ofTable table: String, idColumn: String = "id") -> Self {
        Self { db, _, ids, _ in
            try OrderColumnWriter(table: table, orderColumn: orderColumn, idColumn: idColumn).write(ids, in: db)
        }
    }
}

extension DatabaseReordering where RecordID: DatabaseValueConvertible, SectionKey: DatabaseValueConvertible {
    /// Stores the order in the integer column `orderColumn` of `table`, and the section of a
    /// record that moved to another section in `sectionColumn` (the column the section key
    /// comes from). The request orders by the section, then by `orderColumn`.
    public static func column(
        _ orderColumn: String, ofTable table: String, sectionColumn: String, idColumn: String = "id"
    ) -> Self {
        Self(movesAcrossSections: true) { db, section, ids, moved in
            let writer = OrderColumnWriter(table: table, orderColumn: orderColumn, idColumn: idColumn)
            try writer.write(ids, in: db)
            try writer.set(sectionColumn, to: section, forID: moved, in: db)
        }
    }
}

/// Writes an order into an integer column, touching only the records whose value changes.
struct OrderColumnWriter {
    let table: String
    let orderColumn: String
    let idColumn: String

    /// Gives `ids` increasing order values: their current values, sorted, when those are
    /// distinct integers; 0, 1, 2, … otherwise.
    func write<ID: DatabaseValueConvertible>(_ ids: [ID], in db: Database) throws {
        let current = try currentValues(of: ids, in: db)
        let distinct = Set(current.compactMap { $0 })
        let wanted: [Int64] =
            distinct.count == ids.count ? current.compactMap { $0 }.sorted() : ids.indices.map { Int64($0) }
        let update = try db.cachedStatement(
            sql:
                "UPDATE \(table.quotedDatabaseIdentifier) SET \(orderColumn.quotedDatabaseIdentifier) = ? WHERE \(idColumn.quotedDatabaseIdentifier) = ?"
        )
        for (index, id) in ids.enumerated() where current[index] != wanted[index] {
            try update.execute(arguments: [wanted[index], id])
        }
    }

    /// Stores `value` in `column` for the record `id`.
    func set<ID: DatabaseValueConvertible>(_ column: String, to value: some DatabaseValueConvertible, forID id: ID, in db: Database) throws
    {
        try db.execute(
            sql:
                "UPDATE \(table.quotedDatabaseIdentifier) SET \(column.quotedDatabaseIdentifier) = ? WHERE \(idColumn.quotedDatabaseIdentifier) = ?",
            arguments: [value, id])
    }

    /// The order value of each id, nil where it is not an integer; read in chunks that stay
    /// under SQLite's limit on bound parameters.
    private func currentValues<ID: DatabaseValueConvertible>(of ids: [ID], in db: Database) throws -> [Int64?] {
        var values: [DatabaseValue: Int64?] = [:]
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let rows = try Row.fetchCursor(
                db,
                sql:
                    "SELECT \(idColumn.quotedDatabaseIdentifier), \(orderColumn.quotedDatabaseIdentifier) FROM \(table.quotedDatabaseIdentifier) WHERE \(idColumn.quotedDatabaseIdentifier) IN (\(placeholders))",
                arguments: StatementArguments(chunk.map { $0.databaseValue }))
            while let row = try rows.next() {
                let order: DatabaseValue = row[1]
                values[row[0]] = order.storage.integer
            }
        }
        return ids.map { values[$0.databaseValue] ?? nil }
    }
}

extension DatabaseValue.Storage {
    /// The value when it is an integer.
    fileprivate var integer: Int64? {
        if case let .int64(value) = self { value } else { nil }
    }
}
