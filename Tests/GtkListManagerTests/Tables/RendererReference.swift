import CGtk
import GtkTestSupport
import XCTest

@testable import GtkListManager

/// A GtkTreeView whose columns are GTK's own cell renderers, beside a table in the same window
/// and theme: what GTK draws for the same values, to compare the library's cells with.
@MainActor
final class RendererReference {
    /// A column of the reference: its renderer, its model columns bound to the renderer's
    /// properties, its width, and the height its renderer asks for (nil: its own).
    struct Column {
        let renderer: UnsafeMutablePointer<GtkCellRenderer>
        let attributes: [(property: String, column: Int32)]
        let width: Int32
        var height: Int32?
    }

    /// A value of a row of the store: a string, a number, a picture.
    enum Value {
        case string(String?)
        case int(Int32)
        case pixbuf(OpaquePointer?)
    }

    let view: UnsafeMutablePointer<GtkWidget>
    private(set) var columns: [UnsafeMutablePointer<GtkTreeViewColumn>] = []
    private let window: UnsafeMutablePointer<GtkWidget>

    /// A tree view of `rows` (each the store's columns' values), showing `columns`, packed
    /// after `table` in `list`'s window. Each column's cell area is `width` wide: the column is
    /// widened by what the tree view takes around its cells.
    init(rows: [[Value]], columns: [Column], beside table: UnsafeMutablePointer<GtkWidget>, in list: ShownList) {
        window = list.window
        var types: [GType] = rows.first.map { $0.map(Self.type(of:)) } ?? []
        let store = gtk_list_store_newv(Int32(types.count), &types)!
        for row in rows {
            var iter = GtkTreeIter()
            gtk_list_store_append(store, &iter)
            for (index, value) in row.enumerated() {
                var gvalue = GValue()
                g_value_init(&gvalue, Self.type(of: value))
                switch value {
                case .string(let text): g_value_set_string(&gvalue, text)
                case .int(let number): g_value_set_int(&gvalue, number)
                case .pixbuf(let pixbuf): g_value_set_object(&gvalue, pixbuf.map { gpointer($0) })
                }
                gtk_list_store_set_value(store, &iter, Int32(index), &gvalue)
                g_value_unset(&gvalue)
            }
        }
        let view = gtk_tree_view_new_with_model(OpaquePointer(store))!
        self.view = view
        g_object_unref(gpointer(store))
        gtk_widget_set_can_focus(view, 0)
        for column in columns {
            let treeColumn = gtk_tree_view_column_new()!
            gtk_tree_view_column_pack_start(treeColumn, column.renderer, 1)
            for attribute in column.attributes {
                gtk_tree_view_column_add_attribute(treeColumn, column.renderer, attribute.property, attribute.column)
            }
            if let height = column.height { gtk_cell_renderer_set_fixed_size(column.renderer, -1, height) }
            gtk_tree_view_column_set_fixed_width(treeColumn, column.width)
            gtk_tree_view_column_set_sizing(treeColumn, GTK_TREE_VIEW_COLUMN_FIXED)
            gtk_tree_view_append_column(gcast(view), treeColumn)
            self.columns.append(treeColumn)
        }
        // The table and the tree view side by side, nothing focused, the pointer away.
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_ref(gpointer(table))
        gtk_container_remove(gcast(list.window), table)
        gtk_box_pack_start(gcast(box), table, 1, 1, 0)
        g_object_unref(gpointer(table))
        gtk_box_pack_start(gcast(box), view, 0, 0, 0)
        gtk_container_add(gcast(list.window), box)
        gtk_widget_show_all(box)
        gtk_window_set_focus(gcast(list.window), nil)
        list.xdotool(["mousemove", "1900", "1000"])
        list.settleFrame()
        // Each column as wide as its cell area is asked to be.
        for (index, column) in columns.enumerated() where !rows.isEmpty {
            let area = cellArea(row: 0, column: self.columns[index])
            gtk_tree_view_column_set_fixed_width(self.columns[index], column.width + column.width - area.width)
        }
        list.settleFrame()
        list.settleFrame()
    }

    private static func type(of value: Value) -> GType {
        switch value {
        case .string: GType(16 << 2)  // G_TYPE_STRING
        case .int: GType(6 << 2)  // G_TYPE_INT
        case .pixbuf: gdk_pixbuf_get_type()
        }
    }

    /// The cell area of `column` at `row`, in the tree view's widget coordinates.
    func cellArea(row: Int, column: UnsafeMutablePointer<GtkTreeViewColumn>) -> GdkRectangle {
        var indices = [Int32(row)]
        let path = gtk_tree_path_new_from_indicesv(&indices, 1)
        defer { gtk_tree_path_free(path) }
        var area = GdkRectangle()
        gtk_tree_view_get_cell_area(gcast(view), path, column, &area)
        var x: Int32 = 0, y: Int32 = 0
        gtk_tree_view_convert_bin_window_to_widget_coords(gcast(view), area.x, area.y, &x, &y)
        return GdkRectangle(x: x, y: y, width: area.width, height: area.height)
    }

    /// The ink GTK draws in the cell of the column at `index` in `row`, or in the part of it at
    /// `area` (in the cell's coordinates).
    func ink(row: Int, column index: Int, within area: GdkRectangle? = nil) -> ScreenInk {
        var cell = cellArea(row: row, column: columns[index])
        if let area { cell = GdkRectangle(x: cell.x + area.x, y: cell.y + area.y, width: area.width, height: area.height) }
        return ScreenInk.of(view, in: window, area: cell)
    }
}
