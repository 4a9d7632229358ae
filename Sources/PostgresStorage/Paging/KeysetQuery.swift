#if PostgreSQL
    import PostgresNIO

    /// The queries that read a relation's rows by keyset: a page is the rows just after (or just
    /// before) a row's key in the order, found through the order's index, never by skipping rows
    /// with `OFFSET`, so a page deep in ten million rows costs what the first one does.
    struct KeysetQuery: Sendable {
        let relation: SQLRelation
        /// The columns the rows are read with, in this order; the order's columns follow them in
        /// each row read, as its key.
        let columns: [SQLIdentifier]
        /// Whether the columns are read as text (`::text`), as PostgreSQL writes each type.
        var readsColumnsAsText = false
        let order: KeysetOrder
        /// The rows kept; nil for all.
        var filter: PostgresFilter? = nil

        /// At most `limit` rows strictly after `key` in the order (from the first row when nil); with
        /// `before`, those strictly before it (from the last row when nil), nearest first.
        /// With `including`, the row at `key` comes first when it is still there.
        func page(beyond key: PostgresRowKey?, before: Bool = false, including: Bool = false, limit: Int) -> PostgresQuery {
            var builder = SQLBuilder()
            builder.append("SELECT \(selectList) FROM \(relation.quoted)")
            let condition = key.map { order.condition(beyond: $0, before: before, including: including, in: &builder) }
            appendWhere(condition, in: &builder)
            builder.append(" ORDER BY \(order.orderBy(reversed: before, alias: Self.keyAlias)) LIMIT \(builder.bind(limit))")
            return builder.query
        }

        /// The keys of about `sampleRows` rows spread evenly over a sample, in order: the landmarks
        /// a jump to a fraction of the list starts reading at. `TABLESAMPLE SYSTEM` reads whole
        /// pages of the table at random, never the rest of it; the rows of a page are often
        /// neighbours in the order (a serial key), so the sample takes at least
        /// ``landmarkPages`` pages (a handful of pages put every landmark in a few clusters, and
        /// a jump far from the place asked for), and the server keeps every n-th of its keys.
        func landmarks(sampleRows: Int, estimatedCount: Int) -> PostgresQuery {
            let rowsPercent = estimatedCount <= 0 ? 100 : min(100, Double(sampleRows) * 100 / Double(estimatedCount))
            let keys = order.columns.map(\.name.quoted).joined(separator: ", ")
            var builder = SQLBuilder()
            let relationText = builder.bindText(relation.quoted)
            builder.append("SELECT \(keys) FROM (SELECT \(keys), row_number() OVER (ORDER BY \(order.orderBy())) AS glm_sample_n, ")
            builder.append("count(*) OVER () AS glm_sample_count FROM \(relation.quoted) TABLESAMPLE SYSTEM ((SELECT least(100, ")
            builder.append("greatest(\(rowsPercent), \(Self.landmarkPages * 100).0 / greatest(relpages, 1))) ")
            builder.append("FROM pg_class WHERE oid = \(relationText)::regclass))")
            appendWhere(nil, in: &builder)
            builder.append(") glm_sample WHERE glm_sample_n % greatest(1, glm_sample_count / \(builder.bind(sampleRows))) = 0")
            builder.append(" ORDER BY glm_sample_n")
            return builder.query
        }

        /// The fewest pages of the table a landmarks' sample reads (all of a smaller table).
        static let landmarkPages = 512

        /// The row count the planner keeps for the relation (`pg_class.reltuples`), at once; -1
        /// when the table was never analyzed. Not for a filtered query: see ``filteredEstimate()``.
        func estimatedCount() -> PostgresQuery {
            var builder = SQLBuilder()
            builder.append("SELECT reltuples::bigint FROM pg_class WHERE oid = \(builder.bindText(relation.quoted))::regclass")
            return builder.query
        }

        /// The planner's plan of the filtered rows, as JSON: its `Plan Rows` estimates how many
        /// the filter keeps, without reading them.
        func filteredEstimate() -> PostgresQuery {
            var builder = SQLBuilder()
            builder.append("EXPLAIN (FORMAT JSON) SELECT 1 FROM \(relation.quoted)")
            appendWhere(nil, in: &builder)
            return builder.query
        }

        /// The exact row count, which reads every row (or the whole index).
        func exactCount() -> PostgresQuery {
            var builder = SQLBuilder()
            builder.append("SELECT count(*) FROM \(relation.quoted)")
            appendWhere(nil, in: &builder)
            return builder.query
        }

        /// ` WHERE` and the filter's condition and `condition`, when there is either.
        private func appendWhere(_ condition: String?, in builder: inout SQLBuilder) {
            let conditions = [filter?.condition(in: &builder), condition].compactMap { $0 }
            guard !conditions.isEmpty else { return }
            builder.append(" WHERE " + conditions.joined(separator: " AND "))
        }

        /// The columns, then the order's under names of their own (`glm_key_0`, …): a record
        /// reads its columns by name, and a sort column it reads too must not be found twice.
        var selectList: String {
            let keys = order.columns.enumerated().map { "\($1.name.quoted) AS \(Self.keyAlias)\($0)" }
            let values = columns.map { readsColumnsAsText ? "\($0.quoted)::text AS \($0.quoted)" : $0.quoted }
            return (values + keys).joined(separator: ", ")
        }

        /// The names the order's columns are read under, numbered from 0.
        static let keyAlias = "glm_key_"

        /// The key of `row`, read by one of these queries: its last cells.
        func key(of row: PostgresRow) -> PostgresRowKey {
            let cells = Array(row)
            return PostgresRowKey(
                values: cells.suffix(order.columns.count).map {
                    PostgresData(type: $0.dataType, formatCode: $0.format, value: $0.bytes)
                })
        }
    }
#endif
