#if PostgreSQL
    import PostgresNIO

    /// The triggers that tell every client of a table's changes: after each statement that
    /// inserts, updates, deletes or truncates rows, the server sends a notification on the
    /// table's ``channel`` with what the statement did and how many rows it touched. A
    /// ``PostgresChangeListener`` hears them and a storage reads the rows it shows again.
    ///
    /// ```swift
    /// let feed = PostgresChangeFeed(table: "tickets")
    /// try await feed.install(on: database)
    /// ```
    ///
    /// Install it once, as a migration does (``install(on:)`` may run at every start: it replaces
    /// what it installed before), or run ``installSQL`` in the app's own migrations. The triggers
    /// are statement triggers over transition tables: a statement that changes a million rows sends
    /// one notification, not a million, and the server sends it only when the transaction commits.
    public struct PostgresChangeFeed: Sendable, Hashable {
        /// The table whose changes are told.
        public let table: String
        /// Its schema; nil for the search path's.
        public let schema: String?

        /// The feed of `table` in `schema` (or the search path's).
        public init(table: String, schema: String? = nil) {
            self.table = table
            self.schema = schema
        }

        var relation: SQLRelation { SQLRelation(schema: schema, table) }

        /// The channel the notifications are sent on: `glm_changes:` and the table's name as SQL
        /// writes it (quotes left out), or a hash of it when that is longer than the 63 bytes a
        /// channel name may have.
        public var channel: String {
            let name = "glm_changes:" + ([schema, table].compactMap { $0 }.joined(separator: "."))
            guard name.utf8.count > 63 || name.contains("\"") else { return name }
            // FNV-1a: a channel name that stays the same across runs and machines.
            let hash = name.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            return "glm_changes:" + String(hash, radix: 16)
        }

        /// The statements ``install(on:)`` runs, in order: a function and a sequence in the
        /// table's schema, and one trigger for each kind of change.
        public var installSQL: [String] {
            let prefix = relation.schema.map { "\($0.quoted)." } ?? ""
            let function = prefix + "glm_notify_changes", serial = prefix + "glm_change_serial"
            let channel = "'" + channel.replacingOccurrences(of: "'", with: "''") + "'"
            // A serial number keeps two notifications with the same words in one transaction
            // apart: the server folds identical notifications of a transaction into one.
            var statements = [
                "CREATE SEQUENCE IF NOT EXISTS \(serial)",
                """
                CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $glm$
                DECLARE touched bigint := 0;
                BEGIN
                    IF TG_OP = 'DELETE' THEN SELECT count(*) INTO touched FROM glm_old_rows;
                    ELSIF TG_OP <> 'TRUNCATE' THEN SELECT count(*) INTO touched FROM glm_new_rows;
                    END IF;
                    IF touched > 0 OR TG_OP = 'TRUNCATE' THEN
                        PERFORM pg_notify(TG_ARGV[0], json_build_object(
                            'op', TG_OP, 'rows', touched, 'serial', nextval('\(serial.replacingOccurrences(of: "'", with: "''"))'))::text);
                    END IF;
                    RETURN NULL;
                END
                $glm$
                """,
            ]
            let triggers = [
                ("insert", "INSERT", "REFERENCING NEW TABLE AS glm_new_rows"),
                ("update", "UPDATE", "REFERENCING OLD TABLE AS glm_old_rows NEW TABLE AS glm_new_rows"),
                ("delete", "DELETE", "REFERENCING OLD TABLE AS glm_old_rows"),
                ("truncate", "TRUNCATE", ""),
            ]
            for (name, event, transition) in triggers {
                statements.append(
                    "CREATE OR REPLACE TRIGGER glm_changes_\(name) AFTER \(event) ON \(relation.quoted) \(transition)"
                        + " FOR EACH STATEMENT EXECUTE FUNCTION \(function)(\(channel))")
            }
            return statements
        }

        /// Installs the triggers, replacing those it installed before.
        ///
        /// - Throws: ``PostgresStorageError``: the table missing, or the role not allowed to
        ///   create triggers on it.
        public func install(on database: PostgresSharedConnection) async throws(PostgresStorageError) {
            for statement in installSQL { _ = try await database.rows(PostgresQuery(unsafeSQL: statement)) }
        }
    }
#endif
