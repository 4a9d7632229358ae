import ModelStorage

/// Turns models into rows: resolves the mapping, dequeues a pooled row of its reuse identifier
/// or builds one, fills it, and reports models that cannot be shown.
@MainActor
final class RowFactory {
    let registry = MappingRegistry()
    private let unwrapper = OptionalUnwrapper()
    let pool: ReusePool
    /// The states of stateful rows that stopped showing their models.
    let rowStates = RowStateStore()
    let anomalies: AnomalyHandler<ManagerAnomaly>
    /// The mapping that shows every item, set by a feature that shows items its own way
    /// (``ItemPresenting``); nil: each item's mapping is resolved from the registry.
    var presentedItemMapping: (any AnyRowMapping)?
    /// Supplementary rows made to check that their mapping can make rows, kept for the
    /// binding of the position they were made for, so that they are not filled twice.
    private var preparedRows: [RowLocation: BoundRow] = [:]

    init(poolLimit: Int, anomalies: AnomalyHandler<ManagerAnomaly>) {
        pool = ReusePool(limit: poolLimit)
        self.anomalies = anomalies
    }

    /// The row for an item. Never nil: a model that cannot be shown gets an empty row (and an
    /// anomaly), so the list keeps one row per storage item.
    func makeItemRow(for storedModel: Any, at indexPath: IndexPath) -> BoundRow {
        if unwrapper.isPlain(storedModel) { return makeItemRow(forUnwrapped: storedModel, at: indexPath) }
        guard let model = unwrapper.unwrap(storedModel) else {
            anomalies.report(.nilModel(indexPath: indexPath))
            return BoundRow(view: UnmappedRow(), role: .item, model: storedModel, mapping: nil)
        }
        return makeItemRow(forUnwrapped: model, at: indexPath)
    }

    private func makeItemRow(forUnwrapped model: Any, at indexPath: IndexPath) -> BoundRow {
        guard let mapping = presentedItemMapping ?? registry.mapping(for: model, role: .item, at: indexPath) else {
            anomalies.report(.noRowMappingFound(modelDescription: String(describing: model), indexPath: indexPath))
            return BoundRow(view: UnmappedRow(), role: .item, model: model, mapping: nil)
        }
        return makeRow(mapping: mapping, model: model, at: indexPath)
            ?? BoundRow(view: UnmappedRow(), role: .item, model: model, mapping: nil)
    }

    /// The row for the position at `location`, showing `storedModel` (the model the row map holds
    /// there). Never nil: a model that cannot be shown gets an empty row and an anomaly.
    func makeRow(at location: RowLocation, showing storedModel: Any) -> BoundRow {
        guard location.role != .item else { return makeItemRow(for: storedModel, at: location.indexPath) }
        if !preparedRows.isEmpty, let prepared = preparedRows.removeValue(forKey: location) { return prepared }
        if let model = unwrapper.unwrap(storedModel),
            let mapping = registry.mapping(for: model, role: location.role, at: location.indexPath),
            let row = makeRow(mapping: mapping, model: model, at: location.indexPath)
        {
            return row
        }
        // Unreachable while the updater shows only supplementary rows it checked with
        // `canMakeSupplementaryRow`: still a row, never a crash.
        return BoundRow(view: UnmappedRow(), role: location.role, model: storedModel, mapping: nil)
    }

    /// The row class that shows `storedModel` at `location`, and the model as it gets it
    /// (unwrapped); nil when none does.
    func rowClass(at location: RowLocation, showing storedModel: Any) -> (any ListRow.Type, Any)? {
        guard let model = unwrapper.unwrap(storedModel),
            let mapping = registry.mapping(for: model, role: location.role, at: location.indexPath)
        else { return nil }
        return (mapping.rowClass, model)
    }

    /// An empty row for a position whose model left the storage before the list heard of it:
    /// the change on its way removes the position. Not an anomaly: a host that binds rows while
    /// its storage is mid-transaction (a main loop run inside `performUpdates`) meets it.
    func makeVacantRow(_ role: RowRole) -> BoundRow {
        BoundRow(view: UnmappedRow(), role: role, model: Optional<Any>.none as Any, mapping: nil)
    }

    /// Whether a supplementary row can show `model`: a mapping takes it (else the anomaly is
    /// reported) and has made a row, or makes one now, kept for the binding of its position
    /// (until ``releasePreparedRows()``).
    func canMakeSupplementaryRow(_ role: RowRole, for model: Any, section: Int) -> Bool {
        guard let mapping = supplementaryMapping(role, for: model, section: section) else { return false }
        if mapping.hasMadeRows { return true }
        let indexPath = IndexPath(item: 0, section: section)
        guard let row = makeRow(mapping: mapping, model: model, at: indexPath) else { return false }
        preparedRows[RowLocation(role: role, indexPath: indexPath)] = row
        return true
    }

    /// Sends the prepared rows no binding took (a host that binds later) to the reuse pool.
    func releasePreparedRows() {
        guard !preparedRows.isEmpty else { return }
        for row in preparedRows.values { recycle(row) }
        preparedRows = [:]
    }

    /// `storedModel` without optional wrapping; nil for a nil model.
    func unwrappedModel(_ storedModel: Any) -> Any? {
        unwrapper.unwrap(storedModel)
    }

    /// `unwrappedModel(_:)` of each model of `models`, in place: a plain model (the common
    /// case) stays as it is, uncopied.
    func unwrapModels(_ models: inout [Any?]) {
        for index in models.indices {
            guard let model = models[index], !unwrapper.isPlain(model) else { continue }
            models[index] = unwrapper.unwrap(model)
        }
    }

    /// The mapping that shows a section's supplementary model, reporting when there is none.
    func supplementaryMapping(_ role: RowRole, for model: Any, section: Int) -> (any AnyRowMapping)? {
        let mapping = registry.mapping(for: model, role: role, at: IndexPath(item: 0, section: section))
        if mapping == nil, let kind = role.supplementaryKind {
            anomalies.report(
                .noSupplementaryMappingFound(
                    kind: kind, modelDescription: String(describing: model), section: section))
        }
        return mapping
    }

    /// Shows `storedModel` in `row` in place when the same mapping still applies; returns false
    /// when the row must be replaced by a new one.
    func refresh(_ row: BoundRow, with storedModel: Any, at indexPath: IndexPath) -> Bool {
        guard let model = unwrapper.unwrap(storedModel), let current = row.mapping,
            let mapping = row.role == .item && presentedItemMapping != nil
                ? presentedItemMapping : registry.mapping(for: model, role: row.role, at: indexPath),
            mapping === current
        else { return false }
        row.show(model, through: mapping, at: indexPath)
        return true
    }

    /// Sends a row that left the list to the reuse pool.
    /// Pools `row`, keeping at least `minimum` rows of its kind whatever the pool's limit.
    func recycle(_ row: BoundRow, keepingAtLeast minimum: Int = 0) {
        pool.enqueue(row, keepingAtLeast: minimum)
    }

    /// A filled row of `mapping`, pooled or new; nil when the mapping cannot make rows (reported
    /// the first time).
    private func makeRow(mapping: any AnyRowMapping, model: Any, at indexPath: IndexPath) -> BoundRow? {
        pool.row(of: mapping, showing: model, at: indexPath, reportingTo: anomalies)
    }
}
