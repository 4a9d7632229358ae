#if PostgreSQL
    import CGtk
    import CVirtualList
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// What the rows on screen show, read back from the host and GTK, never from what the
    /// benchmark asked for: the positions the viewport covers (`positionsOnScreen`), the row bound
    /// at each, the ticket it holds, the storage's row there (`peek`, which reads nothing), and the
    /// texts its cells' labels hold.
    @MainActor
    struct ShownTickets {
        let host: VirtualListHost
        let storage: PagedStorage<PostgresPageSource<BenchTicket>>

        /// A ticket on screen at its position.
        typealias Row = (position: Int, ticket: BenchTicket)

        /// The tickets on screen top to bottom, when every position the viewport covers shows a
        /// ticket read from the server: a mapped row is bound there, holds a ticket (not a
        /// `PendingRow`), the storage holds the same ticket there, and its cells show the ticket's
        /// id and title. Nil while any position shows a stand-in or nothing.
        func rows() -> [Row]? {
            guard let positions = host.positionsOnScreen, !positions.isEmpty else { return nil }
            var rows: [Row] = []
            rows.reserveCapacity(positions.count)
            for position in positions {
                guard let row = host.boundRow(at: position), let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0,
                    let ticket = row.model as? BenchTicket, let stored = storage.peek(at: position) as? BenchTicket, stored == ticket
                else { return nil }
                let texts = Self.cellTexts(of: row.widget)
                guard texts.contains(String(ticket.id)), texts.contains(ticket.title) else { return nil }
                rows.append((position, ticket))
            }
            return rows
        }

        /// The rows on screen when they start at the first position and show, position by
        /// position, the ids `expected` gives (nil past the last row expected), the screen full
        /// (at least `screenRows` rows) unless the expected rows end before.
        func rows(fromTopShowing expected: (Int) -> Int64?, screenRows: Int) -> [Row]? {
            guard let rows = rows(), rows.first?.position == 0 else { return nil }
            for row in rows where expected(row.position) != row.ticket.id { return nil }
            return rows.count >= screenRows || expected(rows.count) == nil ? rows : nil
        }

        /// The texts of the text cells of a table row's widget, read from their labels.
        static func cellTexts(of rowWidget: UnsafeMutablePointer<GtkWidget>) -> Set<String> {
            let list = gtk_container_get_children(gcast(rowWidget))
            defer { g_list_free(list) }
            var texts = Set<String>()
            for cell in GListSequence(list, of: GtkWidget.self)
            where g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(cell)), glm_text_cell_get_type()) != 0 {
                texts.insert(String(cString: glm_text_cell_get_text(OpaquePointer(cell))))
            }
            return texts
        }
    }

    extension [ShownTickets.Row] {
        /// Whether the ids go up one by one with the positions: the consecutive rows of the table
        /// sorted by id, none missing or repeated.
        var areConsecutive: Bool {
            zip(self, dropFirst()).allSatisfy { $1.position == $0.position + 1 && $1.ticket.id == $0.ticket.id + 1 }
        }

        /// Whether the ids only go up with the positions.
        var areIncreasing: Bool { zip(self, dropFirst()).allSatisfy { $1.ticket.id > $0.ticket.id } }
    }
#endif
