import CGtk
import ModelStorage

/// How the user edits a table's cells in place, plugged into the list when the first
/// `commitTextEdit` or `commitNumberEdit` reaction is registered: one cell at a time, as
/// GtkTreeView edits. The edited cell's item is followed through the list's changes as a
/// selection is; its editor goes over the cell in whichever row shows the item, and comes out
/// when that row scrolls away or shows another item. The table does the work
/// (ListTable+CellEditing); this is its seam.
@MainActor
final class TableCellEditing: ListFeature {
    /// What a column's edits are committed as.
    enum Kind {
        case text, number
    }

    /// A value an editor holds.
    enum Value {
        case text(String)
        case number(Double)
    }

    /// What a reaction did with a value.
    enum Commit {
        /// The model is not the reaction's type.
        case notTaken
        /// Committed: the editing ends.
        case committed
        /// Being saved (an `async` reaction): the editor waits for it.
        case saving(Task<Void, any Error>)
    }

    /// A reaction to the edits of one column.
    struct Reaction {
        let column: String
        let kind: Kind
        /// Whether a model is the reaction's type.
        let accepts: (Any) -> Bool
        /// Commits a value for the model now and the model the editor opened on, at an index path.
        let commit: @MainActor (Value, _ current: Any, _ opened: Any, IndexPath) throws -> Commit
    }

    /// A commit being saved: the editor waits, taking no typing, Enter, Tab or Escape, until it
    /// ends; then the editing ends (and `then` runs: Tab's move on), or the editor shows why not.
    struct Saving {
        /// The editor of the session saved: a session that ended since does not take the result.
        let editor: any CellEditor
        let handingOver: Bool
        let then: (@MainActor () -> Void)?
    }

    /// The cell edited and its editor.
    struct Session {
        var indexPath: IndexPath
        let column: String
        let kind: Kind
        let editor: any CellEditor
        /// The model as the editor opened on it (what the user saw and changed), or as it was
        /// when a save was refused (the user has been told it changed).
        var openedModel: Any
    }

    /// A press on the focused row's cursor cell, which opens its editor when released there.
    struct Press {
        let indexPath: IndexPath
        let column: String
        /// In the list widget's coordinates.
        let x: Int32, y: Int32
    }

    private weak var table: ListTable?
    private(set) var reactions: [Reaction] = []
    /// Whether a cell may be edited now, per column: nil when the model is not its type.
    private(set) var permissions: [(column: String, allows: (Any, IndexPath) -> Bool?)] = []
    /// The columns with reactions.
    private(set) var columns = Set<String>()
    var session: Session? {
        didSet { if session?.editor !== saving?.editor { saving = nil } }
    }
    /// The commit of the session being saved.
    var saving: Saving?
    /// The row the editor is in now.
    weak var editingRow: BoundRow?
    var press: Press?
    /// The editor takes the keyboard focus when it is next put in a row (it began on an item
    /// not bound yet).
    var focusPending = false
    /// The editor Tab moved on from, still in its row with the focus until the next takes it.
    var leaving: (editor: any CellEditor, indexPath: IndexPath)?
    /// Editors made before and out of a row now, to edit the next cells of their kind: making
    /// and destroying one per cell was a quarter of a Tab. Two of a kind at most, so that Tab
    /// between two cells of a kind moves the focus from one to the other (a reader hears a
    /// new editor).
    private var spares: [any CellEditor] = []

    init(table: ListTable) {
        self.table = table
    }

    func append(_ reaction: Reaction) {
        reactions.append(reaction)
        columns.insert(reaction.column)
    }

    func allow(column: String, _ allows: @escaping (Any, IndexPath) -> Bool?) {
        permissions.append((column, allows))
    }

    /// Whether `model` at `indexPath` may be edited in `column` now (true without a closure
    /// for its type).
    func permits(_ model: Any, at indexPath: IndexPath, column: String) -> Bool {
        for entry in permissions where entry.column == column {
            if let allowed = entry.allows(model, indexPath) { return allowed }
        }
        return true
    }

    /// A spare editor of type `Editor` that `fits`, other than `avoiding`, taken from the spares.
    func takeSpare<Editor: CellEditor>(
        _: Editor.Type, avoiding: (any CellEditor)?, where fits: (Editor) -> Bool = { _ in true }
    ) -> Editor? {
        for (index, spare) in spares.enumerated() {
            guard let editor = spare as? Editor, editor !== avoiding, fits(editor) else { continue }
            spares.remove(at: index)
            return editor
        }
        return nil
    }

    /// Keeps an editor out of a row to edit another cell; one more than two of its kind goes.
    func keepSpare(_ editor: any CellEditor) {
        editor.forgetMessage()
        let kind = type(of: editor)
        let sameKind = spares.filter {
            type(of: $0) == kind && ($0 as? ChoiceEditor)?.allowsCustomText == (editor as? ChoiceEditor)?.allowsCustomText
        }
        if sameKind.count >= 2 { return Self.release(editor) }
        spares.append(editor)
    }

    /// Lets an editor go once GTK is done with its signals: it may be ending in one of them
    /// (a choice made, Enter).
    private static func release(_ editor: any CellEditor) {
        _ = GtkRuntime.repeatWhileIdle {
            _ = editor
            return false
        }
    }

    /// The table while it shows the list.
    private var installedTable: ListTable? { table.flatMap { $0.isInstalled ? $0 : nil } }

    func didUninstall() {
        press = nil
        installedTable?.endCellEditing(in: self)
        for spare in spares { Self.release(spare) }
        spares = []
    }

    var needsEveryRow: Bool { true }

    // MARK: Keys and clicks

    var keyStage: KeyStage? { .cellEditing }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        installedTable?.beginEditing(by: key, on: focused, in: self) ?? false
    }

    var pointerStage: PointerStage? { .cellEditing }

    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        press = installedTable?.editingPress(event, in: self)
        return false
    }

    func pointerReleased() {
        guard let press else { return }
        self.press = nil
        installedTable?.beginEditingOnRelease(of: press, in: self)
    }

    func interceptsActivation(of row: BoundRow, at location: RowLocation) -> Bool {
        return installedTable?.beginEditing(onActivationOf: row, at: location, in: self) ?? false
    }

    // MARK: Rows coming and going

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        guard let session, location == .item(session.indexPath), editingRow !== row else { return }
        installedTable?.attachEditor(to: row, focusing: focusPending, in: self)
    }

    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {
        if row === editingRow { installedTable?.detachEditor(in: self) }
    }

    func listWillApply(_ run: ChangeRun) {
        guard let session else { return }
        if let destination = run.destination(ofItemAt: session.indexPath) {
            self.session?.indexPath = destination
        } else {
            installedTable?.endCellEditing(in: self)
        }
    }

    func listWillReload() {
        installedTable?.endCellEditing(in: self)
    }
}
