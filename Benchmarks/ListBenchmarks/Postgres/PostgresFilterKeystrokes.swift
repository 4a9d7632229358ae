#if PostgreSQL
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// The filter part: a query typed into a search field a character at a time, each keystroke
    /// resetting the storage to the source filtered on the server as the article writes it
    /// (`.contains(text, in: ["title"])`, `ILIKE` through the trigram index), timed to the painted
    /// frame that shows, from the top, the first matching tickets in id order. Keystrokes come a
    /// typist's pause (150 ms) after the previous one's rows showed.
    extension PostgresScenario {
        static let query = "printer fails"
        static let typingPause = 150

        func measureKeystrokes() {
            let unfiltered = list.storage.source
            let screenRows = screenRows, rows = table.rows
            watchingStalls("filter") {
                for length in 1...Self.query.count {
                    let text = String(Self.query.prefix(length))
                    // The first matches by id, as generated: what the screen must show.
                    let matches = Self.firstMatches(of: text, count: screenRows + 8, rows: rows)
                    let start = ProcessProbes.wallMilliseconds()
                    guard let filtered = try? unfiltered.filtered(by: .contains(text, in: ["title"])) else { return fail("filter") }
                    list.storage.reset(to: filtered)
                    // The keystroke's own work on the main thread: the storage reset, the list reloaded.
                    result.samples["filter_call_samples", default: []].append(ProcessProbes.wallMilliseconds() - start)
                    sample("filter", from: start) { [list] in
                        list!.onScreen.rows(fromTopShowing: { $0 < matches.count ? matches[$0] : nil }, screenRows: screenRows) != nil
                    }
                    MainLoopAwait.pause(milliseconds: Self.typingPause)
                }
            }
        }

        /// The ids of the first `count` tickets whose title holds `text`, whatever its case.
        static func firstMatches(of text: String, count: Int, rows: Int) -> [Int64] {
            let lowered = text.lowercased()
            var matches: [Int64] = []
            var id: Int64 = 1
            while matches.count < count, id <= Int64(rows) {
                if PostgresBenchTable.title(of: id).lowercased().contains(lowered) { matches.append(id) }
                id += 1
            }
            return matches
        }
    }
#endif
