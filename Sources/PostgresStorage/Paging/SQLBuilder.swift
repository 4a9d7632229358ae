#if PostgreSQL
    import PostgresNIO

    /// SQL text written piece by piece with its bound values numbered as they come (`$1`, `$2`, …),
    /// so that conditions made apart can be joined into one query.
    struct SQLBuilder {
        private(set) var sql = ""
        private(set) var bindings = PostgresBindings()

        mutating func append(_ text: String) { sql += text }

        /// Binds `value` as the server sent it, and returns its placeholder.
        mutating func bind(_ value: PostgresData) -> String {
            bindings.append(value)
            return "$\(bindings.count)"
        }

        /// Binds an integer, and returns its placeholder.
        mutating func bind(_ value: Int) -> String {
            bindings.append(value)
            return "$\(bindings.count)"
        }

        /// Binds a text, and returns its placeholder.
        mutating func bindText(_ value: String) -> String {
            bindings.append(value)
            return "$\(bindings.count)"
        }

        /// Binds `value` (NULL when nil), and returns its placeholder.
        mutating func bind(_ value: (any PostgresThrowingDynamicTypeEncodable)?) throws -> String {
            if let value { try bindings.append(value) } else { bindings.appendNull() }
            return "$\(bindings.count)"
        }

        var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }
    }
#endif
