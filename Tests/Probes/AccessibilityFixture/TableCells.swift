// The table of cells the fixture shows with `--table --cells`: item k's row has a text cell
// "Item k", then four toggle columns:
// - "done", a check box, on for even k (each toggle flips it);
// - "pick", a radio button, on for the one picked item (1 at first);
// - "mixed", a check box, inconsistent for k divisible by 3 until toggled, off otherwise;
// - "locked", a check box on for every k, which the user may not toggle;
// then an icon, a progress bar and a spinner, all eight columns fitting the window:
// - "icon", "folder" for even k, "text-x-generic" for odd k, described "icon k";
// - "progress", at k % 101 percent;
// - "spinner", active for k divisible by 3.
// A toggle prints `toggled: K COLUMN VALUE` (the item's ordinal, the column, the state asked
// for), stores it and reloads the item's row.
import CGtk
import GtkListManager
import ModelStorage

@MainActor
final class ToggleColumns {
    static let columns: [(id: String, title: String, width: Int)] = [
        ("item", "Item", 96), ("done", "Done", 64), ("pick", "Pick", 64), ("mixed", "Mixed", 64), ("locked", "Locked", 64),
        ("icon", "Icon", 32), ("progress", "Progress", 64), ("spinner", "Spinner", 32),
    ]

    private var flipped = Set<Int>()
    private var picked: Int? = 1
    private var resolved: [Int: Bool] = [:]

    /// A radio cell: the manager makes ToggleCell check boxes.
    final class RadioCell: RowView {
        let toggle = ToggleCell(style: .radio)
        var widget: UnsafeMutablePointer<GtkWidget> { toggle.widget }
        init() {}
    }

    /// Shows `manager`'s list as the table of toggle cells.
    func makeTable(on manager: ListManager, ordinal: @escaping @MainActor (IndexPath) -> Int) -> ListTable {
        let table = manager.makeTable(columns: Self.columns.map { TableColumn($0.id, title: $0.title, width: .fixed($0.width)) })
        manager.register(TextCell.self, for: Int.self, column: "item") { cell, k, _ in cell.text = "Item \(k)" }
        // The columns' check boxes share one pool of cells: each sets all it shows.
        manager.register(ToggleCell.self, for: Int.self, column: "done") { [unowned self] cell, k, _ in
            show(cell, on: (k % 2 == 0) != flipped.contains(k))
        }
        manager.register(RadioCell.self, for: Int.self, column: "pick") { [unowned self] cell, k, _ in cell.toggle.isOn = picked == k }
        manager.register(ToggleCell.self, for: Int.self, column: "mixed") { [unowned self] cell, k, _ in
            show(cell, on: resolved[k] ?? false, inconsistent: resolved[k] == nil && k % 3 == 0)
        }
        manager.register(ToggleCell.self, for: Int.self, column: "locked") { [unowned self] cell, _, _ in
            show(cell, on: true, activatable: false)
        }
        manager.register(IconCell.self, for: Int.self, column: "icon") { cell, k, _ in
            cell.iconName = k % 2 == 0 ? "folder" : "text-x-generic"
            cell.accessibleDescription = "icon \(k)"
        }
        manager.register(ProgressCell.self, for: Int.self, column: "progress") { cell, k, _ in
            cell.fraction = Double(k % 101) / 100
        }
        manager.register(SpinnerCell.self, for: Int.self, column: "spinner") { cell, k, _ in cell.isActive = k % 3 == 0 }
        for column in ["done", "pick", "mixed", "locked"] {
            table.didToggle(Int.self, column: column) { [unowned self, unowned manager] k, indexPath, isOn in
                emit("toggled: \(ordinal(indexPath)) \(column) \(isOn)")
                switch column {
                case "done": flipped.formSymmetricDifference([k])
                case "pick":
                    if let old = picked, old != k { manager.memoryStorage?.reloadItem(old) }
                    picked = isOn ? k : nil
                default: resolved[k] = isOn
                }
                manager.memoryStorage?.reloadItem(at: indexPath)
            }
        }
        return table
    }

    private func show(_ cell: ToggleCell, on: Bool, inconsistent: Bool = false, activatable: Bool = true) {
        cell.isOn = on
        cell.isInconsistent = inconsistent
        cell.isActivatable = activatable
    }
}
