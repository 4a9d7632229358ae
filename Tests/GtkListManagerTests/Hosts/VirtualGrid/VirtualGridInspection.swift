import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A rectangle in a grid's content: where a row should be, or where GTK allocated it (its
/// viewport allocation moved down by the scroll position).
struct GridRect: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var description: String { "(\(x), \(y)) \(width)×\(height)" }
}

/// The geometry a virtualized grid promises, computed here from the rows alone: per section
/// the supplementary views spanning the width (header, other kinds, footer, as the rows say),
/// the cells in lines of as many columns as fit (justified), from the right edge when GTK's
/// default direction is right to left.
struct ExpectedGridGeometry {
    var width: Int
    var cell: GridSize
    var headerHeight: Int
    var footerHeight: Int
    /// The heights of views of other kinds.
    var supplementaryHeights: [SupplementaryKind: Int] = [:]
    var lineSpacing = 0
    var itemSpacing = 0

    var columns: Int { max(1, (width + itemSpacing) / (cell.width + itemSpacing)) }

    /// The content rectangle of every position of `sections`, in order.
    @MainActor func frames(of sections: [[ExpectedRow]]) -> [GridRect] {
        var frames: [GridRect] = []
        var top = 0
        let columns = columns
        let free = width - columns * cell.width
        for rows in sections {
            let items = rows.filter { $0.role == .item }.count
            let lines = (items + columns - 1) / columns
            var item = 0
            for row in rows {
                switch row.role {
                case let .supplementary(kind):
                    let height = kind == .header ? headerHeight : kind == .footer ? footerHeight : supplementaryHeights[kind] ?? 0
                    frames.append(GridRect(x: 0, y: top, width: width, height: height))
                    top += height
                case .item:
                    let column = item % columns, line = item / columns
                    let x = column * cell.width + (columns > 1 ? column * free / (columns - 1) : 0)
                    frames.append(
                        GridRect(
                            x: mirroredX(x, width: cell.width, in: width), y: top + line * (cell.height + lineSpacing), width: cell.width,
                            height: cell.height))
                    item += 1
                    if item == items { top += lines * cell.height + (lines - 1) * lineSpacing }
                }
            }
        }
        return frames
    }
}

/// What the virtualized host shows, read from GTK: each bound position's role, model and the
/// content rectangle its row widget is allocated.
@MainActor
func inspectBoundCells(of host: VirtualListHost) -> [(position: Int, row: ExpectedRow, rect: GridRect)] {
    let scrollTop = host.verticalAdjustment.map { Int(gtk_adjustment_get_value($0)) } ?? 0
    var cells: [(Int, ExpectedRow, GridRect)] = []
    host.forEachBoundRow { position, row in
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(row.hostWidget!, &allocation)
        XCTAssertEqual(gtk_bin_get_child(gcast(row.hostWidget!)), row.widget, "the row widget at \(position) holds its row's view")
        let rect = GridRect(
            x: Int(allocation.x), y: Int(allocation.y) + scrollTop, width: Int(allocation.width), height: Int(allocation.height))
        cells.append((position, ExpectedRow(role: row.role, model: String(describing: row.model)), rect))
    }
    return cells
}

/// Checks that GTK draws the bound rows' widgets and nothing else: every row widget the list
/// shows holds a bound row, and every spare one is hidden (it would draw a cell it no longer
/// holds).
@MainActor
func assertOnlyBoundRowWidgetsShown(by host: VirtualListHost, _ context: String, line: UInt = #line) {
    var bound = Set<UnsafeMutablePointer<GtkWidget>>()
    host.forEachBoundRow { _, row in if let rowWidget = row.hostWidget { bound.insert(rowWidget) } }
    var shown = Set<UnsafeMutablePointer<GtkWidget>>()
    let walk: GtkCallback = { child, shown in
        guard let child, gtk_widget_get_child_visible(child) != 0, gtk_widget_get_mapped(child) != 0 else { return }
        shown!.assumingMemoryBound(to: Set<UnsafeMutablePointer<GtkWidget>>.self).pointee.insert(child)
    }
    withUnsafeMutablePointer(to: &shown) { gtk_container_forall(gcast(host.widget), walk, $0) }
    XCTAssertEqual(shown.subtracting(bound).count, 0, "\(context): spare row widgets shown", line: line)
    XCTAssertEqual(bound.subtracting(shown).count, 0, "\(context): bound row widgets hidden", line: line)
}
