import CGtk
import ModelStorage

/// How the user toggles a table's toggle cells, plugged into the list when the first
/// ``ListTable/didToggle(_:column:_:)`` reaction is registered (a table without one takes no
/// presses): a primary click on an activatable toggle cell, pressed and released on it without
/// a drag (no Ctrl or Shift, which keep selecting), and Space on the focused row. A screen
/// reader's "toggle" reaches the table through its accessibility callbacks.
@MainActor
final class CellToggling: ListFeature {
    /// A reaction to the toggles of one column: false when the model is not its type.
    struct Reaction {
        let column: String
        let react: (Any, IndexPath, Bool) -> Bool
    }

    /// A press on a toggle cell, toggled when the button is released on the same cell.
    struct Press {
        let row: BoundRow
        let indexPath: IndexPath
        let column: String
        /// In the list widget's coordinates.
        let x: Int32, y: Int32
    }

    private(set) var reactions: [Reaction] = []
    /// The columns reactions are registered for.
    private(set) var columns = Set<String>()
    private weak var table: ListTable?
    private var press: Press?

    init(table: ListTable) {
        self.table = table
    }

    func append(_ reaction: Reaction) {
        reactions.append(reaction)
        columns.insert(reaction.column)
    }

    /// The table while it shows the list.
    private var installedTable: ListTable? { table.flatMap { $0.isInstalled ? $0 : nil } }

    func didUninstall() {
        press = nil
    }

    var pointerStage: PointerStage? { .cellPress }

    /// Remembers a press on an activatable toggle cell; never takes it, so that the click
    /// selects its row, as in a GtkTreeView.
    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        press = installedTable?.togglePress(event, in: self)
        return false
    }

    func pointerReleased() {
        guard let press else { return }
        self.press = nil
        installedTable?.toggleOnRelease(of: press, in: self)
    }

    /// The table's keys are taken at its stage: Space after Ctrl+Left and Ctrl+Right.
    var keyStage: KeyStage? { .cellNavigation }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        installedTable?.toggle(by: key, on: focused, in: self) ?? false
    }

    /// Space on a focused row whose widget binds it to its activation (the virtualized host's
    /// rows) never reaches the list's keys: it toggles here instead of activating.
    func interceptsActivation(of row: BoundRow, at location: RowLocation) -> Bool {
        guard let table = installedTable, let event = gtk_get_current_event() else { return false }
        defer { gdk_event_free(event) }
        guard gdk_event_get_event_type(event) == GDK_KEY_PRESS else { return false }
        let key = KeyPress(UnsafeMutableRawPointer(event).assumingMemoryBound(to: GdkEventKey.self))
        return table.toggle(by: key, on: (row, location), in: self)
    }
}
