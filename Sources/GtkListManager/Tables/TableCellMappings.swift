import ModelStorage

/// The cell classes registered for each column of a table, and the cells that left their rows
/// waiting for reuse.
///
/// A cell is a small row view (``ListRow`` and ``ModelTransfer``) mapped by model type per
/// column, so cells resolve like rows do: protocols and superclasses match, conditions apply,
/// the first registered match wins.
@MainActor
final class TableCellMappings: ListFeature {
    private var registries: [String: MappingRegistry] = [:]
    let pool = ReusePool(limit: 64)
    private let anomalies: AnomalyHandler<ManagerAnomaly>
    /// Column and model type pairs already reported as unmapped.
    private var reported = Set<String>()
    /// The default cells of group rows (`ItemGroup`), for a column no registration covers.
    var groupCell: ((String) -> (any AnyRowMapping)?)?
    /// The text a declared text column finds a model by (``ModelColumn``): its cells are plain
    /// ``TextCell``s, which know no model.
    private(set) var findableTexts: [String: (Any, IndexPath) -> String?] = [:]

    /// The cell of a position a paged storage still reads (`PendingRow`), in a column that
    /// registers none: empty, as a row being read shows in GTK 4's column view.
    private let pendingCell = RowMapping<TextCell, PendingRow>(role: .item, handler: nil) { cell, _ in cell.text = "" }

    init(anomalies: AnomalyHandler<ManagerAnomaly>) {
        self.anomalies = anomalies
    }

    func append(_ mapping: any AnyRowMapping, column: String) {
        let registry = registries[column] ?? MappingRegistry(forCells: true)
        registry.append(mapping)
        registries[column] = registry
        reported.removeAll()
    }

    /// Forgets the cell classes registered for `column`: a declared table declared again
    /// replaces its columns' cells.
    func removeMappings(ofColumn column: String) {
        registries[column] = nil
        findableTexts[column] = nil
        reported.removeAll()
    }

    /// Makes items findable by what `text` gives for `column` (a declared text column).
    func setFindableText(ofColumn column: String, _ text: @escaping (Any, IndexPath) -> String?) {
        findableTexts[column] = text
    }

    /// The mapping that shows `model` in `column`; nil, reported once, when none does.
    func mapping(for model: Any, column: String, at indexPath: IndexPath) -> (any AnyRowMapping)? {
        if let mapping = registries[column]?.mapping(for: model, role: .item, at: indexPath) { return mapping }
        if model is ItemGroup, let mapping = groupCell?(column) { return mapping }
        if model is PendingRow { return pendingCell }
        if reported.insert("\(column)\u{0}\(type(of: model))").inserted {
            anomalies.report(
                .noCellMappingFound(column: column, modelDescription: String(describing: model), indexPath: indexPath))
        }
        return nil
    }

    /// A cell of `mapping` showing `model`: a pooled one refilled, or a new one; nil when the
    /// mapping cannot make cells (reported once).
    func makeCell(_ mapping: any AnyRowMapping, showing model: Any, at indexPath: IndexPath) -> BoundRow? {
        pool.row(of: mapping, showing: model, at: indexPath, reportingTo: anomalies)
    }
}
