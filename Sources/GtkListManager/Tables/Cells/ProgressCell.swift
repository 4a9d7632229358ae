import CAccessibility
import CGtk
import CVirtualList

/// A progress bar cell for a table's columns, drawn as GtkTreeView's progress renderer draws
/// one: the trough, the bar, and the text over them (the percentage by default), in a lean
/// widget.
///
/// Like ``TextCell`` it has no window and no children. It draws as GTK 3's renderer does, on
/// the tree view's CSS node (`treeview.view`, with the style classes `trough` and
/// `progressbar` for the parts), so themes draw it as they draw a tree view's progress column,
/// a selected row's too. The text over the bar takes the bar's colour, over the trough the
/// trough's. Screen readers read a progress bar named by its text, whose value is its
/// percentage (0 to 100).
///
/// ```swift
/// manager.register(ProgressCell.self, for: Download.self, column: "progress") { cell, download, _ in
///     cell.fraction = download.fraction
///     cell.isIndeterminate = download.totalBytes == nil
///     cell.text = download.isPaused ? "Paused" : nil
/// }
/// ```
///
/// An indeterminate cell pulses: a block bounces to and fro, moved by a tick callback that runs
/// only while the cell is mapped and indeterminate, so rows that scrolled away cost nothing.
///
/// Cells are reused across rows, and across the columns that register this class: set in each
/// fill every property some rows change (``text``, ``isIndeterminate``, ``textXAlign``), or
/// give the column's mapping a reuse identifier of its own.
@MainActor
public final class ProgressCell: RowView {
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// A cell at 0, showing "0 %".
    public init() {
        widget = glm_progress_cell_new()
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// How far the work is, from 0 (nothing done) to 1 (done); values outside are clamped, and
    /// NaN is 0.
    public var fraction: Double {
        get { glm_progress_cell_get_fraction(cell) }
        set { glm_progress_cell_set_fraction(cell, newValue) }
    }

    /// The text over the bar. Nil, the default, shows the percentage as GtkCellRendererProgress
    /// formats it ("42 %": GTK's message in the user's language, with tabular figures so that a
    /// column's percentages line up), or nothing while the cell is indeterminate; an empty text
    /// shows nothing.
    public var text: String? {
        get { glm_progress_cell_get_text(cell).map { String(cString: $0) } }
        set { glm_progress_cell_set_text(cell, newValue) }
    }

    /// The text shown over the bar, nil when none: ``text``, or the percentage.
    var shownText: String? {
        glm_progress_cell_get_label(cell).map { String(cString: $0) }
    }

    /// Whether the work's progress is unknown: the cell pulses, while on screen, instead of
    /// showing ``fraction``. Default: false.
    public var isIndeterminate: Bool {
        get { glm_progress_cell_get_indeterminate(cell) != 0 }
        set { glm_progress_cell_set_indeterminate(cell, newValue ? 1 : 0) }
    }

    /// Where the text sits across the bar: 0 at the start (the left, or the right when the
    /// widget's direction is right to left), 1 at the end. Default: 0.5, the middle.
    public var textXAlign: Float {
        get { glm_progress_cell_get_text_xalign(cell) }
        set { glm_progress_cell_set_text_xalign(cell, newValue) }
    }
}

extension ProgressCell {
    /// What a progress cell shows, read from its widget.
    struct Shown {
        let fraction: Double
        /// The text over the bar, nil when none.
        let label: String?
        let isIndeterminate: Bool
        /// Whether its pulse's tick callback runs.
        let isPulsing: Bool
        /// The bar's box in the cell, as drawn at its allocation now.
        let bar: GdkRectangle
    }

    /// What the progress cell `widget` is shows; nil when it is no progress cell.
    static func shown(by widget: UnsafeMutablePointer<GtkWidget>) -> Shown? {
        guard let cell = glm_progress_cell_of_widget(widget) else { return nil }
        var bar = GdkRectangle()
        glm_progress_cell_get_bar_area(cell, &bar)
        return Shown(
            fraction: glm_progress_cell_get_fraction(cell), label: glm_progress_cell_get_label(cell).map { String(cString: $0) },
            isIndeterminate: glm_progress_cell_get_indeterminate(cell) != 0, isPulsing: glm_progress_cell_is_pulsing(cell) != 0,
            bar: bar)
    }
}
