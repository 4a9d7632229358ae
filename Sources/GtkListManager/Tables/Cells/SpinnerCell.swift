import CAccessibility
import CGtk
import CVirtualList

/// A spinner cell for a table's columns: the theme's spinner, turning while ``isActive``, as a
/// `GtkSpinner` shows it, in a lean widget.
///
/// Like ``TextCell`` it has no window and no children. Its CSS node is `spinner`, with the state
/// `checked` while it is active and on screen (set only when that changes), so the theme's CSS
/// shows it and runs its animation, as it does a `GtkSpinner`'s; an inactive cell shows and
/// costs nothing, and so does one the table let go of: the cells of rows that scrolled away on
/// a virtualized list, or of columns that did, run no animation. Screen readers read
/// GtkSpinner's animation, "Spinner", busy while active.
///
/// ```swift
/// manager.register(SpinnerCell.self, for: Download.self, column: "busy") { cell, download, _ in
///     cell.isActive = download.isConnecting
/// }
/// ```
///
/// Cells are reused across rows: set ``isActive`` in each fill.
@MainActor
public final class SpinnerCell: RowView {
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// An inactive cell.
    public init() {
        widget = glm_spinner_cell_new()
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// Whether it spins. Default: false, which shows nothing.
    public var isActive: Bool {
        get { glm_spinner_cell_get_active(cell) != 0 }
        set { glm_spinner_cell_set_active(cell, newValue ? 1 : 0) }
    }

    /// Where the spinner sits across the cell: 0 at the start (the left, or the right when the
    /// widget's direction is right to left), 1 at the end. Default: 0.5, the middle.
    public var xalign: Float {
        get { glm_spinner_cell_get_xalign(cell) }
        set { glm_spinner_cell_set_xalign(cell, newValue) }
    }
}

extension SpinnerCell {
    /// What a spinner cell shows, read from its widget: whether it is active, and the spinner's
    /// box in the cell. Nil when `widget` is no spinner cell.
    static func shown(by widget: UnsafeMutablePointer<GtkWidget>) -> (isActive: Bool, area: GdkRectangle)? {
        guard let cell = glm_spinner_cell_of_widget(widget) else { return nil }
        var area = GdkRectangle()
        glm_spinner_cell_get_spinner_area(cell, &area)
        return (glm_spinner_cell_get_active(cell) != 0, area)
    }
}
