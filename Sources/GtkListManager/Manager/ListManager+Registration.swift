import ModelStorage

extension ListManager {
    /// Shows models of `Row.Model` (and of its subtypes and conforming types) with `Row`.
    ///
    /// - Parameters:
    ///   - rowClass: the row class; its `Model` is the model type it shows.
    ///   - mapping: customizes the mapping (condition, reuse identifier) before it is added.
    ///   - handler: runs before `update(with:)` whenever a row is filled.
    public func register<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type,
        mapping: ((RowMapping<R, R.Model>) -> Void)? = nil,
        handler: ((R, R.Model, IndexPath) -> Void)? = nil
    ) {
        add(RowMapping<R, R.Model>(role: .item, handler: handler, transfer: { $0.update(with: $1) }), mapping)
    }

    /// Shows models of `modelType` with `Row`, a row class that does not adopt
    /// ``ModelTransfer``: `handler` is what fills it.
    public func register<R: ListRow, Model>(
        _ rowClass: R.Type,
        for modelType: Model.Type,
        mapping: ((RowMapping<R, Model>) -> Void)? = nil,
        handler: @escaping (R, Model, IndexPath) -> Void
    ) {
        add(RowMapping<R, Model>(role: .item, handler: handler, transfer: nil), mapping)
    }

    /// Shows section header models of `View.Model` with `View`. Registering any header view
    /// replaces the built-in `String` titles for headers.
    public func registerHeader<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type,
        mapping: ((RowMapping<View, View.Model>) -> Void)? = nil,
        handler: ((View, View.Model, Int) -> Void)? = nil
    ) {
        registerSupplementary(viewClass, ofKind: .header, mapping: mapping, handler: handler)
    }

    /// Shows section header models of `modelType` with `View`, filled by `handler`.
    public func registerHeader<View: ListRow, Model>(
        _ viewClass: View.Type,
        for modelType: Model.Type,
        mapping: ((RowMapping<View, Model>) -> Void)? = nil,
        handler: @escaping (View, Model, Int) -> Void
    ) {
        registerSupplementary(viewClass, for: modelType, ofKind: .header, mapping: mapping, handler: handler)
    }

    /// Shows section footer models of `View.Model` with `View`. Registering any footer view
    /// replaces the built-in `String` titles for footers.
    public func registerFooter<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type,
        mapping: ((RowMapping<View, View.Model>) -> Void)? = nil,
        handler: ((View, View.Model, Int) -> Void)? = nil
    ) {
        registerSupplementary(viewClass, ofKind: .footer, mapping: mapping, handler: handler)
    }

    /// Shows section footer models of `modelType` with `View`, filled by `handler`.
    public func registerFooter<View: ListRow, Model>(
        _ viewClass: View.Type,
        for modelType: Model.Type,
        mapping: ((RowMapping<View, Model>) -> Void)? = nil,
        handler: @escaping (View, Model, Int) -> Void
    ) {
        registerSupplementary(viewClass, for: modelType, ofKind: .footer, mapping: mapping, handler: handler)
    }

    /// Shows the storage's supplementary models of `kind` with `View`: one row per section that
    /// has a model of that kind, placed before or after the section's items
    /// (DTCollectionViewManager's `registerSupplementary(_:ofKind:)`).
    ///
    /// ```swift
    /// manager.registerSupplementary(SummaryView.self, ofKind: "summary", placement: .afterItems)
    /// storage.setSupplementaryModels(summaries, ofKind: "summary")
    /// ```
    ///
    /// - Parameters:
    ///   - viewClass: the view class; its `Model` is the model type it shows.
    ///   - kind: the kind; `.header` and `.footer` are the section's header and footer, which
    ///     keep their places (first and last) whatever `placement` says.
    ///   - placement: where the kind's rows go, the first time the kind is registered or when
    ///     it changes; kinds of one placement keep the order of their first registration.
    ///   - mapping: customizes the mapping (condition, reuse identifier) before it is added.
    ///   - handler: runs before `update(with:)` whenever a view is filled, with its section.
    public func registerSupplementary<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type,
        ofKind kind: SupplementaryKind,
        placement: SupplementaryPlacement = .beforeItems,
        mapping: ((RowMapping<View, View.Model>) -> Void)? = nil,
        handler: ((View, View.Model, Int) -> Void)? = nil
    ) {
        guard place(kind, placement) else { return }
        add(
            RowMapping<View, View.Model>(
                role: .supplementary(kind), handler: handler.map(inSection), transfer: { $0.update(with: $1) }), mapping)
    }

    /// Shows the storage's supplementary models of `kind` and of type `modelType` with `View`,
    /// filled by `handler`. See ``registerSupplementary(_:ofKind:placement:mapping:handler:)``.
    public func registerSupplementary<View: ListRow, Model>(
        _ viewClass: View.Type,
        for modelType: Model.Type,
        ofKind kind: SupplementaryKind,
        placement: SupplementaryPlacement = .beforeItems,
        mapping: ((RowMapping<View, Model>) -> Void)? = nil,
        handler: @escaping (View, Model, Int) -> Void
    ) {
        guard place(kind, placement) else { return }
        add(RowMapping<View, Model>(role: .supplementary(kind), handler: inSection(handler), transfer: nil), mapping)
    }

    /// Removes every item mapping of `rowClass`; the list reloads.
    public func unregister<R: ListRow>(_ rowClass: R.Type) {
        removeMappings(of: rowClass, role: .item)
    }

    /// Removes every header mapping of `viewClass`; the list reloads.
    public func unregisterHeader<View: ListRow>(_ viewClass: View.Type) {
        removeMappings(of: viewClass, role: .header)
    }

    /// Removes every footer mapping of `viewClass`; the list reloads.
    public func unregisterFooter<View: ListRow>(_ viewClass: View.Type) {
        removeMappings(of: viewClass, role: .footer)
    }

    /// Removes every mapping of `viewClass` for supplementary views of `kind`; the list
    /// reloads. The kind keeps its place for a later registration.
    public func unregisterSupplementary<View: ListRow>(_ viewClass: View.Type, ofKind kind: SupplementaryKind) {
        removeMappings(of: viewClass, role: .supplementary(kind))
    }

    /// Gives `kind` its place among the section's rows; false (reported) when the list places
    /// as many kinds as it can already.
    private func place(_ kind: SupplementaryKind, _ placement: SupplementaryPlacement, call: StaticString = #function) -> Bool {
        checkConfinement(call)
        var arrangement = updater.arrangement
        guard arrangement.place(kind, placement) else {
            anomalyHandler.report(.tooManySupplementaryKinds(kind: kind, limit: SupplementaryArrangement.capacity))
            return false
        }
        if arrangement != updater.arrangement { updater.arrangement = arrangement }
        return true
    }

    /// A section handler as a mapping's handler, which is given the section's index path.
    private func inSection<View, Model>(
        _ handler: @escaping (View, Model, Int) -> Void
    ) -> (View, Model, IndexPath) -> Void {
        { handler($0, $1, $2.section) }
    }

    private func add<R, Model>(
        _ mapping: RowMapping<R, Model>, _ customize: ((RowMapping<R, Model>) -> Void)?, call: StaticString = #function
    ) {
        checkConfinement(call)
        customize?(mapping)
        mapping.keepStates(in: factory.rowStates)
        factory.registry.append(mapping)
        connectEvents(of: mapping)
        if mapping.role == .item, R.self is any FindableRow.Type { features.require(.typeAheadFind) }
        // Rows already shown may now resolve differently (or at all), or go elsewhere.
        if host.rowCount > 0 || storage.numberOfSections > 0 || updater.rowMap.sectionCount > 0 { reload() }
    }

    private func removeMappings(of rowClass: any ListRow.Type, role: RowRole, call: StaticString = #function) {
        checkConfinement(call)
        guard factory.registry.removeMappings(of: rowClass, role: role) > 0 else { return }
        reload()
        // After the reload: it sends the rows it took down to the pool, the unregistered ones too.
        factory.pool.removeAll()
    }
}
