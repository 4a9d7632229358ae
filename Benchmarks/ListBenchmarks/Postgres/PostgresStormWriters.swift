#if PostgreSQL
    import PostgresStorage

    /// The storm's writers together: each opens its connection before the clock, then all write
    /// at once, each in a task of its own, from a common start.
    enum PostgresStormWriters {
        /// Opens `count` writers sharing `rate` statements a second.
        static func connect(
            count: Int, rate: Double, settings: PostgresConnectionSettings, ids: PostgresStormIDs, tally: PostgresStormTally
        ) async throws -> [PostgresStormWriter] {
            try await withThrowingTaskGroup(of: PostgresStormWriter.self) { group in
                for index in 0..<count {
                    group.addTask {
                        try await PostgresStormWriter.connect(
                            index, settings: settings, statementsPerSecond: rate / Double(count), ids: ids, tally: tally)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }

        /// Runs `writers` from `start` until `end`; returns when all have stopped.
        static func write(_ writers: [PostgresStormWriter], from start: ContinuousClock.Instant, until end: ContinuousClock.Instant) async {
            await withTaskGroup(of: Void.self) { group in
                for writer in writers { group.addTask { await writer.write(from: start, until: end) } }
            }
        }
    }
#endif
