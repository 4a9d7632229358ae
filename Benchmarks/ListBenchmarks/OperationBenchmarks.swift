import CGtk
import GtkListManager
import ModelStorage

/// The row operations each kind of change issues, on lists of two sizes: the counts are the
/// same, because the updater works at positions it computes from the change alone.
@MainActor
extension ManagerBenchmarks {
    struct Change {
        let name: String
        let apply: (MemoryStorage) -> Void
    }

    static let changes: [Change] = [
        Change(name: "insert one item") { try? $0.insertItem("new", to: IndexPath(item: 5, section: 4)) },
        Change(name: "delete one item") { $0.removeItems(at: [IndexPath(item: 5, section: 4)]) },
        Change(name: "move one item to another section") {
            $0.moveItem(at: IndexPath(item: 5, section: 4), to: IndexPath(item: 0, section: 7))
        },
        Change(name: "update one item (refreshed in place)") {
            try? $0.replaceItem(at: IndexPath(item: 5, section: 4), with: "changed")
        },
        Change(name: "insert a section of 10 items with header and footer") { storage in
            let section = SectionModel(items: (0..<10).map { "added \($0)" })
            storage.performUpdates {
                storage.insertSection(section, at: 10)
                storage.setSupplementaryModel("new header", ofKind: .header, forSection: 10)
                storage.setSupplementaryModel("new footer", ofKind: .footer, forSection: 10)
            }
        },
        Change(name: "delete a section") { $0.deleteSections([3]) },
        Change(name: "delete 100 scattered items") { storage in
            let paths = (0..<100).map { IndexPath(item: $0 * 7 % storage.numberOfItems(inSection: $0 % 10), section: $0 % 10) }
            storage.removeItems(at: Array(Set(paths)))
        },
    ]

    static func operationsPerChange() {
        var rows: [[String]] = []
        for change in changes {
            var cells = [change.name]
            for itemsPerSection in [100, 1_000] {
                let (counts, seconds) = measureOperations(of: change, itemsPerSection: itemsPerSection)
                cells.append(describe(counts))
                cells.append(formatted(seconds))
            }
            rows.append(cells)
        }
        printTable(
            "Row operations issued per change (10 sections with header and footer rows)",
            ["change", "operations, 1,000 items", "time", "operations, 10,000 items", "time"], rows)
        print(
            "\nEach operation is a fixed handful of GTK calls (an insert makes and inserts one GtkListBoxRow, a remove "
                + "destroys one, a move re-inserts one, a lookup reads one row to refresh it in place).")
    }

    /// Applies `change` to fresh lists of 10 sections: the host operations it issued and the
    /// median time of three runs.
    private static func measureOperations(of change: Change, itemsPerSection: Int) -> (CountingHost.Counts, Double) {
        let runs = (0..<3).map { _ in measureOnce(change, itemsPerSection: itemsPerSection) }
        precondition(runs.allSatisfy { $0.0 == runs[0].0 }, "a change issued different operations on identical lists")
        return (runs[0].0, runs.map(\.1).sorted()[1])
    }

    private static func measureOnce(_ change: Change, itemsPerSection: Int) -> (CountingHost.Counts, Double) {
        let counter = CountingHost(forwardingTo: ListBoxHost())
        let manager = ListManager(host: counter)
        manager.register(LabelRow.self)
        let storage = manager.memoryStorage!
        storage.setSectionHeaderModels((0..<10).map { "Header \($0)" })
        storage.setSectionFooterModels((0..<10).map { "Footer \($0)" })
        storage.setItemsForAllSections((0..<10).map { section in (0..<itemsPerSection).map { "Row \(section).\($0)" } })
        counter.resetCounts()
        let seconds = medianSeconds(repetitions: 1) { change.apply(storage) }
        let counts = counter.counts
        gtk_widget_destroy(manager.widget)
        return (counts, seconds)
    }

    private static func describe(_ counts: CountingHost.Counts) -> String {
        let parts = [
            ("insert", counts.inserts), ("remove", counts.removes), ("move", counts.moves), ("rebind", counts.rebinds),
            ("lookup", counts.lookups),
        ]
        .filter { $0.1 > 0 }
        .map { "\($0.1) \($0.0)" }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
