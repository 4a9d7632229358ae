#if PostgreSQL
    import PostgresNIO
    import SeededRandom
    import Synchronization

    /// The ids the storm's writers share: the next one an insert takes (after the table's
    /// highest), and so the range updates and deletes pick from.
    final class PostgresStormIDs: Sendable {
        private let next: Atomic<Int64>

        init(after highest: Int64) { next = Atomic(highest + 1) }

        /// An id no row has had yet.
        func take() -> Int64 { next.wrappingAdd(1, ordering: .relaxed).oldValue }

        /// The id the next insert takes.
        var upcoming: Int64 { next.load(ordering: .relaxed) }
    }

    /// One statement of the storm's mix, each one row in one statement (so one transaction and
    /// one notification): 70 % updates (4 in 10 of them change the priority, the sorted column of
    /// the second list; the others the title and status), 15 % inserts of new tickets, 15 %
    /// deletes. Half of the updates and deletes hit the newest 2,000 tickets, the rows both lists
    /// show on top; the other half any ticket. A picked id whose row is gone takes the nearest
    /// existing id below it, so a statement misses only when another writer deleted that row
    /// meanwhile.
    struct PostgresStormStatement {
        static let insertShare = 0.15
        static let deleteShare = 0.15
        static let sortedShareOfUpdates = 0.4
        static let hotShare = 0.5
        static let hotRows: Int64 = 2_000
        static let statuses = ["open", "waiting", "closed"]
        static let assignees = ["Ana", "Bo", "Chen", "Dara", "Eli", "Femi"]

        let kind: PostgresStormTally.Kind
        let query: PostgresQuery

        /// The next statement of writer `writer`, its `serial`-th.
        init(writer: Int, serial: Int, random: inout SplitMix64, ids: PostgresStormIDs) {
            let table = PostgresStormTable.name
            let draw = Double.random(in: 0..<1, using: &random)
            if draw < Self.insertShare {
                kind = .insert
                let id = ids.take(), title = "Storm ticket \(writer).\(serial)"
                let status = Self.statuses.randomElement(using: &random)!, priority = Int32.random(in: 1...5, using: &random)
                let assignee = random.chance(0.1) ? nil : Self.assignees.randomElement(using: &random)
                query = """
                    INSERT INTO \(unescaped: table) (id, title, status, priority, assignee, updated_at) \
                    VALUES (\(id), \(title), \(status), \(priority), \(assignee), now()) RETURNING 1
                    """
                return
            }
            let upcoming = ids.upcoming
            let lowest = random.chance(Self.hotShare) ? max(1, upcoming - Self.hotRows) : 1
            let picked = Int64.random(in: lowest..<max(lowest + 1, upcoming), using: &random)
            let target = "(SELECT id FROM \(table) WHERE id <= \(picked) ORDER BY id DESC LIMIT 1)"
            if draw < Self.insertShare + Self.deleteShare {
                kind = .delete
                query = "DELETE FROM \(unescaped: table) WHERE id = \(unescaped: target) RETURNING 1"
            } else if random.chance(Self.sortedShareOfUpdates) {
                kind = .sortedUpdate
                query = """
                    UPDATE \(unescaped: table) SET priority = priority % 5 + 1, updated_at = now() \
                    WHERE id = \(unescaped: target) RETURNING 1
                    """
            } else {
                kind = .update
                let title = "Stormed by \(writer).\(serial)", status = Self.statuses.randomElement(using: &random)!
                query = """
                    UPDATE \(unescaped: table) SET title = \(title), status = \(status), updated_at = now() \
                    WHERE id = \(unescaped: target) RETURNING 1
                    """
            }
        }
    }
#endif
