import CGtk
import CVirtualList

/// A cell whose text is one of a few choices, for a table's columns: it shows ``text`` as a
/// ``TextCell`` does, as a `GtkCellRendererCombo` shows its text.
///
/// ``choices`` and ``allowsCustomText`` say what an editor offers: a table whose column has a
/// ``ListTable/commitTextEdit(_:column:_:)`` reaction edits the cell with a combo box of the
/// choices, with an entry to type any text in when ``allowsCustomText`` is true. Screen readers
/// read it as a label named by its text.
///
/// ```swift
/// manager.register(ChoiceCell.self, for: Job.self, column: "priority") { cell, job, _ in
///     cell.choices = ["low", "normal", "high"]
///     cell.text = job.priority
/// }
/// ```
///
/// Cells are reused across rows: set what varies in each fill.
@MainActor
public final class ChoiceCell: RowView {
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// An empty cell without choices.
    public init() {
        widget = glm_text_cell_new()
        ListTheme.set(ListTheme.StyleClass.textCell, true, on: widget)
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// The text shown: the choice made (any text: one that is not among ``choices`` shows too).
    public var text: String {
        get { String(cString: glm_text_cell_get_text(cell)) }
        set { glm_text_cell_set_text(cell, newValue) }
    }

    /// The texts an editor offers, in this order.
    public var choices: [String] = []

    /// Whether an editor also takes a text that is not among ``choices`` (its combo box has an
    /// entry). Default: false.
    public var allowsCustomText = false

    /// Where the text sits when narrower than the cell: 0 at the start (the default), 1 at the
    /// end.
    public var xalign: Float {
        get { glm_text_cell_get_xalign(cell) }
        set { glm_text_cell_set_xalign(cell, newValue) }
    }
}
