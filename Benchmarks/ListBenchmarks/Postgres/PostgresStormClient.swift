#if PostgreSQL
    import CGtk
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// One client of the storm: what an app of the article writes, in a window of its own. Its own
    /// `PostgresSharedConnection`, a `PostgresPageSource` over the storm table in its order, the
    /// benchmark's list (`PostgresTicketWindow`: `PagedStorage` with the documented defaults on the
    /// virtualized host, a declared table) and a `PostgresChangeListener` the storage follows
    /// (`storage.follow(listener)`). The two clients' windows stand side by side, 950×800 each.
    @MainActor
    final class PostgresStormClient {
        static let width: Int32 = 950

        let order: PostgresStormOrder
        let database: PostgresSharedConnection
        let listener: PostgresChangeListener
        let list: PostgresTicketWindow
        /// When the storage last changed its status (a read started or ended), wall time.
        private(set) var lastActivity = ProcessProbes.wallMilliseconds()

        var storage: PagedStorage<PostgresPageSource<BenchTicket>> { list.storage }

        /// Opens the source (before any clock), makes and shows the list as window `index`, and
        /// follows the table's feed.
        init(_ order: PostgresStormOrder, index: Int, settings: PostgresConnectionSettings, table: PostgresStormTable) throws {
            self.order = order
            let database = PostgresSharedConnection(settings)
            self.database = database
            let source = try MainLoopAwait.value {
                try await PostgresPageSource<BenchTicket>(database, table: PostgresStormTable.name, sortedBy: order.sort)
            }
            list = PostgresTicketWindow(source: source)
            gtk_window_set_title(gcast(list.window), "\(PostgresStormTable.name) \(order.label)")
            gtk_window_resize(gcast(list.window), Self.width, PostgresTicketWindow.height)
            gtk_window_move(gcast(list.window), Int32(index) * (Self.width + 10), 0)
            listener = PostgresChangeListener(settings, feed: table.feed)
            list.storage.follow(listener)
            let storage = list.storage, earlier = storage.statusDidChange
            storage.statusDidChange = { [weak self] in
                earlier?()
                self?.lastActivity = ProcessProbes.wallMilliseconds()
            }
        }

        /// What the rows on screen show, read back from GTK.
        var onScreen: ShownTickets { list.onScreen }

        /// Whether the list shows rows, knows its exact count, reads nothing and listens.
        var isReady: Bool {
            onScreen.rows() != nil && storage.isCountExact && !storage.isLoading && listener.isListening
        }

        /// Whether the list has read nothing for `milliseconds` and knows its exact count: what
        /// it shows is what it will show until the next change.
        func isQuiet(for milliseconds: Double) -> Bool {
            storage.isCountExact && !storage.isLoading && ProcessProbes.wallMilliseconds() - lastActivity >= milliseconds
        }

        func stop() {
            listener.stop()
            gtk_widget_destroy(list.window)
            let database = database
            Task { await database.close() }
        }
    }
#endif
