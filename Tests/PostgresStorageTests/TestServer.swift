#if PostgreSQL
    import Foundation
    import Logging
    import ModelStorage
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

        /// The first column of `select`'s rows, as ids.
        static func ids(_ select: String, on connection: PostgresConnection) async throws -> [Int64] {
            try await connection.query(PostgresQuery(unsafeSQL: select), logger: logger).collect().map { try $0.decode(Int64.self) }
        }

        /// Runs each statement of `statements` on `connection`.
        static func run(_ statements: [String], on connection: PostgresConnection) async throws {
            for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
        }

        /// Waits until `condition` holds, checking every 10 ms for `seconds` at most; whether it held.
        static func eventually(
            isolation: isolated (any Actor)? = #isolation, within seconds: Double = 5, _ condition: () async throws -> Bool
        ) async throws -> Bool {
            let clock = ContinuousClock(), deadline = clock.now + .seconds(seconds)
            while clock.now < deadline {
                if try await condition() { return true }
                try await Task.sleep(for: .milliseconds(10))
            }
            return try await condition()
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

    extension PagedStorage {
        /// Lets reads finish: until the storage stays idle for a few turns, 20 seconds at most.
        func settle() async throws {
            var idleTurns = 0
            let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
            while idleTurns < 5, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(2))
                idleTurns = isLoading ? 0 : idleTurns + 1
            }
        }

        /// Asks for the rows of `positions`, as a list showing them does, lets the reads finish
        /// and returns the rows there then (nil for a stand-in).
        func show(_ positions: Range<Int>) async throws -> [Source.Row?] {
            for position in positions { _ = item(at: IndexPath(item: position, section: 0)) }
            try await settle()
            return positions.map { item(at: IndexPath(item: $0, section: 0)) as? Source.Row }
        }
    }
#endif
