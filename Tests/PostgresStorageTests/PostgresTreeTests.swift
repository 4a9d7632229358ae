#if PostgreSQL
    import ModelStorage
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// A parent/child table as a tree: the roots read first, each level read when its parent
    /// expands, in order, with arrows only on rows that have children; a level past the limit is
    /// its parent's error row, not a part of it.
    @MainActor
    @Suite struct PostgresTreeTests {
        struct Folder: PostgresRecord, Hashable {
            static let columns = ["id", "name"]
            let id: Int64, name: String

            init(row: PostgresRandomAccessRow) throws {
                id = try row["id"].decode(Int64.self)
                name = try row["name"].decode(String.self)
            }
        }

        typealias Row = PostgresTreeRow<Folder>

        @Test func levelsAreReadAsTheyExpand() async throws {
            try await TestServer.withScratchSchema { connection, schema in
                try await TestServer.run(
                    [
                        "CREATE TABLE \(schema).folders (id bigint PRIMARY KEY, parent_id bigint REFERENCES \(schema).folders, name text NOT NULL)",
                        "CREATE INDEX ON \(schema).folders (parent_id)",
                        "INSERT INTO \(schema).folders VALUES (1, NULL, 'usr'), (2, NULL, 'etc'), (3, 1, 'lib'), (4, 1, 'bin'), (5, 3, 'x86_64')",
                        // A folder of 30 files: more than the limit of the reader below.
                        "INSERT INTO \(schema).folders SELECT 100 + i, 2, 'file ' || i FROM generate_series(1, 30) i",
                    ], on: connection)
                let database = PostgresSharedConnection(try TestServer.settings())
                let folders = try await PostgresChildrenReader<Folder>(
                    database, table: "folders", schema: schema, parentColumn: "parent_id", sortedBy: [SortKey("name")], limit: 20)
                let roots = try await folders.children(of: nil)
                #expect(roots.map(\.record.name) == ["etc", "usr"])
                #expect(roots.map(\.hasChildren) == [true, true])

                let storage = OutlineStorage<String, Row>()
                storage.childrenProvider = .async(mayHaveChildren: { $0.hasChildren }) { folder in
                    try await folders.children(of: folder.record.id)
                }
                var outline = OutlineSnapshot<Row>()
                outline.append(roots)
                outline.markChildrenUnloaded(roots.filter(\.hasChildren))
                storage.apply(outline, to: "/")
                @MainActor func names() -> [String] {
                    (0..<storage.numberOfItems(inSection: 0)).map { index in
                        let item = storage.item(at: IndexPath(item: index, section: 0))
                        return (item as? Row)?.record.name ?? (item is OutlineChildrenStatus ? "…" : "?")
                    }
                }
                let usr = roots[1]
                storage.expand([usr])
                #expect(try await TestServer.eventually { names() == ["etc", "usr", "bin", "lib"] })
                let lib = try #require((storage.item(at: IndexPath(item: 3, section: 0)) as? Row))
                #expect(lib.hasChildren && storage.outlinePlace(at: IndexPath(item: 3, section: 0))?.hasChildren == true)
                #expect(storage.outlinePlace(at: IndexPath(item: 2, section: 0))?.hasChildren == false, "bin has no arrow")
                storage.expand([usr, lib])
                #expect(try await TestServer.eventually { names() == ["etc", "usr", "bin", "lib", "x86_64"] })
                // 30 files under etc, 20 at most a level: etc's error row says why.
                storage.expand([roots[0]])
                let phase = { @MainActor in (storage.item(at: IndexPath(item: 1, section: 0)) as? OutlineChildrenStatus)?.phase }
                #expect(try await TestServer.eventually { phase() != .loading && phase() != nil })
                #expect(phase() == .failed(PostgresStorageError.tooManyChildren("2", limit: 20).description))
                await database.close()
            }
        }
    }
#endif
