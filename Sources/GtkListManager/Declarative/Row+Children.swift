import ModelStorage

extension Row {
    /// A row with child rows: the section shows it as a tree, the children indented under it,
    /// opened and closed by its disclosure arrow and the keys of file managers.
    ///
    /// ```swift
    /// Row<FolderRow>(model: documents, isExpanded: true) {
    ///     Row<FileRow>(model: report)
    ///     Row<FolderRow>(model: photos) {
    ///         Row<FileRow>.rows(pictures)
    ///     }
    /// }
    /// ```
    ///
    /// Whether a row is open follows `isExpanded` or the user, whichever changed last, by the
    /// row's identity: declaring the tree again keeps what the user opened, and a row hidden by
    /// a closed ancestor keeps its own state. A row without identity always takes `isExpanded`.
    ///
    /// - Parameters:
    ///   - id: the row's identity across updates; nil to use the model's.
    ///   - model: what the row shows.
    ///   - isExpanded: whether the children show at first.
    ///   - configure: sets the row's event closures.
    ///   - children: the rows under this one, which may have children of their own. None makes
    ///     a parent without children (no arrow), unlike a row declared without them.
    public convenience init(
        id: AnyHashable? = nil, model: R.Model, isExpanded: Bool = false, _ configure: ((Row<R>) -> Void)? = nil,
        @RowsBuilder children: () -> [AnyRow]
    ) {
        self.init(id: id, model: model, children: children(), isExpanded: isExpanded, configure: configure)
    }

    /// A row whose child rows are given as an array; see ``init(id:model:isExpanded:_:children:)``.
    public convenience init(
        id: AnyHashable? = nil, model: R.Model, isExpanded: Bool = false, children: [AnyRow],
        _ configure: ((Row<R>) -> Void)? = nil
    ) {
        self.init(id: id, model: model, children: children, isExpanded: isExpanded, configure: configure)
    }

    /// A tree of rows of this class, one per model, read from `models` and each model's
    /// `children` (nil for a model that is not a parent), all configured by `configure`.
    ///
    /// ```swift
    /// Section(id: "files", rows: Row<FileRow>.outline(roots, children: \.children, isExpanded: { $0.isOpen }))
    /// ```
    public static func outline<Models: Sequence>(
        _ models: Models, children: (R.Model) -> [R.Model]?, isExpanded: (R.Model) -> Bool = { _ in false },
        _ configure: ((Row<R>) -> Void)? = nil
    ) -> [Row<R>] where Models.Element == R.Model {
        models.map { model in
            let childRows = children(model).map { outline($0, children: children, isExpanded: isExpanded, configure) as [AnyRow] }
            return Row(id: nil, model: model, children: childRows, isExpanded: isExpanded(model), configure: configure)
        }
    }
}
