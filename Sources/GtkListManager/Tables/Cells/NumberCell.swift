import CGtk
import CVirtualList

/// A number cell for a table's columns: a ``TextCell`` that shows ``value`` with ``digits``
/// digits after the decimal separator, at the end of the cell, as a `GtkCellRendererSpin` shows
/// its number.
///
/// The number is written as the C library writes it in the user's locale (its decimal
/// separator), as a `GtkSpinButton` shows it. ``range`` and ``step`` say what an editor may set
/// it to: a table whose column has a ``ListTable/commitNumberEdit(_:column:_:)`` reaction edits
/// the cell with a spin button that holds the value within them. Screen readers read it as a
/// label named by its text.
///
/// ```swift
/// manager.register(NumberCell.self, for: Job.self, column: "hours") { cell, job, _ in
///     cell.digits = 1
///     cell.range = 0...24
///     cell.step = 0.5
///     cell.value = job.hours
/// }
/// ```
///
/// Cells are reused across rows: set what varies in each fill.
@MainActor
public final class NumberCell: RowView {
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// A cell showing 0, lined up at the end.
    public init() {
        widget = glm_text_cell_new()
        ListTheme.set(ListTheme.StyleClass.textCell, true, on: widget)
        glm_text_cell_set_xalign(cell, 1)
        show()
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// The number shown.
    public var value: Double = 0 {
        didSet { if value != oldValue { show() } }
    }

    /// How many digits follow the decimal separator (0 to 20; 0 shows whole numbers). Default: 0.
    public var digits: Int = 0 {
        didSet {
            digits = min(max(digits, 0), 20)
            if digits != oldValue { show() }
        }
    }

    /// The values an editor may set: its spin button's bounds. Default: the whole range of
    /// `Double` a spin button takes (±1e15, beyond which its text loses digits).
    public var range: ClosedRange<Double> = -1e15...1e15

    /// How much the editor's arrows (and Up and Down) add or take away. Default: 1.
    public var step: Double = 1

    /// Where the text sits when narrower than the cell: 0 at the start, 1 at the end (the
    /// default, so that numbers line up by their units).
    public var xalign: Float {
        get { glm_text_cell_get_xalign(cell) }
        set { glm_text_cell_set_xalign(cell, newValue) }
    }

    /// What the cell shows: ``value`` written with ``digits`` digits.
    public var text: String { String(cString: glm_text_cell_get_text(cell)) }

    private func show() {
        glm_text_cell_set_number(cell, value, Int32(digits))
    }
}

extension NumberCell {
    /// `value` written as a number cell with `digits` digits shows it.
    static func text(of value: Double, digits: Int) -> String {
        guard let text = glm_text_cell_format_number(value, Int32(min(max(digits, 0), 20))) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
