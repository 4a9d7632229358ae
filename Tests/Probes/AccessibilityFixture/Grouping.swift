import GtkListManager
import GtkTestSupport
import ModelStorage

// With --table --grouped G: the fixture's items (numbers) grouped by their remainder modulo G
// in the Kind column, each group row titled "group R (count)" in the Item column with the sum of
// its items in the Size column (GroupedStorage, followed by the table as an app does).

extension Int: Diffable {
    /// The group of item k: its remainder modulo `FixtureGrouping.groups`.
    var fixtureGroup: Int { self % FixtureGrouping.groups }
}

@MainActor
enum FixtureGrouping {
    nonisolated(unsafe) static var groups = 1

    /// Replaces the manager's storage (the fixture's items) by its items grouped in `groups`
    /// groups, grouped before the window shows.
    static func group(_ table: ListTable, of manager: ListManager, in groups: Int) {
        Self.groups = max(groups, 1)
        guard let items = manager.storage as? any ObservableStorage else { return }
        let grouped = GroupedStorage<Int>(items, handOff: GLibMainActorHandOff())
        let groupings = ColumnGroupings<Int>()
            .column("kind", by: \.fixtureGroup, title: { "group \($0)" })
            .total("size", .sum, of: \.self)
        manager.storage = grouped
        table.follow(grouped, using: groupings)
        // As the header menu's Group by This Column does; grouped off the main thread, waited for.
        table.grouping = ["kind"]
        GtkRuntime.iterate(until: { !grouped.hasPendingGrouping && grouped.grouping == ["kind"] })
    }
}
