import CGtk
import ModelStorage

extension ListEvent {
    static let commitEdit = ListEvent("commitEdit", source: InPlaceEditing.self)
}

/// Editing an item's text in place (``EditableRow``): one item at a time, as GtkTreeView edits
/// one cell.
///
/// The edited item is followed through the list's changes as a selection is; its editor is
/// given to whichever row shows the item, and taken back when that row scrolls away or shows
/// another item. Enter commits through `commitEdit`, whose closure updates the storage: when it
/// throws, the editor stays open with the error's message. Escape, ``ListManager/endEditing(committing:)``,
/// the item's deletion or a reload end it without committing.
@MainActor
final class InPlaceEditing: OnDemandFeature {
    private unowned let manager: ListManager
    /// The item edited, and its editor.
    private var session: (indexPath: IndexPath, editor: EntryEditor)?
    /// The row showing the editor now.
    private weak var editingRow: BoundRow?

    var needsEveryRow: Bool { true }

    init(manager: ListManager) {
        self.manager = manager
    }

    var keyStage: KeyStage? { .textEditing }

    /// The item being edited.
    var editedIndexPath: IndexPath? { session?.indexPath }

    // MARK: Beginning and ending

    /// Begins editing the item at `indexPath`, once the one edited before is committed; false
    /// when it cannot be edited (no such item, not an ``EditableRow``, no `commitEdit` reaction
    /// for it) or the commit before failed.
    func begin(at indexPath: IndexPath) -> Bool {
        if let session, session.indexPath == indexPath { return true }
        let location = RowLocation.item(indexPath)
        guard let model = manager.unwrappedModel(at: location), let text = editableText(of: model, at: location) else { return false }
        if session != nil, !commit() { return false }
        let editor = EntryEditor(text: text, commit: { [weak self] in _ = self?.commit() }, cancel: { [weak self] in self?.cancel() })
        session = (indexPath, editor)
        _ = manager.scrollTo(indexPath, alignment: .nearest)
        if let row = manager.boundRow(at: indexPath) { attach(to: row, focusing: true) }
        return true
    }

    /// Commits the text through `commitEdit`: true when the closure returned (the editing
    /// ends), false when it threw (the editor shows its message) or nothing is edited.
    @discardableResult
    func commit() -> Bool {
        guard let (indexPath, editor) = session, let model = manager.unwrappedModel(at: .item(indexPath)) else { return false }
        let outcome: Result<Void, any Error>? = manager.events.performModelEvent(
            .commitEdit, input: editor.text, model: model, at: .item(indexPath))
        switch outcome {
        case .failure(let error):
            // Its description: what a database error or a custom error says.
            editor.errorMessage = String(describing: error)
            if editingRow != nil { editor.focus(selectingAll: false) }
            return false
        case .success, nil:
            end()
            return true
        }
    }

    /// Ends the editing without committing.
    func cancel() {
        end()
    }

    private func end() {
        guard let (indexPath, editor) = session else { return }
        let hadFocus = editor.hasFocus
        detach()
        session = nil
        // The keyboard focus goes back to the row, not to the window.
        if hadFocus, let position = manager.position(of: .item(indexPath)) { _ = manager.host.focusRow(at: position) }
    }

    // MARK: Keys and clicks

    /// F2 on the focused row begins editing it.
    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        guard let location = focused?.location, key.keyval == guint(GDK_KEY_F2), key.modifiers.isEmpty, location.role == .item
        else { return false }
        return begin(at: location.indexPath)
    }

    /// A double click that activates an editable row begins editing it instead (a single click
    /// that activates, Enter and Space keep activating).
    func interceptsActivation(of row: BoundRow, at location: RowLocation) -> Bool {
        guard location.role == .item, !manager.host.activatesOnSingleClick, Self.isPointerEvent(gtk_get_current_event()),
            editableText(of: row.model, at: location) != nil, begin(at: location.indexPath)
        else { return false }
        // The host gives its row the focus as the click ends: the editor takes it back after.
        GtkRuntime.repeatWhileIdle { [weak self] in
            if let self, let session, editingRow != nil { session.editor.focus(selectingAll: true) }
            return false
        }
        return true
    }

    // MARK: Rows coming and going

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        guard let session, location == .item(session.indexPath), editingRow !== row else { return }
        attach(to: row, focusing: false)
    }

    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {
        if row === editingRow { detach() }
    }

    func rowDidRefresh(_ row: BoundRow) {
        // A new model at the edited item: update(with:) may have laid the row out again.
        guard row === editingRow, let session else { return }
        let hadFocus = session.editor.hasFocus
        detach()
        attach(to: row, focusing: hadFocus)
    }

    func listWillApply(_ run: ChangeRun) {
        guard let session else { return }
        if let destination = run.destination(ofItemAt: session.indexPath) {
            self.session = (destination, session.editor)
        } else {
            cancel()
        }
    }

    func listWillReload() {
        cancel()
    }

    // MARK: The editor in a row

    private func attach(to row: BoundRow, focusing: Bool) {
        guard let session, let editable = row.view as? any EditableRow else { return }
        detach()
        editable.showEditor(session.editor.widget)
        editingRow = row
        if focusing || gtk_widget_has_focus(row.hostWidget ?? row.widget) != 0 { session.editor.focus(selectingAll: focusing) }
    }

    private func detach() {
        guard let row = editingRow else { return }
        session?.editor.detach()
        (row.view as? any EditableRow)?.showEditor(nil)
        editingRow = nil
    }

    // MARK: Reading

    /// The text an item's editor starts from; nil when its row class is not an ``EditableRow``
    /// or no `commitEdit` reaction answers for it.
    private func editableText(of model: Any, at location: RowLocation) -> String? {
        guard manager.events.hasModelReaction(.commitEdit, model: model, at: location),
            let editableClass = manager.rowClass(showing: model, at: location) as? any EditableRow.Type
        else { return nil }
        return editableClass.editableText(ofAnyModel: model)
    }

    private static func isPointerEvent(_ event: UnsafeMutablePointer<GdkEvent>?) -> Bool {
        guard let event else { return false }
        defer { gdk_event_free(event) }
        switch event.pointee.type {
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE: return true
        default: return false
        }
    }
}
