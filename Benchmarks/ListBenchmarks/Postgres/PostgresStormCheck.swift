#if PostgreSQL
    import CGtk
    import Foundation
    import GtkListManager
    import PostgresStorage

    /// Checks one storm list against the table once the writers stopped and the list settled: its
    /// count against `SELECT count(*)`; then at the top, as the storm left it, and at 19 jumps
    /// spread over the list down to its end (the scrollbar set to 1/19, 2/19 … 1 of its range),
    /// the storage's rows (every row it keeps there, `peek`) and the rows GTK shows (read back by
    /// `ShownTickets`, their priority, status and assignee cells too) against the table's rows at
    /// the same positions (`ORDER BY … OFFSET … LIMIT …`, for checking only). Rows that differ
    /// are compared again from the table's position of the first of them (its rank, a
    /// `count(*)` of the rows before it), which tells rows placed approximately (a jump) from rows
    /// that are not the table's. Each place is written to standard error.
    @MainActor
    struct PostgresStormCheck {
        static let jumps = 19

        let client: PostgresStormClient
        let table: PostgresStormTable
        /// The benchmark's own connection, not the list's.
        let database: PostgresSharedConnection
        private(set) var verdict = PostgresStormVerdict()

        init(client: PostgresStormClient, table: PostgresStormTable, database: PostgresSharedConnection) {
            self.client = client
            self.table = table
            self.database = database
        }

        /// What one comparison found.
        private enum Outcome {
            case exact
            /// The table's rows in order from another position: the first position, what the
            /// list and the table hold there, and by how much the positions are off.
            case shifted(PostgresStormVerdict.Difference)
            case different(PostgresStormVerdict.Difference)

            var isDifferent: Bool {
                if case .different = self { true } else { false }
            }
        }

        mutating func run() throws {
            let storage = client.storage, table = table, database = database
            verdict.listCount = storage.count
            verdict.tableCount = try MainLoopAwait.value { try await table.count(on: database) }
            if verdict.listCount != verdict.tableCount {
                verdict.noteFirst(.init(check: .count, listCount: verdict.listCount, tableCount: verdict.tableCount))
            }
            try checkPlace(0)
            for place in 1...Self.jumps {
                let list = client.list
                gtk_adjustment_set_value(list.vertical, Double(place) / Double(Self.jumps) * list.scrollRange)
                try checkPlace(place)
            }
            verdict.listCountAfterJumps = storage.count
            verdict.tableCountAfterJumps = try MainLoopAwait.value { try await table.count(on: database) }
            if verdict.listCountAfterJumps != verdict.tableCountAfterJumps {
                verdict.noteFirst(
                    .init(check: .countAfterJumps, listCount: verdict.listCountAfterJumps, tableCount: verdict.tableCountAfterJumps))
            }
            report(
                "count \(verdict.listCount) (table \(verdict.tableCount)), after the jumps \(verdict.listCountAfterJumps) "
                    + "(table \(verdict.tableCountAfterJumps)): \(verdict.isEqual ? "equal" : "NOT equal: " + verdict.firstInWords)")
        }

        /// Waits for the rows of place `place` on screen and for the storage to read nothing, then
        /// compares the storage's rows and GTK's with the table's.
        private mutating func checkPlace(_ place: Int) throws {
            let client = client, storage = client.storage
            verdict.places += 1
            _ = client.list.screen.waitForFrame(limit: 10) { client.onScreen.rows() != nil }
            GtkRuntime.iterate(until: { !storage.isLoading }, timeout: .seconds(10))
            guard let shown = client.onScreen.rows(), let first = shown.first else {
                verdict.notShown += 1
                verdict.noteFirst(.init(check: .notShown, place: place))
                return report("place \(place): no rows shown")
            }
            let run = storage.readPositions
            let kept = run.compactMap { storage.peek(at: $0) as? BenchTicket }
            guard kept.count == run.count else {
                verdict.different += 1
                verdict.noteFirst(.init(check: .storage, kind: .missingRow, place: place, position: run.lowerBound))
                return report("place \(place): the storage's run \(run) holds stand-ins")
            }
            verdict.storageRows += kept.count
            verdict.screenRows += shown.count
            let keptOutcome = try compare(kept, from: run.lowerBound, place: place, check: .storage)
            var screenOutcome = try compare(shown.map(\.ticket), from: first.position, place: place, check: .screen)
            if !screenOutcome.isDifferent, let stale = staleCells(shown, place: place) { screenOutcome = .different(stale) }
            switch (keptOutcome, screenOutcome) {
            case (.different(let difference), _), (_, .different(let difference)):
                verdict.different += 1
                verdict.noteFirst(difference)
            case (.shifted(let difference), _), (_, .shifted(let difference)):
                verdict.shifted += 1
                verdict.largestShift = max(verdict.largestShift, abs(difference.shift))
                if verdict.firstShift == nil { verdict.firstShift = difference }
            case (.exact, .exact):
                verdict.exact += 1
            }
            report(
                "place \(place): storage rows \(run) \(describe(keptOutcome)); on screen \(first.position)..<\(first.position + shown.count) "
                    + describe(screenOutcome))
        }

        /// Compares `rows`, at positions from `start`, with the table's at the same positions,
        /// then, when they differ, with the table's from the first row's own position.
        private func compare(_ rows: [BenchTicket], from start: Int, place: Int, check: PostgresStormVerdict.Check) throws -> Outcome {
            guard let first = rows.first else { return .exact }
            let table = table, database = database, order = client.order
            let there = try MainLoopAwait.value { try await table.rows(order, offset: start, limit: rows.count, on: database) }
            if there == rows { return .exact }
            let rank = try MainLoopAwait.value { try await table.rank(of: first, in: order, on: database) }
            let fromRank =
                rank == start
                ? there : try MainLoopAwait.value { try await table.rows(order, offset: rank, limit: rows.count, on: database) }
            if fromRank == rows {
                return .shifted(
                    .init(check: check, place: place, position: start, listID: first.id, tableID: there.first?.id ?? 0, shift: start - rank)
                )
            }
            // The first difference against whichever of the two agrees longer.
            let samePositions = Self.firstMismatch(rows, there), fromItsRank = Self.firstMismatch(rows, fromRank)
            let (index, expected) = fromItsRank > samePositions ? (fromItsRank, fromRank) : (samePositions, there)
            var difference = PostgresStormVerdict.Difference(check: check, place: place, position: start + index)
            difference.listID = index < rows.count ? rows[index].id : 0
            difference.tableID = index < expected.count ? expected[index].id : 0
            difference.kind =
                index >= rows.count || index >= expected.count
                ? .missingRow : rows[index].id == expected[index].id ? .staleValues : .otherRow
            if index < rows.count, index < expected.count {
                report("  \(check) at \(start + index): list \(rows[index])\n  table \(expected[index])")
            }
            return .different(difference)
        }

        /// Where `rows` and `expected` first differ (the shorter one's count when one is the other's start).
        private static func firstMismatch(_ rows: [BenchTicket], _ expected: [BenchTicket]) -> Int {
            let common = min(rows.count, expected.count)
            return (0..<common).first { rows[$0] != expected[$0] } ?? common
        }

        /// The first row on screen whose priority, status or assignee cell does not show its
        /// ticket's (`ShownTickets` reads the id and title cells).
        private func staleCells(_ shown: [ShownTickets.Row], place: Int) -> PostgresStormVerdict.Difference? {
            for (position, ticket) in shown {
                guard let row = client.list.host.boundRow(at: position) else { continue }
                let texts = ShownTickets.cellTexts(of: row.widget)
                if !texts.contains(String(ticket.priority)) || !texts.contains(ticket.status) || !texts.contains(ticket.assignee ?? "—") {
                    return .init(
                        check: .screen, kind: .staleValues, place: place, position: position, listID: ticket.id, tableID: ticket.id)
                }
            }
            return nil
        }

        private func describe(_ outcome: Outcome) -> String {
            switch outcome {
            case .exact: "equal to the table's"
            case .shifted(let difference): "the table's rows in order, \(difference.shift) positions off"
            case .different(let difference): "DIFFERENT at \(difference.position)"
            }
        }

        private func report(_ line: String) {
            FileHandle.standardError.write(Data("storm \(client.order.rawValue): \(line)\n".utf8))
        }
    }
#endif
