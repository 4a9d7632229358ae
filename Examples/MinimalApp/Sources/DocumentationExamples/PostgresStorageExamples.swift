// swift-format-ignore-file
// The examples of PostgresStorage's DocC article, as printed there (checked by
// scripts/check-doc-examples.sh). Compiled only: running them needs a server.
import GtkListManager
import ModelStorage
import PostgresNIO
import PostgresStorage

enum PostgresStorageArticle {
    struct Ticket: PostgresRecord {
        static let columns = ["id", "title", "status"]
        let id: Int64, title: String, status: String

        init(row: PostgresRandomAccessRow) throws {
            id = try row["id"].decode(Int64.self)
            title = try row["title"].decode(String.self)
            status = try row["status"].decode(String.self)
        }
    }

    @MainActor
    static func ticketsStorage() async throws -> PagedStorage<PostgresPageSource<Ticket>> {
        let database = PostgresSharedConnection(try PostgresConnectionSettings(url: "postgres://desk@db.example.com/tickets"))
        let tickets = try await PostgresPageSource<Ticket>(database, table: "tickets", sortedBy: [SortKey("title")])
        let storage = PagedStorage(source: tickets, handOff: GLibMainActorHandOff())
        return storage
    }

    @MainActor
    static func follow(_ storage: PagedStorage<PostgresPageSource<Ticket>>, of database: PostgresSharedConnection) async throws
        -> PostgresChangeListener
    {
        let feed = PostgresChangeFeed(table: "tickets")
        try await feed.install(on: database)
        let listener = PostgresChangeListener(database.settings, feed: feed)
        storage.follow(listener)
        return listener
    }

    @MainActor
    static func readFromAReplica(
        _ replicaSettings: PostgresConnectionSettings, primarySettings: PostgresConnectionSettings, feed: PostgresChangeFeed
    ) async throws -> PagedStorage<PostgresPageSource<Ticket>> {
        let replica = PostgresSharedConnection(replicaSettings)
        let source = try await PostgresPageSource<Ticket>(replica, table: "tickets")
        let storage = PagedStorage(source: source, handOff: GLibMainActorHandOff())
        storage.follow(PostgresChangeListener(primarySettings, feed: feed, readingFrom: replicaSettings))
        return storage
    }

    @MainActor
    static func sortAndFilter(_ storage: PagedStorage<PostgresPageSource<Ticket>>, searchText: String) throws {
        storage.reset(to: try storage.source.sorted(by: [SortKey("updated_at", ascending: false)]))
        storage.reset(to: try storage.source.filtered(by: .contains(searchText, in: ["title", "body"])))
    }

    @MainActor
    static func showInATable(_ storage: PagedStorage<PostgresPageSource<Ticket>>) -> ListManager {
        let manager = ListManager(host: VirtualListHost(), storage: storage)
        manager.showsStatus(of: storage)
        let table = manager.makeTable(of: Ticket.self) {
            ModelColumn("Title", id: "title", text: \.title).allowing(sorting: true)
            ModelColumn("Status", id: "status", text: \.status).allowing(sorting: true)
        }
        table.didChangeSort { [weak manager, weak storage] keys in
            guard let manager, let storage, let sorted = try? storage.source.sorted(by: keys) else { return }
            manager.reset(storage, to: sorted)
        }
        return manager
    }

    static func write(
        _ database: PostgresSharedConnection, ticket: Ticket, title: String, selected: [Ticket], above: Ticket, below: Ticket
    ) async throws {
        let writer = try await PostgresTableWriter(database, table: "tickets")
        try await writer.update(rowWithKey: [ticket.id], set: ["title": title], expecting: ["title": ticket.title])
        try await writer.delete(rowsWithKeys: selected.map { [$0.id] })
        try await writer.move(rowWithKey: [ticket.id], orderColumn: "rank", after: [above.id], before: [below.id])
    }

    @MainActor
    static func editTitles(in table: ListTable, writer: PostgresTableWriter) {
        table.saveTextEdit(Ticket.self, column: "title") { title, ticket, _ in
            // The editor waits; a conflict stays in it, with the title typed and the reason.
            try await writer.update(rowWithKey: [ticket.id], set: ["title": title], expecting: ["title": ticket.title])
        }
    }

    struct Folder: PostgresRecord, Hashable {
        static let columns = ["id", "name"]
        let id: Int64, name: String

        init(row: PostgresRandomAccessRow) throws {
            id = try row["id"].decode(Int64.self)
            name = try row["name"].decode(String.self)
        }
    }

    @MainActor
    static func showFolders(_ database: PostgresSharedConnection, in tree: OutlineStorage<String, PostgresTreeRow<Folder>>) async throws {
        let folders = try await PostgresChildrenReader<Folder>(database, table: "folders", parentColumn: "parent_id", sortedBy: [SortKey("name")])
        let roots = try await folders.children(of: nil)
        var outline = OutlineSnapshot<PostgresTreeRow<Folder>>()
        outline.append(roots)
        outline.markChildrenUnloaded(roots.filter(\.hasChildren))
        tree.apply(outline, to: "folders")
        tree.childrenProvider = .async(mayHaveChildren: { $0.hasChildren }) { folder in
            try await folders.children(of: folder.record.id)
        }
    }

    static func connectionSettings() throws -> [PostgresConnectionSettings] {
        // What the URL leaves out comes from PGHOST, PGUSER, … and libpq's defaults.
        let settings = try PostgresConnectionSettings(url: "postgres://desk@db.example.com/tickets?sslmode=verify-full")
        let local = try PostgresConnectionSettings.fromEnvironment()
        var timed = try PostgresConnectionSettings.fromEnvironment()
        timed.statementTimeout = .seconds(5)  // statement_timeout: the server cancels a slower statement
        return [settings, local, timed]
    }
}
