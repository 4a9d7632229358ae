import ModelStorage

/// Keeps one declared row in the manager's declarative storage for as long as its identity
/// stays: the storage item, and the model its shown row is bound to.
///
/// Each update hands a matched item the newest declaration, so events run the newest closures
/// while the row keeps its widget. A row that leaves keeps the declaration it was shown with,
/// so its end-of-display event reports the row as it was. Only ``TypedDeclaredItem`` (made by
/// ``Row``) shows and answers anything; this base answers like a row without closures.
@MainActor
class DeclaredItem: @MainActor CustomStringConvertible, PresentingModel {
    /// The declaration the row follows now.
    fileprivate(set) var row: AnyRow

    init(row: AnyRow) {
        self.row = row
    }

    /// Takes `newer`, a declaration with the same identity, when it is of the same row class;
    /// false when the row must be replaced by a new item.
    func adopt(_ newer: AnyRow) -> Bool { false }

    /// The mapping that shows items of this kind, for the manager's registry; nil when none can.
    func makeMapping() -> (any AnyRowMapping)? { nil }

    /// Whether the declaration has a closure for `event` (else the event goes on to the
    /// manager's reactions).
    func handles(_ event: ListEvent) -> Bool { false }

    // MARK: - Events (index paths are where the row is, or was when it left)

    /// The user selected the row: runs `onTap` and says what becomes of the selection.
    func tap(at indexPath: IndexPath) -> RowTapBehaviour { .keepSelection }
    func didSelect(at indexPath: IndexPath) {}
    func didDeselect(at indexPath: IndexPath) {}
    func willDisplay(at indexPath: IndexPath) {}
    func didEndDisplay(at indexPath: IndexPath) {}
    /// True when the row reacts to deletion (so the Delete key and menu item are offered).
    var canDelete: Bool { false }
    func delete(at indexPath: IndexPath) {}
    func canMove(at indexPath: IndexPath) -> Bool { false }
    func move(from source: IndexPath, to destination: IndexPath) {}

    /// The model, as list inspection and logs print it.
    var description: String { String(describing: row.erasedModel) }

    /// The model the user declared: what events report for the row.
    var presentedModel: Any { row.erasedModel }
}

/// The item of a ``Row`` of class `R`: the storage item its own mapping shows with `R`.
@MainActor
final class TypedDeclaredItem<R: ListRow & ModelTransfer>: DeclaredItem {
    private var declaration: Row<R>
    /// The view showing the item, set whenever its mapping fills one (a row leaving the list
    /// still has it while its end-of-display event runs).
    weak var view: R?

    init(row: Row<R>) {
        declaration = row
        super.init(row: row)
    }

    /// The model the row shows.
    var model: R.Model { declaration.model }

    override func adopt(_ newer: AnyRow) -> Bool {
        guard let typed = newer as? Row<R> else { return false }
        declaration = typed
        row = typed
        return true
    }

    override func makeMapping() -> (any AnyRowMapping)? {
        let mapping = RowMapping<R, TypedDeclaredItem<R>>(
            role: .item, handler: { view, item, _ in item.view = view }, transfer: { view, item in view.update(with: item.model) })
        // Its own pool: rows filled by a registered mapping's handler never come back here.
        mapping.reuseIdentifier = "declarative \(String(reflecting: R.self))"
        return mapping
    }

    /// Runs `closure` with the shown view; nil when there is no closure or no view.
    private func run<Output>(_ closure: ((R, R.Model, IndexPath) -> Output)?, at indexPath: IndexPath) -> Output? {
        guard let closure, let view else { return nil }
        return closure(view, declaration.model, indexPath)
    }

    override func handles(_ event: ListEvent) -> Bool {
        switch event {
        case .didSelect: declaration.onTap != nil || declaration.onSelect != nil
        case .didDeselect: declaration.onDeselect != nil
        case .willDisplay: declaration.onWillDisplay != nil
        case .didEndDisplaying: declaration.onDidEndDisplay != nil
        case .canEdit, .commitEditing: declaration.onDelete != nil
        case .canMove: declaration.canMove != nil
        case .move: declaration.onMove != nil
        default: false
        }
    }

    override func tap(at indexPath: IndexPath) -> RowTapBehaviour {
        run(declaration.onTap, at: indexPath) ?? .keepSelection
    }

    override func didSelect(at indexPath: IndexPath) { run(declaration.onSelect, at: indexPath) }
    override func didDeselect(at indexPath: IndexPath) { run(declaration.onDeselect, at: indexPath) }
    override func willDisplay(at indexPath: IndexPath) { run(declaration.onWillDisplay, at: indexPath) }
    override func didEndDisplay(at indexPath: IndexPath) { run(declaration.onDidEndDisplay, at: indexPath) }
    override var canDelete: Bool { declaration.onDelete != nil }
    override func delete(at indexPath: IndexPath) { run(declaration.onDelete, at: indexPath) }

    override func canMove(at indexPath: IndexPath) -> Bool {
        run(declaration.canMove, at: indexPath) ?? false
    }

    override func move(from source: IndexPath, to destination: IndexPath) {
        declaration.onMove?(declaration.model, source, destination)
    }
}
