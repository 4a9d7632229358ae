#if PostgreSQL
    import PostgresNIO

    /// What the catalog says of a table or view that a storage pages: its columns, which can hold
    /// NULL, its primary key, and the columns an index can read in order.
    struct TableDescription: Sendable, Equatable {
        struct Column: Sendable, Equatable {
            let name: String
            /// The type as SQL writes it (`bigint`, `character varying(40)`).
            let type: String
            let isNullable: Bool
        }

        let relation: SQLRelation
        /// In the table's order.
        let columns: [Column]
        /// The primary key's columns in the key's order; empty when there is none (a view).
        let primaryKey: [String]
        /// The first column of each of the table's b-tree indexes: an `ORDER BY` that starts with one
        /// of them reads pages through the index; any other sorts the rows it filters first.
        let indexLeadingColumns: Set<String>

        func column(named name: String) -> Column? { columns.first { $0.name == name } }

        /// Reads the description of `relation`.
        ///
        /// - Throws: ``PostgresStorageError/missingRelation(_:)`` when the server has no such table
        ///   or view, the server's error otherwise.
        static func read(_ relation: SQLRelation, on connection: PostgresConnection, logger: Logger) async throws
            -> TableDescription
        {
            var builder = SQLBuilder()
            let name = builder.bindText(relation.quoted)
            builder.append(
                """
                SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
                    coalesce(array_position(p.indkey::int2[], a.attnum) - array_lower(p.indkey::int2[], 1) + 1, 0)::int,
                    EXISTS (SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am m ON m.oid = c.relam
                        WHERE i.indrelid = a.attrelid AND m.amname = 'btree'
                        AND (i.indkey::int2[])[array_lower(i.indkey::int2[], 1)] = a.attnum)
                FROM pg_attribute a LEFT JOIN pg_index p ON p.indrelid = a.attrelid AND p.indisprimary
                WHERE a.attrelid = to_regclass(\(name)) AND a.attnum > 0 AND NOT a.attisdropped
                ORDER BY a.attnum
                """)
            let rows = try await connection.query(builder.query, logger: logger).collect()
            guard !rows.isEmpty else {
                // No column: no such relation, or one without columns, which shows nothing either.
                throw PostgresStorageError.missingRelation(relation.description)
            }
            var columns: [Column] = [], keyPositions: [(position: Int, name: String)] = [], indexed: Set<String> = []
            for row in rows {
                let (name, type, isNullable, keyPosition, leadsIndex) = try row.decode((String, String, Bool, Int32, Bool).self)
                columns.append(Column(name: name, type: type, isNullable: isNullable))
                if keyPosition > 0 { keyPositions.append((Int(keyPosition), name)) }
                if leadsIndex { indexed.insert(name) }
            }
            return TableDescription(
                relation: relation, columns: columns, primaryKey: keyPositions.sorted { $0.position < $1.position }.map(\.name),
                indexLeadingColumns: indexed)
        }
    }
#endif
