import CGtk
import CVirtualList
import GtkListManager

/// What the virtualized host shows, read from GTK as the peers read theirs: the list's row
/// widgets that are mapped and cross its viewport, top to bottom, and in each the texts of its
/// mapped labels and text cells, left to right. Nothing here asks the manager what it meant to
/// show.
@MainActor
enum StormShownRows {
    /// Each visible row's texts; `list` is the host's widget, which is its viewport.
    static func read(in list: UnsafeMutablePointer<GtkWidget>, into check: inout StormShownCheck) {
        let height = gtk_widget_get_allocated_height(list)
        var rows: [(y: Int32, row: UnsafeMutablePointer<GtkWidget>)] = []
        for row in TableInspection.children(of: list) where gtk_widget_get_mapped(row) != 0 {
            var x: Int32 = 0, y: Int32 = 0
            guard gtk_widget_translate_coordinates(row, list, 0, 0, &x, &y) != 0,
                y + gtk_widget_get_allocated_height(row) > 0, y < height
            else { continue }
            rows.append((y, row))
        }
        for (_, row) in rows.sorted(by: { $0.y < $1.y }) {
            var texts: [(x: Int32, text: String)] = []
            collectTexts(under: row, row: row, into: &texts)
            check.check(row: texts.sorted { $0.x < $1.x }.map(\.text))
        }
    }

    private static func collectTexts(
        under widget: UnsafeMutablePointer<GtkWidget>, row: UnsafeMutablePointer<GtkWidget>,
        into texts: inout [(x: Int32, text: String)]
    ) {
        for child in TableInspection.children(of: widget) where gtk_widget_get_mapped(child) != 0 {
            let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(child))
            let text: String
            if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
                text = String(cString: gtk_label_get_text(gcast(child)))
            } else if g_type_check_instance_is_a(instance, glm_text_cell_get_type()) != 0 {
                text = String(cString: glm_text_cell_get_text(OpaquePointer(child)))
            } else {
                if g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 {
                    collectTexts(under: child, row: row, into: &texts)
                }
                continue
            }
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(child, row, 0, 0, &x, &y)
            texts.append((x, text))
        }
    }
}
