import CAccessibility
import CGtk
import ModelStorage

/// Reads the text of a column's cells for a copy, in the first way that applies: the
/// column's ``TableColumn/copyText``, the cell class's ``CopyableCell/copyText(for:)``, or a
/// cell made (or taken from the pool) and filled for the model, then read: a ``TextCell``'s
/// text, a toggle cell's value, the texts of the labels inside, else what the cell's
/// accessible says. The last way costs a cell filled per row (the cell's handler and
/// `update(with:)` included: two to three times a copy text's cost), so a big copy wants one of
/// the others.
@MainActor
final class CellText {
    let column: TableColumn
    private let cells: TableCellMappings
    /// Whether each mapping met so far has a copyable cell class: decided once per mapping,
    /// not per row (CONTRIBUTING, Hot paths: 5).
    private var copyableClasses: [ObjectIdentifier: (any CopyableCell.Type)?] = [:]

    init(column: TableColumn, cells: TableCellMappings) {
        self.column = column
        self.cells = cells
    }

    /// The text of the cell showing `model` at `indexPath`; empty when the column shows
    /// nothing for it.
    func text(of model: Any, at indexPath: IndexPath) -> String {
        if let copyText = column.copyText { return copyText(model, indexPath) ?? "" }
        guard let mapping = cells.mapping(for: model, column: column.id, at: indexPath) else { return "" }
        let key = ObjectIdentifier(mapping)
        let copyable: (any CopyableCell.Type)?
        if let known = copyableClasses[key] {
            copyable = known
        } else {
            copyable = mapping.rowClass as? any CopyableCell.Type
            copyableClasses[key] = copyable
        }
        if let copyable, let text = copyable.copyText(ofAny: model) { return text }
        return shownText(of: model, through: mapping, at: indexPath)
    }

    /// What a cell of `mapping` filled with `model` shows.
    private func shownText(of model: Any, through mapping: any AnyRowMapping, at indexPath: IndexPath) -> String {
        guard let cell = cells.makeCell(mapping, showing: model, at: indexPath) else { return "" }
        defer { cells.pool.enqueue(cell) }
        if let textCell = cell.view as? TextCell { return textCell.text }
        if let numberCell = cell.view as? NumberCell { return numberCell.text }
        if let choiceCell = cell.view as? ChoiceCell { return choiceCell.text }
        if let toggle = ToggleState(of: cell.widget) { return toggle.isInconsistent ? "" : toggle.isOn ? "true" : "false" }
        if let texts = glm_accessible_label_texts(cell.widget) {
            defer { g_free(texts) }
            return String(cString: texts)
        }
        guard let name = atk_object_get_name(gtk_widget_get_accessible(cell.widget)) else { return "" }
        return String(cString: name)
    }
}
