#if PostgreSQL
    import CGtk
    import GtkListManager
    import ModelStorage

    /// The sort part: header clicks on indexed columns, as the article's `didChangeSort` resets
    /// the storage to the source sorted on the server, each timed from the click (the table's
    /// `sort` set, as a click sets it) to the painted frame that shows the first rows of the new
    /// order from the top. `updated_at` grows with the id, so its order is known: newest first,
    /// the highest ids. Then one click on `priority`, an indexed column of five values whose ties
    /// the primary key breaks, and jumps in the order newest first.
    extension PostgresScenario {
        static let sortClicks = 5
        static let sortedJumps = 10

        func measureSortClicks() {
            let rows = Int64(table.rows)
            let newest = SortKey("updated_at", ascending: false), oldest = SortKey("updated_at")
            watchingStalls("sort") {
                for _ in 0..<Self.sortClicks {
                    click(newest, "sort") { rows - Int64($0) }
                    click(oldest, "sort") { Int64($0) + 1 }
                }
            }
            // Priority 5 first: the tickets whose id is 4 more than a multiple of 5, their ties
            // broken by the id in the sort's direction (the article's (priority, id) index read
            // backwards), the highest first.
            let highestOfPriority5 = rows - (rows + 1) % 5
            watchingStalls("priority_sort") {
                click(SortKey("priority", ascending: false), "priority_sort") { highestOfPriority5 - 5 * Int64($0) }
            }
            // Jumps in the order newest first, pages read backwards on the index; last, as they
            // may take long (until the part's deadline).
            watchingStalls("sorted_jumps") {
                click(newest, "sort") { rows - Int64($0) }
                for fraction in PostgresBenchmark.jumpFractions.prefix(Self.sortedJumps) {
                    let start = ProcessProbes.wallMilliseconds()
                    gtk_adjustment_set_value(list.vertical, fraction * list.scrollRange)
                    sample("sorted_jump", from: start, limit: 10) { [list] in
                        guard let shown = list!.onScreen.rows() else { return false }
                        return zip(shown, shown.dropFirst()).allSatisfy { $1.ticket.updatedAt < $0.ticket.updatedAt }
                    }
                }
            }
        }

        /// Sets the table's sort to `key` and samples `name` to the frame showing, from the top,
        /// the ids `expected` gives by position.
        private func click(_ key: SortKey, _ name: String, limit: Double = 30, expected: @escaping (Int) -> Int64) {
            let rows = Int64(table.rows), screenRows = screenRows
            let start = ProcessProbes.wallMilliseconds()
            list.table.sort = [key]
            // The click's own work on the main thread: the table's new sort, the storage reset.
            result.samples["sort_call_samples", default: []].append(ProcessProbes.wallMilliseconds() - start)
            sample(name, from: start, limit: limit) { [list] in
                list!.onScreen.rows(
                    fromTopShowing: { position in (1...rows).contains(expected(position)) ? expected(position) : nil },
                    screenRows: screenRows) != nil
            }
        }
    }
#endif
