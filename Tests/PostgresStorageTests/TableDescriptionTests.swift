#if PostgreSQL
    import PostgresNIO
    import Testing

    @testable import PostgresStorage

    /// A storage learns from the catalog which columns hold NULL, the primary key that breaks ties
    /// (in its own order, over several columns too) and the columns an index reads in order; a
    /// table that does not exist is named.
    @Suite struct TableDescriptionTests {
        @Test func theCatalogGivesColumnsNullsKeyAndIndexes() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                for statement in [
                    "CREATE TABLE \(schema).\"Line Items\" (invoice int, \"line\" int, title text NOT NULL, total numeric(10, 2),"
                        + " PRIMARY KEY (\"line\", invoice))",
                    "CREATE INDEX ON \(schema).\"Line Items\" (title, total)",
                    "CREATE INDEX ON \(schema).\"Line Items\" USING hash (total)",
                ] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: TestServer.logger)
                }
                let description = try await TableDescription.read(
                    SQLRelation(schema: schema, "Line Items"), on: connection, logger: TestServer.logger)
                #expect(description.columns.map(\.name) == ["invoice", "line", "title", "total"])
                #expect(description.columns.map(\.isNullable) == [false, false, false, true])
                #expect(description.column(named: "total")?.type == "numeric(10,2)")
                #expect(description.primaryKey == ["line", "invoice"])
                // The key's index leads with "line"; a hash index reads nothing in order.
                #expect(description.indexLeadingColumns == ["line", "title"])
            }
        }

        @Test func aMissingTableIsNamed() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                await #expect(throws: PostgresStorageError.missingRelation("\"\(schema)\".\"nowhere\"")) {
                    try await TableDescription.read(SQLRelation(schema: schema, "nowhere"), on: connection, logger: TestServer.logger)
                }
            }
        }
    }
#endif
