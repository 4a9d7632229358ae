#if PostgreSQL
    import CGtk
    import Foundation
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// `--postgres URL [--table NAME]`: a table of a PostgreSQL database in a table on the
    /// virtualized host, a page of rows read at a time by keyset: ten million rows open like a
    /// hundred. A click on the header of an indexed column sorts on the server, the search field
    /// filters there (`ILIKE` over the text columns), and the rows follow what other clients
    /// commit (triggers installed when the role may, else the window says it is not live).
    @MainActor
    final class PostgresTableWindow {
        let window: UnsafeMutablePointer<GtkWidget>
        let manager: ListManager
        private(set) var anomalies: [ManagerAnomaly] = []
        private let host = VirtualListHost()
        private let headerBar = gtk_header_bar_new()!
        private let searchEntry = gtk_search_entry_new()!
        private let database: PostgresSharedConnection
        private let tableName: String
        private var storage: PagedStorage<PostgresPageSource<PostgresTextRecord>>?
        private var listener: PostgresChangeListener?
        /// The unfiltered source, in the order shown.
        private var source: PostgresPageSource<PostgresTextRecord>?
        /// Writes the user's edits.
        private var writer: PostgresTableWriter?
        /// Why the rows do not follow other clients' changes; nil when they do.
        private var notLive: String?
        /// Why the table cannot be shown (a missing table, no server); nil while it can.
        private(set) var problem: String?
        /// Where the list shows its content state until the table's columns are known.
        private let placeholder = gtk_scrolled_window_new(nil, nil)!

        init(database: PostgresSharedConnection, table: String, search: String = "") {
            self.database = database
            tableName = table
            manager = ListManager(host: host, configuration: .viewer)
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_title(gcast(window), table)
            gtk_window_set_default_size(gcast(window), 900, 600)
            gtk_header_bar_set_title(gcast(headerBar), table)
            gtk_header_bar_set_subtitle(gcast(headerBar), "Connecting…")
            gtk_header_bar_set_show_close_button(gcast(headerBar), 1)
            gtk_window_set_titlebar(gcast(window), headerBar)
            gtk_entry_set_placeholder_text(gcast(searchEntry), "Search")
            gtk_entry_set_text(gcast(searchEntry), search)
            gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
            manager.anomalyHandler.action = { [unowned self] anomaly in
                anomalies.append(anomaly)
                print(anomaly.debugDescription)
            }
            manager.contentState = .loading
            gtk_container_add(gcast(placeholder), manager.widget)
            gtk_container_add(gcast(window), placeholder)
            Task { await open() }
        }

        /// Reads the table's columns, shows the table, and follows its changes.
        private func open() async {
            do {
                let source = try await PostgresPageSource<PostgresTextRecord>(database, table: tableName)
                show(source)
                await follow(source)
            } catch {
                problem = "\(error)"
                manager.contentState = .failed(message: "\(error)", retry: { [weak self] in Task { await self?.open() } })
                gtk_header_bar_set_subtitle(gcast(headerBar), "Not shown")
            }
        }

        private func show(_ source: PostgresPageSource<PostgresTextRecord>) {
            self.source = source
            let search = String(cString: gtk_entry_get_text(gcast(searchEntry)))
            let shown = search.isEmpty ? source : (try? source.filtered(by: .contains(search, in: source.textColumns))) ?? source
            let storage = PagedStorage(source: shown, handOff: GLibMainActorHandOff())
            self.storage = storage
            manager.storage = storage
            manager.showsStatus(of: storage)
            let earlier = storage.statusDidChange
            storage.statusDidChange = { [weak self] in
                earlier?()
                self?.showCounts()
            }
            // The list leaves the placeholder's scrolled window for the table's (held meanwhile).
            g_object_ref(gcast(manager.widget))
            defer { g_object_unref(gcast(manager.widget)) }
            gtk_container_remove(gcast(placeholder), manager.widget)
            gtk_widget_destroy(placeholder)
            let textColumns = Set(source.textColumns)
            let table = manager.makeTable(
                columns: source.columns.map { name in
                    // Sorting a column no index starts with sorts the whole table for each page:
                    // offered only where an index answers it. Text gets the room.
                    TableColumn(
                        name, title: name, width: .share(textColumns.contains(name) ? 2 : 1), minimumWidth: 60,
                        isSortable: source.sortsThroughIndex(by: name))
                })
            for (index, name) in source.columns.enumerated() {
                manager.register(TextCell.self, for: PostgresTextRecord.self, column: name) { cell, record, _ in
                    cell.text = record.values[index] ?? "—"
                }
            }
            table.didChangeSort { [weak self] keys in self?.apply(sort: keys) }
            makeTextEditable(table, of: source)
            Signal.connect(searchEntry, "search-changed") { [weak self] entry in
                self?.apply(search: String(cString: gtk_entry_get_text(gcast(entry))))
            }
            gtk_container_add(gcast(window), table.widget)
            gtk_widget_show_all(table.widget)
        }

        /// Makes the text columns editable in place (F2, a double click): a commit writes the
        /// row, only if it still holds what the user saw when the editor opened; every window on
        /// the table shows the edit through the change feed. A refusal (a conflict, a constraint)
        /// stays in the editor with the text typed and the server's reason; Enter again writes
        /// over the row as it is then.
        private func makeTextEditable(_ table: ListTable, of source: PostgresPageSource<PostgresTextRecord>) {
            let keyIndices = source.primaryKey.compactMap { source.columns.firstIndex(of: $0) }
            guard keyIndices.count == source.primaryKey.count else { return }
            for column in source.textColumns where !source.primaryKey.contains(column) {
                guard let index = source.columns.firstIndex(of: column) else { continue }
                // Saved before the editor closes: a stale edit or a refusal stays in the editor,
                // with the text typed and the server's reason under it.
                table.saveTextEdit(PostgresTextRecord.self, column: column) { [weak self] text, record, _ in
                    guard let self, text != record.values[index] else { return }
                    let key: [PostgresTableWriter.Value] = keyIndices.map { record.values[$0] }
                    try await write(text, to: column, ofRowWithKey: key, expecting: record.values[index])
                }
            }
        }

        private func write(_ text: String, to column: String, ofRowWithKey key: [PostgresTableWriter.Value], expecting previous: String?)
            async throws
        {
            do {
                if writer == nil { writer = try await PostgresTableWriter(database, table: tableName) }
                try await writer?.update(rowWithKey: key, set: [column: text], expecting: [column: previous])
            } catch {
                FileHandle.standardError.write(Data("package-viewer: not saved: \(column) “\(text)”: \(error)\n".utf8))
                throw error
            }
        }

        /// Installs the table's change feed and listens to it; says why not when the role may
        /// not install triggers.
        private func follow(_ source: PostgresPageSource<PostgresTextRecord>) async {
            let feed = PostgresChangeFeed(table: tableName)
            do {
                try await feed.install(on: database)
                let listener = PostgresChangeListener(database.settings, feed: feed)
                self.listener = listener
                storage?.follow(listener)
            } catch {
                notLive = "not live: \(error)"
                FileHandle.standardError.write(Data("package-viewer: \(notLive!)\n".utf8))
            }
            showCounts()
        }

        private func apply(sort keys: [SortKey]) {
            guard let source, let sorted = try? source.sorted(by: keys) else { return }
            self.source = sorted
            apply(search: String(cString: gtk_entry_get_text(gcast(searchEntry))))
        }

        private func apply(search text: String) {
            guard let source, let storage else { return }
            let filter = text.isEmpty ? nil : PostgresFilter.contains(text, in: source.textColumns)
            guard let filtered = try? source.filtered(by: filter) else { return }
            manager.reset(storage, to: filtered)
        }

        /// Whether the first screen of rows is read (for a screenshot).
        var showsRows: Bool {
            guard let storage, storage.count > 0, let onScreen = host.positionsOnScreen, !onScreen.isEmpty else { return false }
            return onScreen.allSatisfy { !(storage.peek(at: $0) is PendingRow) && host.boundRow(at: $0) != nil }
        }

        /// Whether the count is exact and the rows follow other clients (or cannot): what a
        /// screenshot waits for, after the rows.
        var isSettled: Bool {
            guard let storage else { return problem != nil }
            return storage.isCountExact && (listener?.isListening ?? (notLive != nil))
        }

        /// What the subtitle says: the rows shown, their order, whether they follow changes.
        private func showCounts() {
            guard let storage else { return }
            let count = storage.isCountExact ? storage.count.formatted() : "about \(storage.count.formatted())"
            let order = storage.source.sort.first.map { " · by \($0.column)\($0.ascending ? "" : " ↓")" } ?? ""
            let live = notLive == nil ? (listener == nil ? "" : " · live") : " · not live"
            gtk_header_bar_set_subtitle(gcast(headerBar), "\(count) rows\(order)\(live)")
        }
    }
#endif
