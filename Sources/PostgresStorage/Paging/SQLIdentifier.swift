#if PostgreSQL
    /// A name in SQL (a table, a column, a schema), quoted so that any name is read as itself: a
    /// capital, a space or a quote in it never reaches the server as SQL.
    struct SQLIdentifier: Sendable, Hashable, CustomStringConvertible {
        /// The name as the catalog spells it.
        let name: String

        init(_ name: String) { self.name = name }

        /// `"name"`, its quotes doubled.
        var quoted: String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

        var description: String { quoted }
    }

    /// A table or view, with its schema when one is named.
    struct SQLRelation: Sendable, Hashable, CustomStringConvertible {
        let schema: SQLIdentifier?
        let name: SQLIdentifier

        init(schema: String? = nil, _ name: String) {
            self.schema = schema.map(SQLIdentifier.init)
            self.name = SQLIdentifier(name)
        }

        var quoted: String { schema.map { "\($0.quoted).\(name.quoted)" } ?? name.quoted }

        var description: String { quoted }
    }
#endif
