#if PostgreSQL
    import CGtk
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// The list the PostgreSQL storage's article (`PostgresStorage.docc`) has an app write, and
    /// nothing more: a `PagedStorage` with the documented defaults (`GLibMainActorHandOff`, the
    /// default page size and capacity) on the virtualized host, its status shown, a declared table
    /// of the ticket's columns whose header clicks reset the storage to the source sorted on the
    /// server, in a 1280×800 window. What the benchmark times is what such an app does.
    @MainActor
    final class PostgresTicketWindow {
        static let width: Int32 = 1280
        static let height: Int32 = 800

        let storage: PagedStorage<PostgresPageSource<BenchTicket>>
        let host = VirtualListHost()
        let manager: ListManager
        let table: ListTable
        let window: UnsafeMutablePointer<GtkWidget>
        /// Set up once the window is realized, before its first frame.
        let screen: ScreenWatch

        /// The rows' scrolling, below the table's headers.
        var vertical: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(gcast(table.scrolledWindow)) }

        /// How far the rows scroll: the adjustment's upper bound less a page.
        var scrollRange: Double { gtk_adjustment_get_upper(vertical) - gtk_adjustment_get_page_size(vertical) }

        /// Makes and shows the list over `source`, as the article writes it; its rows come later.
        init(source: PostgresPageSource<BenchTicket>) {
            let storage = PagedStorage(source: source, handOff: GLibMainActorHandOff())
            self.storage = storage
            manager = ListManager(host: host, storage: storage)
            manager.showsStatus(of: storage)
            // Sortable where an index starts with the column (the article's table of indexes).
            table = manager.makeTable(of: BenchTicket.self) {
                ModelColumn("ID", id: "id", text: { ticket, _ in String(ticket.id) }).width(.fixed(110)).alignedToEnd()
                ModelColumn("Title", id: "title", text: \.title).width(.share(1)).allowing(sorting: false)
                ModelColumn("Status", id: "status", text: \.status).width(.fixed(110))
                ModelColumn("Priority", id: "priority", text: { ticket, _ in String(ticket.priority) }).width(.fixed(90)).alignedToEnd()
                ModelColumn("Assignee", id: "assignee", text: { ticket, _ in ticket.assignee ?? "—" }).width(.fixed(120))
                    .allowing(sorting: false)
                ModelColumn("Updated", id: "updated_at", text: { ticket, _ in ticket.updatedAt.formatted(.iso8601) }).width(.fixed(230))
            }
            table.didChangeSort { [weak storage] keys in
                guard let storage, let sorted = try? storage.source.sorted(by: keys) else { return }
                storage.reset(to: sorted)
            }
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_default_size(gcast(window), Self.width, Self.height)
            gtk_container_add(gcast(window), table.widget)
            gtk_widget_show_all(window)
            screen = ScreenWatch(window: window)
        }

        /// What the rows on screen show, read back from GTK.
        var onScreen: ShownTickets { ShownTickets(host: host, storage: storage) }
    }
#endif
