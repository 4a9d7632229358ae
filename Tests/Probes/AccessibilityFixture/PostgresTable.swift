// The table the fixture shows with `--postgres TABLE`: the rows of TABLE (an `id bigint` primary
// key and a `title text`) on the PostgreSQL server libpq's `PG*` variables name, paged by a
// `PostgresPageSource` on the virtualized host, as PostgresStorage's article has an app show
// them: columns "Id" and "Title". With --editable the titles are edited through `saveTextEdit`,
// saved by a `PostgresTableWriter` (the editor says "Saving…" until the server answers; a
// refusal leaves it open with the server's message). It prints `saving: ID TEXT` when a save
// starts, then `saved: ID` or `refused: ID MESSAGE`.
#if PostgreSQL
    import CGtk
    import GtkListManager
    import ModelStorage
    import PostgresNIO
    import PostgresStorage

    @MainActor
    final class PostgresTable {
        struct Ticket: PostgresRecord {
            static let columns = ["id", "title"]
            let id: Int64, title: String

            init(row: PostgresRandomAccessRow) throws {
                id = try row["id"].decode(Int64.self)
                title = try row["title"].decode(String.self)
            }
        }

        let storage: PagedStorage<PostgresPageSource<Ticket>>
        let writer: PostgresTableWriter

        private init(storage: PagedStorage<PostgresPageSource<Ticket>>, writer: PostgresTableWriter) {
            self.storage = storage
            self.writer = writer
        }

        /// Opens `table` on the server of the environment, waiting on the main loop; nil (said on
        /// stdout) when it cannot.
        static func open(_ table: String) -> PostgresTable? {
            var opened: Result<PostgresTable, any Error>?
            Task { @MainActor in
                do {
                    let database = PostgresSharedConnection(try PostgresConnectionSettings.fromEnvironment())
                    let source = try await PostgresPageSource<Ticket>(database, table: table)
                    let writer = try await PostgresTableWriter(database, table: table)
                    let storage = PagedStorage(source: source, handOff: GLibMainActorHandOff())
                    opened = .success(PostgresTable(storage: storage, writer: writer))
                } catch {
                    opened = .failure(error)
                }
            }
            GtkRuntime.iterate(until: { opened != nil }, timeout: .seconds(30))
            switch opened {
            case .success(let table): return table
            case .failure(let error): emit("accessibility-fixture: --postgres: \(error)")
            case nil: emit("accessibility-fixture: --postgres: the server did not answer")
            }
            return nil
        }

        /// Shows the storage in `manager`'s list as a table of ids and titles.
        func makeTable(on manager: ListManager, editable: Bool) -> ListTable {
            manager.storage = storage
            manager.showsStatus(of: storage)
            let table = manager.makeTable(of: Ticket.self) {
                ModelColumn("Id", id: "id", text: { ticket, _ in "\(ticket.id)" }).width(.fixed(80))
                ModelColumn("Title", id: "title", text: \.title).width(.fixed(240))
            }
            if editable {
                table.saveTextEdit(Ticket.self, column: "title") { [writer] title, ticket, _ in
                    emit("saving: \(ticket.id) \(title)")
                    do {
                        try await writer.update(rowWithKey: [ticket.id], set: ["title": title], expecting: ["title": ticket.title])
                        emit("saved: \(ticket.id)")
                    } catch {
                        emit("refused: \(ticket.id) \(error)")
                        throw error
                    }
                }
            }
            return table
        }
    }
#endif
