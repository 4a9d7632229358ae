#if PostgreSQL
    /// Which rows of a table a ``PostgresPageSource`` shows: a condition the server applies
    /// (a `WHERE`), so that a filter field over ten million rows reads only the rows it keeps.
    ///
    /// ```swift
    /// let open = try tickets.filtered(by: .all([.equals("status", "open"), .contains(text, in: ["title", "body"])]))
    /// storage.reset(to: open)
    /// ```
    ///
    /// Each kind of filter has an index that answers it; without one, the server reads every row
    /// for it (which still works, slower on a big table):
    /// - ``prefix(_:in:)``: a b-tree index on the column with `text_pattern_ops` (or the `C`
    ///   collation).
    /// - ``contains(_:in:)``: a GIN index with `gin_trgm_ops` of the `pg_trgm` extension on each
    ///   column.
    /// - ``words(_:in:configuration:)``: a GIN index on the same `to_tsvector` expression.
    public indirect enum PostgresFilter: Sendable, Hashable {
        /// Rows whose column starts with the text, as typed (case matters).
        case prefix(String, in: String)
        /// Rows with the text anywhere in one of the columns, whatever its case (`ILIKE`).
        case contains(String, in: [String])
        /// Rows whose columns hold the words of a web-style search (`"a phrase"`, `or`, `-word`),
        /// by PostgreSQL's full-text search in `configuration` (`simple`: words as they are;
        /// `english`: stemmed).
        case words(String, in: [String], configuration: String = "simple")
        /// Rows whose column equals the text; NULL when nil.
        case equals(String, String?)
        /// Rows every filter keeps.
        case all([PostgresFilter])

        /// The columns the filter reads.
        var columns: [String] {
            switch self {
            case .prefix(_, let column), .equals(let column, _): [column]
            case .contains(_, let columns), .words(_, let columns, _): columns
            case .all(let filters): filters.flatMap(\.columns)
            }
        }

        /// The condition, its values bound in `builder`.
        func condition(in builder: inout SQLBuilder) -> String {
            switch self {
            case .prefix(let text, let column):
                return "\(SQLIdentifier(column).quoted) LIKE \(builder.bindText(Self.escapedForLike(text) + "%"))"
            case .contains(let text, let columns):
                let pattern = builder.bindText("%" + Self.escapedForLike(text) + "%")
                return "(" + columns.map { "\(SQLIdentifier($0).quoted)::text ILIKE \(pattern)" }.joined(separator: " OR ") + ")"
            case .words(let query, let columns, let configuration):
                let configuration = builder.bindText(configuration)
                let document = columns.map { "coalesce(\(SQLIdentifier($0).quoted)::text, '')" }.joined(separator: " || ' ' || ")
                return
                    "to_tsvector(\(configuration)::regconfig, \(document)) @@ websearch_to_tsquery(\(configuration)::regconfig, \(builder.bindText(query)))"
            case .equals(let column, let value?):
                return "\(SQLIdentifier(column).quoted)::text = \(builder.bindText(value))"
            case .equals(let column, nil):
                return "\(SQLIdentifier(column).quoted) IS NULL"
            case .all(let filters):
                guard !filters.isEmpty else { return "TRUE" }
                return "(" + filters.map { $0.condition(in: &builder) }.joined(separator: " AND ") + ")"
            }
        }

        /// `text` with `LIKE`'s wildcards and escape character taken as themselves.
        static func escapedForLike(_ text: String) -> String {
            var escaped = ""
            for character in text {
                if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
    }
#endif
