import GtkListManager
import ModelStorage

/// The storage a side's list shows and how the app hands it a tick's new rows, as the
/// documentation has an app write "a row's values changed":
/// - unsorted, a `MemoryStorage` of `StormRow`s at their ids' positions (they never move):
///   `replaceItem(at:with:)` per row, or the tick's replacements in one `performUpdates`;
/// - sorted by the key column, a `SortedStorage` (results handed back through GLib, as a GTK
///   app passes): `upsert` of each row, or one `upsert` of the tick's rows.
@MainActor
struct StormStorage {
    /// One call per row update, or one per tick.
    enum Style: String, CaseIterable {
        case each
        case batch
    }

    let storage: any Storage
    let apply: ([StormRow]) -> Void
    /// The sorted storage, which a table's sort follows; nil when unsorted.
    let sortedStorage: SortedStorage<StormRow, Unsectioned>?

    static func make(_ rows: [StormRow], sorted: Bool, style: Style) -> StormStorage {
        sorted ? sortedByKey(rows, style: style) : memory(rows, style: style)
    }

    private static func memory(_ rows: [StormRow], style: Style) -> StormStorage {
        let storage = MemoryStorage()
        storage.setItems(rows)
        func replace(_ row: StormRow) { try? storage.replaceItem(at: IndexPath(item: row.id, section: 0), with: row) }
        switch style {
        case .each:
            return StormStorage(storage: storage, apply: { rows in for row in rows { replace(row) } }, sortedStorage: nil)
        case .batch:
            return StormStorage(
                storage: storage, apply: { rows in storage.performUpdates { for row in rows { replace(row) } } }, sortedStorage: nil)
        }
    }

    private static func sortedByKey(_ rows: [StormRow], style: Style) -> StormStorage {
        let storage = SortedStorage<StormRow, Unsectioned>(sortedBy: { $0.key < $1.key }, handOff: GLibMainActorHandOff())
        storage.reset(rows, execution: .immediate)
        switch style {
        case .each:
            return StormStorage(storage: storage, apply: { rows in for row in rows { storage.upsert([row]) } }, sortedStorage: storage)
        case .batch: return StormStorage(storage: storage, apply: { rows in storage.upsert(rows) }, sortedStorage: storage)
        }
    }
}
