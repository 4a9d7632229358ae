#if PostgreSQL
    import ModelStorage

    /// The order of one of the storm's two lists: by id, newest first, where the writers' inserts
    /// land on top; and by priority, highest first, a column a quarter of the writers' updates
    /// change, so rows move in and out of the screen. Both break ties by the id the way the sort
    /// goes, as `KeysetOrder` does, so the table's own `ORDER BY` here is the list's.
    enum PostgresStormOrder: String, CaseIterable, Sendable {
        case id
        case priority

        /// The source's sort.
        var sort: [SortKey] {
            switch self {
            case .id: [SortKey("id", ascending: false)]
            case .priority: [SortKey("priority", ascending: false)]
            }
        }

        /// The same order as the table's `ORDER BY`.
        var orderBy: String {
            switch self {
            case .id: "id DESC"
            case .priority: "priority DESC, id DESC"
            }
        }

        /// The condition that keeps the rows before `ticket` in this order: its rank is their count.
        func before(_ ticket: BenchTicket) -> String {
            switch self {
            case .id: "id > \(ticket.id)"
            case .priority: "(priority, id) > (\(ticket.priority), \(ticket.id))"
            }
        }

        /// What the report calls the list.
        var label: String {
            switch self {
            case .id: "by id, newest first"
            case .priority: "by priority, highest first (then newest)"
            }
        }
    }
#endif
