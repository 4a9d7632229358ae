import CGtk
import CVirtualList

/// A one-line text cell for a table's plain text columns: a lean widget that draws its text,
/// ellipsized at the end when the column is narrower, as GtkTreeView's text renderer does. In a
/// row of your own, it shows a value that changes many times a second: a new text as wide as
/// the last only redraws it (<doc:LiveContent>).
///
/// A table of `GtkLabel` cells spends most of a scroll in the labels' own machinery; this
/// cell measures, places and draws its text and nothing else (CONTRIBUTING, Hot paths: 13).
/// Themes color it as a label (its CSS name is `label`, in a selected row too); its CSS
/// padding insets the text, by default as much as the header titles (style class
/// ``ListTheme/StyleClass/textCell``); it draws no CSS background or border, but in a table's
/// range of cells (``ListTheme/StyleClass/tableSelectedCell``). Screen readers read it as a
/// label named by its text, and a table row or cell that has no name of its own by the texts
/// of its cells.
///
/// ```swift
/// manager.register(TextCell.self, for: Package.self, column: "version") { cell, package, _ in
///     cell.text = package.version
/// }
/// manager.register(TextCell.self, for: Package.self, column: "size") { cell, package, _ in
///     cell.text = package.sizeText
///     cell.xalign = 1   // numbers line up at the end
/// }
/// ```
@MainActor
public final class TextCell: RowView {
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// An empty cell.
    public init() {
        widget = glm_text_cell_new()
        ListTheme.set(ListTheme.StyleClass.textCell, true, on: widget)
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// The text shown.
    public var text: String {
        get { String(cString: glm_text_cell_get_text(cell)) }
        set { glm_text_cell_set_text(cell, newValue) }
    }

    /// Where the text sits when narrower than the cell: 0 at the start (the left, or the right
    /// when the widget's direction is right to left), 1 at the end. Default: 0.
    public var xalign: Float {
        get { glm_text_cell_get_xalign(cell) }
        set { glm_text_cell_set_xalign(cell, newValue) }
    }

    /// Whether the text is cut with an ellipsis at the width the cell has now.
    public var isEllipsized: Bool { glm_text_cell_is_ellipsized(cell) != 0 }

    /// The widest of `texts` in a text cell, its padding included: a fixed column's width that
    /// fits them.
    public static func naturalWidth(of texts: [String]) -> Int {
        let cell = TextCell()
        g_object_ref_sink(gcast(cell.widget))
        defer { g_object_unref(gcast(cell.widget)) }
        gtk_widget_show(cell.widget)  // a hidden widget asks for no width
        var widest: Int32 = 0
        for text in texts {
            cell.text = text
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_get_preferred_width(cell.widget, &minimum, &natural)
            widest = max(widest, natural)
        }
        return Int(widest)
    }
}
