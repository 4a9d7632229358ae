import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import SeededRandom
import XCTest

/// Seeded random trees, expansions, collapses, new trees, edits in place and moves on the
/// list-box and virtualized hosts; after every step each row GTK shows (read through GTK: its container's children, their
/// labels, places and margins) is the storage's row there, indented by its level.
final class TreeRandomizedTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    func testRandomTreesOnBothHostsShowTheStoragesRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for seed in SeedCount.seeds(12).map({ $0 + 1 }) {
                for makeHost in [{ ListBoxHost() as any ListHost }, { VirtualListHost() as any ListHost }] {
                    try Self.run(seed: seed, host: makeHost())
                }
            }
        }
    }

    @MainActor private static func run(seed: UInt64, host: any ListHost) throws {
        var random = SplitMix64(seed: seed)
        let storage = OutlineStorage<String, String>()
        storage.anomalyHandler.action = { _ in }  // refused moves are part of the game
        let manager = ListManager(host: host, storage: storage)
        manager.register(NameRow.self)
        let list = ShownList(manager, width: 300, height: 300)
        defer { list.close() }
        let names = (0..<40).map { "n\($0)" }
        var added = 0
        for step in 0..<25 {
            let items = storage.outline(of: "S").items
            added += 1
            switch Int.random(in: 0..<11, using: &random) {
            case 0 where step % 3 == 0, _ where items.isEmpty:
                var outline = OutlineSnapshot<String>()
                for name in names.shuffled(using: &random) {
                    let parents = outline.items
                    outline.append(
                        [name],
                        to: parents.isEmpty || Int.random(in: 0..<3, using: &random) == 0 ? nil : parents.randomElement(using: &random))
                }
                storage.apply(outline, to: "S")
            case 1, 2, 3:
                storage.expand([items.randomElement(using: &random)!])
            case 4:
                storage.collapse([items.randomElement(using: &random)!])
            case 5:
                storage.append(["new\(added)"], to: items.randomElement(using: &random)!, inSection: "S")
            case 6:
                storage.delete([items.randomElement(using: &random)!])
            case 7:
                // A move into an item's own subtree is refused: the tree stays as it was.
                let anchor = items.randomElement(using: &random)!
                let placements: [OutlinePlacement<String>] = [.before(anchor), .after(anchor), .into(anchor)]
                storage.move([items.randomElement(using: &random)!], to: placements.randomElement(using: &random)!)
            case 8:
                // Several at once: a series of runs, which a batching host takes in one call.
                let some = Array(items.shuffled(using: &random).prefix(8))
                if Bool.random(using: &random) { storage.expand(some) } else { storage.collapse(some) }
            case 9:
                if Bool.random(using: &random) { storage.expandAll() } else { storage.collapseAll() }
            default:
                storage.expandDescendants(of: items.randomElement(using: &random)!)
            }
            list.settleFrame()
            try check(manager, storage, host: host, context: "seed \(seed), step \(step), \(type(of: host))")
        }
    }

    /// Each row container GTK shows: its label is the storage's item at the row it is placed
    /// on, and its content is indented by that item's level.
    @MainActor private static func check(
        _ manager: ListManager, _ storage: OutlineStorage<String, String>, host: any ListHost, context: String
    ) throws {
        let outline = storage.outline(of: "S")
        XCTAssertEqual(manager.rowCount, outline.visibleCount, context)
        var checked = 0
        for container in containerChildren(manager.widget) {
            guard gtk_widget_get_child_visible(container) != 0, gtk_widget_get_visible(container) != 0,
                let label = gtk_bin_get_child(gcast(container))
            else { continue }
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(container, &allocation)
            // A list box's rows know their index; the virtualized list's are placed in its viewport.
            guard
                let position = host is ListBoxHost
                    ? Int(gtk_list_box_row_get_index(gcast(container))) : host.position(atY: Double(allocation.y) + 1)
            else { continue }
            let item = try XCTUnwrap(outline.visibleItem(at: position), "\(context): a row at \(position)")
            XCTAssertEqual(String(cString: gtk_label_get_text(gcast(label))), item, "\(context): row \(position)")
            XCTAssertEqual(Int(gtk_widget_get_margin_start(label)), 16 * outline.level(of: item)! + 16, "\(context): \(item)'s indentation")
            checked += 1
        }
        if outline.visibleCount > 0 { XCTAssertGreaterThan(checked, 0, context) }
    }
}
