#if PostgreSQL
    import Foundation
    import Logging
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// The throwaway cluster `scripts/postgres-test-server.sh` starts for `make test`, reached by the
    /// `PG*` variables it exports. Without them the tests fail, saying how to start it: a server the
    /// tests need is never skipped.
    enum TestServer {
        /// The settings of the cluster; records an issue when no cluster was started.
        static func settings(sourceLocation: SourceLocation = #_sourceLocation) throws -> PostgresConnectionSettings {
            guard ProcessInfo.processInfo.environment["PGHOST"] != nil else {
                Issue.record(
                    "No PostgreSQL server: run the tests through `scripts/postgres-test-server.sh run …` (make test does)",
                    sourceLocation: sourceLocation)
                throw MissingServer()
            }
            return try PostgresConnectionSettings.fromEnvironment()
        }

        struct MissingServer: Error {}

        /// The tests' logger: PostgresNIO's own messages, left out.
        static let logger = Logger(label: "PostgresStorageTests", factory: { _ in SwiftLogNoOpLogHandler() })

        /// Runs `body` with a connection to the test server and a schema of its own, dropped
        /// afterwards with all it holds: suites run side by side on one server.
        @discardableResult
        static func withScratchSchema<Result: Sendable>(
            isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation,
            _ body: (PostgresConnection, String) async throws -> Result
        ) async throws -> Result {
            let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            return try await withConnection(try settings(sourceLocation: sourceLocation)) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger)
                do {
                    let result = try await body(connection, schema)
                    try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger)
                    return result
                } catch {
                    _ = try? await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger)
                    throw error
                }
            }
        }

        /// Runs `body` with a connection of `settings`, closed afterwards.
        static func withConnection<Result: Sendable>(
            isolation: isolated (any Actor)? = #isolation, _ settings: PostgresConnectionSettings,
            _ body: (PostgresConnection) async throws -> Result
        ) async throws -> Result {
            let connection = try await PostgresConnection.connect(
                configuration: try settings.connectionConfiguration(), id: 1, logger: logger)
            do {
                let result = try await body(connection)
                try await connection.close()
                return result
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }
#endif
