#if PostgreSQL
    /// What one process of the PostgreSQL benchmark measures after its first frame, each in a
    /// process of its own so that its memory is its own and one part's reads never warm another's.
    enum PostgresPart: String, CaseIterable, Sendable {
        /// The first frame, random jumps, and memory after each (`PostgresJumps`).
        case load
        /// Header clicks on indexed columns (`PostgresSortClicks`).
        case sort
        /// A query typed into a filter a character at a time (`PostgresFilterKeystrokes`).
        case filter
        /// Another client's updates, inserts and deletes of rows on screen (`PostgresOtherClient`).
        case changes
        /// 20 writers at 1,000 changes a second for a minute under two lists, then each list
        /// checked against the table (`PostgresStorm`), on a copy of the table of its own.
        case storm
    }
#endif
