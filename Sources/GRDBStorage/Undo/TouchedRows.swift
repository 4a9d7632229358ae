import GRDB

/// Records the rows of one table a write touches, each with its values from before the write,
/// in the write's own transaction: what takes the write back, at the cost of the rows touched,
/// not of the table's size.
///
/// Temporary triggers, created when the write starts and dropped when it ends, copy a row into a
/// temporary table before its first update or deletion (a `BEFORE` trigger still sees the old
/// row) and mark a row inserted. GRDB's `TransactionObserver` would name the changed rows too,
/// but only after the change and without their old values; its `DatabasePreUpdateEvent` has
/// them, but only in a GRDB built with `SQLITE_ENABLE_PREUPDATE_HOOK`, which its default build is
/// not. A write that fails rolls the triggers back with everything else.
struct TouchedRows {
    /// The table the triggers watch.
    let table: String
    /// Its columns in the table's order: a record decodes a copied row as it decodes the table's.
    private let columns: [String]

    private static let images = "glm_undo_rows"
    private static let triggers = ["glm_undo_before_update", "glm_undo_before_delete", "glm_undo_before_insert", "glm_undo_after_insert"]

    /// Starts recording the writes to `table` in `db`'s transaction; nil when it cannot be
    /// recorded (a table without rowids), which then holds nothing of the attempt.
    static func start(table: String, in db: Database) -> TouchedRows? {
        var started: TouchedRows?
        try? db.inSavepoint {
            started = try TouchedRows(table: table, in: db)
            return .commit
        }
        return started
    }

    private init(table: String, in db: Database) throws {
        self.table = table
        columns = try db.columns(in: table).map(\.name)
        let images = Self.images, main = "main.\(table.quotedDatabaseIdentifier)"
        // A trigger may not name the schema of the table it inserts into: a temporary one finds
        // the temporary table first.
        let copy = "INSERT OR IGNORE INTO \(images) SELECT *, rowid, 0 FROM \(main)"
        // Left over only if a write dropped the table under its triggers (see `finish`).
        let leftovers = (Self.triggers.map { "DROP TRIGGER IF EXISTS temp.\($0);" } + ["DROP TABLE IF EXISTS temp.\(images);"]).joined()
        try db.execute(
            sql: leftovers + """
                CREATE TEMP TABLE \(images) AS SELECT *, rowid AS glm_rowid, 0 AS glm_inserted FROM \(main) WHERE 0;
                CREATE UNIQUE INDEX temp.\(images)_rowid ON \(images)(glm_rowid);
                CREATE TEMP TRIGGER \(Self.triggers[0]) BEFORE UPDATE ON \(main) BEGIN \(copy) WHERE rowid = OLD.rowid; END;
                CREATE TEMP TRIGGER \(Self.triggers[1]) BEFORE DELETE ON \(main) BEGIN \(copy) WHERE rowid = OLD.rowid; END;
                CREATE TEMP TRIGGER \(Self.triggers[2]) BEFORE INSERT ON \(main) BEGIN \(copy) WHERE rowid = NEW.rowid; END;
                CREATE TEMP TRIGGER \(Self.triggers[3]) AFTER INSERT ON \(main)
                BEGIN INSERT OR IGNORE INTO \(images)(glm_rowid, glm_inserted) VALUES (NEW.rowid, 1); END;
                """)
    }

    /// The rows as the write leaves them, read from the copies and the table, then the triggers
    /// and copies dropped: the values before the write of the rows it deleted and of those whose
    /// values it changed, and the rows it inserted as they are now. A row deleted and inserted
    /// again is an update; one inserted and deleted again is nothing.
    func finish(in db: Database) throws -> (deleted: [Row], updated: [Row], inserted: [Row]) {
        let images = "temp.\(Self.images)", main = "main.\(table.quotedDatabaseIdentifier)"
        func list(_ alias: String) -> String { columns.map { "\(alias).\($0.quotedDatabaseIdentifier)" }.joined(separator: ", ") }
        let same = columns.map { "u.\($0.quotedDatabaseIdentifier) IS t.\($0.quotedDatabaseIdentifier)" }.joined(separator: " AND ")
        let deleted = try Row.fetchAll(
            db,
            sql:
                "SELECT \(list("u")) FROM \(images) u WHERE NOT u.glm_inserted AND NOT EXISTS (SELECT 1 FROM \(main) WHERE rowid = u.glm_rowid)"
        )
        let updated = try Row.fetchAll(
            db,
            sql: "SELECT \(list("u")) FROM \(images) u JOIN \(main) t ON t.rowid = u.glm_rowid WHERE NOT u.glm_inserted AND NOT (\(same))")
        let inserted = try Row.fetchAll(
            db, sql: "SELECT \(list("t")) FROM \(images) u JOIN \(main) t ON t.rowid = u.glm_rowid WHERE u.glm_inserted")
        try db.execute(sql: (Self.triggers.map { "DROP TRIGGER temp.\($0);" } + ["DROP TABLE \(images);"]).joined())
        return (deleted, updated, inserted)
    }
}
