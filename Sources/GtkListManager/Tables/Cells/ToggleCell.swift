import CAccessibility
import CGtk
import CVirtualList

/// A check box (or radio button) cell for a table's columns, as GtkTreeView's toggle renderer
/// draws them: the theme's indicator, checked, unchecked or inconsistent, in a lean widget.
///
/// Like ``TextCell`` it has no window and no children: it measures and draws the indicator the
/// theme's CSS gives (its node is `check`, or `radio`), drawn through a copy of its node with
/// the states `checked` and `inconsistent` for its value, as the renderer draws. In a table
/// the copy sits under a node its row keeps for its toggles, so GTK computes each state's style
/// once per row and keeps it as cells move from row to row: a new value, or a cell placed
/// anew, only draws again. A cell the user may not toggle is
/// insensitive and looks it. Screen readers read a check box (or radio button) that is
/// checkable, checked or indeterminate, with the action "toggle", and the table cell holding
/// it says the same, as in a GtkTreeView.
///
/// The cell shows a value; it never changes it. When the user toggles it (a click, Space, a
/// screen reader's action), the table calls ``ListTable/didToggle(_:column:_:)`` with the state
/// asked for: update the storage there, and the row shows the new value as any change does.
///
/// ```swift
/// manager.register(ToggleCell.self, for: Package.self, column: "installed") { cell, package, _ in
///     cell.isOn = package.isInstalled
///     cell.isActivatable = !package.isEssential
/// }
/// table.didToggle(Package.self, column: "installed") { package, _, isOn in
///     packages.setInstalled(isOn, for: package)
/// }
/// ```
///
/// Cells are reused across rows, and across the columns that register this class: set in each
/// fill every property some rows change (``isInconsistent``, ``isActivatable``, ``xalign``), or
/// give the column's mapping a reuse identifier of its own.
///
/// The manager makes cells with `init()`, a check box. For a radio column, make the radio
/// cell in your own cell class (the table finds it by its widget):
///
/// ```swift
/// final class DefaultPrinterCell: RowView {
///     let toggle = ToggleCell(style: .radio)
///     var widget: UnsafeMutablePointer<GtkWidget> { toggle.widget }
///     init() {}
/// }
/// ```
@MainActor
public final class ToggleCell: RowView {
    /// How a toggle cell looks.
    public enum Style: Sendable {
        /// A check box: each row on or off by itself.
        case check
        /// A radio button: one row of a group on.
        case radio
    }

    public let widget: UnsafeMutablePointer<GtkWidget>
    /// How the cell looks, given when it was made.
    public let style: Style

    /// An unchecked cell of `style`, which the user may toggle.
    public init(style: Style = .check) {
        self.style = style
        widget = glm_toggle_cell_new(style == .radio ? 1 : 0)
    }

    /// An unchecked check box, which the user may toggle: the cell the manager makes.
    public convenience init() {
        self.init(style: .check)
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// Whether it is checked.
    public var isOn: Bool {
        get { glm_toggle_cell_get_active(cell) != 0 }
        set { glm_toggle_cell_set_active(cell, newValue ? 1 : 0) }
    }

    /// Whether it shows neither state (a mixed value: some of a group on, some off); it draws
    /// so whatever ``isOn`` says.
    public var isInconsistent: Bool {
        get { glm_toggle_cell_get_inconsistent(cell) != 0 }
        set { glm_toggle_cell_set_inconsistent(cell, newValue ? 1 : 0) }
    }

    /// Whether the user may toggle it. Default: true. A cell the user may not toggle looks
    /// insensitive, and clicks, Space and screen readers' actions leave it alone.
    public var isActivatable: Bool {
        get { glm_toggle_cell_get_activatable(cell) != 0 }
        set { glm_toggle_cell_set_activatable(cell, newValue ? 1 : 0) }
    }

    /// Where the indicator sits across the cell: 0 at the start (the left, or the right when
    /// the widget's direction is right to left), 1 at the end. Default: 0.5, the middle.
    public var xalign: Float {
        get { glm_toggle_cell_get_xalign(cell) }
        set { glm_toggle_cell_set_xalign(cell, newValue) }
    }
}

/// What the table reads of a toggle cell, from its widget: the cell may be a ``ToggleCell`` or
/// an app's cell class whose widget is one's (a radio column).
@MainActor
struct ToggleState {
    let isOn: Bool
    let isInconsistent: Bool
    let isActivatable: Bool
    let isRadio: Bool

    /// The state of the toggle cell `widget` is; nil when it is no toggle cell.
    init?(of widget: UnsafeMutablePointer<GtkWidget>) {
        guard let cell = glm_toggle_cell_of_widget(widget) else { return nil }
        isOn = glm_toggle_cell_get_active(cell) != 0
        isInconsistent = glm_toggle_cell_get_inconsistent(cell) != 0
        isActivatable = glm_toggle_cell_get_activatable(cell) != 0
        isRadio = glm_toggle_cell_get_radio(cell) != 0
    }

    /// The state a toggle asks for: on, from off or from inconsistent.
    var toggled: Bool { isInconsistent || !isOn }

    /// Tells a screen reader about a cell with no widget that shows this state.
    func describe(_ unbound: UnsafeMutablePointer<GlmAccessibleRow>) {
        unbound.pointee.cell_role = Int32(bitPattern: (isRadio ? ATK_ROLE_RADIO_BUTTON : ATK_ROLE_CHECK_BOX).rawValue)
        unbound.pointee.checkable = 1
        unbound.pointee.checked = isOn ? 1 : 0
        unbound.pointee.indeterminate = isInconsistent ? 1 : 0
        unbound.pointee.cell_activatable = isActivatable ? 1 : 0
    }
}
