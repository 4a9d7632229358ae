import Foundation
import GtkListManager

/// The mixed-cells part (issue 55): the load part's table (20 columns of 160 px, a million `Int`
/// rows) whose columns cycle through text, toggle, icon, progress and number cells, each filled
/// by a registration handler as the Tables article tells an application to write it
/// (`register(ToggleCell.self, for: Package.self, column:) { cell, package, _ in … }`), with the
/// values the C peers compute (`Benchmarks/Peers/peer_table_cells.h`).
@MainActor
enum BigTableCells {
    enum Kind: Int, CaseIterable {
        case text, toggle, icon, progress, number
    }

    static func kind(ofColumn column: Int) -> Kind { Kind(rawValue: column % Kind.allCases.count) ?? .text }

    // The values, as peer_table_cells.h computes them.
    static func isOn(row: Int, column: Int) -> Bool { (row * 3 + column) % 7 < 3 }
    static let icons = ["folder", "folder-documents", "folder-music", "folder-pictures"]
    static func icon(row: Int, column: Int) -> String { icons[(row + column) % 4] }
    static func percent(row: Int, column: Int) -> Int { (row * 37 + column * 11) % 101 }
    static func number(row: Int, column: Int) -> Double { Double(row % 10_000) * 0.25 + Double(column) }

    static func scenario(count: Int) -> BigTableScenario {
        let columns = BigTableScenario.fixedColumns
        return BigTableScenario(part: .cells, count: count, columns: columns, readsColumn: { kind(ofColumn: $0) == .text }) {
            manager in
            for (index, column) in columns.enumerated() { register(kind(ofColumn: index), column: index, id: column.id, in: manager) }
        }
    }

    private static func register(_ kind: Kind, column: Int, id: String, in manager: ListManager) {
        switch kind {
        case .text:
            manager.register(TextCell.self, for: Int.self, column: id) { cell, row, _ in
                cell.text = TableCellText.text(row: row, column: column)
            }
        case .toggle:
            manager.register(ToggleCell.self, for: Int.self, column: id) { cell, row, _ in
                cell.isOn = isOn(row: row, column: column)
            }
        case .icon:
            manager.register(IconCell.self, for: Int.self, column: id) { cell, row, _ in
                cell.iconName = icon(row: row, column: column)
            }
        case .progress:
            manager.register(ProgressCell.self, for: Int.self, column: id) { cell, row, _ in
                cell.fraction = Double(percent(row: row, column: column)) / 100
            }
        case .number:
            manager.register(TextCell.self, for: Int.self, column: id) { cell, row, _ in
                cell.xalign = 1
                cell.text = String(format: "%.2f", number(row: row, column: column))
            }
        }
    }
}
