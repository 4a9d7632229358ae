#if PostgreSQL
    import Foundation
    import PostgresNIO
    import PostgresStorage
    import SeededRandom

    /// One of the storm's writers: a `PostgresConnection` of its own, off the main actor, sending
    /// the mix's statements one at a time at its pace: its k-th statement is due k intervals after
    /// the storm's start; it sleeps until then, or sends at once when it is behind (a slow
    /// answer), so the writers together keep the rate as long as the server answers in time, and
    /// the tally says when they did not.
    struct PostgresStormWriter: Sendable {
        let index: Int
        let connection: PostgresConnection
        /// Seconds between two statements' turns.
        let interval: Double
        let ids: PostgresStormIDs
        let tally: PostgresStormTally

        /// Opens writer `index`'s connection.
        static func connect(
            _ index: Int, settings: PostgresConnectionSettings, statementsPerSecond: Double, ids: PostgresStormIDs,
            tally: PostgresStormTally
        ) async throws -> PostgresStormWriter {
            let connection = try await PostgresConnection.connect(
                configuration: try settings.connectionConfiguration(), id: 1_000 + index, logger: Self.logger)
            return PostgresStormWriter(index: index, connection: connection, interval: 1 / statementsPerSecond, ids: ids, tally: tally)
        }

        /// Writes from `start` until `end`, then closes the connection.
        func write(from start: ContinuousClock.Instant, until end: ContinuousClock.Instant) async {
            var random = SplitMix64(seed: 56_000 + UInt64(index))
            var serial = 0
            while true {
                let due = start + .seconds(interval * Double(serial))
                guard due < end else { break }
                let now = ContinuousClock.now
                if due > now { try? await Task.sleep(until: due, clock: .continuous) }
                let late = ContinuousClock.now - due > .seconds(interval)
                let statement = PostgresStormStatement(writer: index, serial: serial, random: &random, ids: ids)
                let sent = ProcessMemory.wallMilliseconds()
                do {
                    let rows = try await connection.query(statement.query, logger: Self.logger).collect()
                    tally.note(statement.kind, rows: rows.count, milliseconds: ProcessMemory.wallMilliseconds() - sent, late: late)
                } catch {
                    tally.noteError(error)
                }
                serial += 1
            }
            try? await connection.close()
        }

        static var logger: Logger { Logger(label: "list-benchmarks") }
    }
#endif
