import ModelStorage

/// A row declared for ``ListManager/update(animated:completion:_:)``: a model, the class `R` that shows it,
/// and the row's own event closures.
///
/// ```swift
/// Row<PackageRow>(model: package) { row in
///     row.onTap = { _, package, _ in open(package); return .deselect }
///     row.onDelete = { _, package, _ in remove(package) }
/// }
/// ```
///
/// The row is shown by `R` whatever its model type, so two rows of one model type can use two
/// classes. Across updates a row is matched by its ``AnyRow/id`` when given, otherwise by its
/// model's identity (`ModelIdentity` in ModelStorage: `Diffable`, `Identifiable`, `Hashable` or object
/// identity) and its class. A matched row keeps its widget; when its model's content changed
/// (`ModelIdentity.contentIsEqual(_:_:)`) the widget is updated in place. Closures are not
/// content: a new declaration's closures replace the old ones without touching the widget.
///
/// Every closure gets the row view, the model and the row's index path at the time of the event.
@MainActor
public final class Row<R: ListRow & ModelTransfer>: AnyRow {
    /// The model `R` shows.
    public let model: R.Model

    /// A click (or keyboard selection) selected the row: answer what becomes of the selection.
    /// Without it the row stays selected, as GTK does, and ``onSelect`` is called.
    public var onTap: ((R, R.Model, IndexPath) -> RowTapBehaviour)?
    /// The row stays selected after the user selected it (``onTap`` answered `.keepSelection`,
    /// or there is no `onTap`).
    public var onSelect: ((R, R.Model, IndexPath) -> Void)?
    /// The user deselected the row (by selecting another one, or Ctrl+click).
    public var onDeselect: ((R, R.Model, IndexPath) -> Void)?
    /// The row comes on screen (its widget is mapped).
    public var onWillDisplay: ((R, R.Model, IndexPath) -> Void)?
    /// The row leaves the screen: removed by an update (with the model it showed and the index
    /// path it had, from the declaration it was shown with), or its list hidden.
    public var onDidEndDisplay: ((R, R.Model, IndexPath) -> Void)?
    /// The user asked to delete the row: the Delete key on the focused row, or the Delete item
    /// of its context menu. The manager removes nothing: declare the rows without it.
    public var onDelete: ((R, R.Model, IndexPath) -> Void)?
    /// Whether the user may move the row (pointer drag, Alt+Up/Down). Default: false.
    public var canMove: ((R, R.Model, IndexPath) -> Bool)?
    /// The user moved the row: `(model, source, destination)`. The manager moves nothing:
    /// declare the new order (an update then moves the same widget).
    public var onMove: ((R.Model, IndexPath, IndexPath) -> Void)?

    /// A row showing `model` with `R`.
    ///
    /// - Parameters:
    ///   - id: the row's identity across updates; nil to use the model's.
    ///   - model: what the row shows.
    ///   - configure: sets the row's event closures.
    public convenience init(id: AnyHashable? = nil, model: R.Model, _ configure: ((Row<R>) -> Void)? = nil) {
        self.init(id: id, model: model, children: nil, isExpanded: false, configure: configure)
    }

    init(id: AnyHashable?, model: R.Model, children: [AnyRow]?, isExpanded: Bool, configure: ((Row<R>) -> Void)?) {
        self.model = model
        super.init(id: id, model: model, rowClass: R.self, children: children, isExpanded: isExpanded)
        configure?(self)
    }

    /// One row per model, identified by its model, all configured by `configure`.
    public static func rows<Models: Sequence>(
        _ models: Models, _ configure: ((Row<R>) -> Void)? = nil
    ) -> [Row<R>] where Models.Element == R.Model {
        models.map { Row(model: $0, configure) }
    }

    /// One row per model, identified by `id(model)`, all configured by `configure`.
    public static func rows<Models: Sequence>(
        _ models: Models, id: (R.Model) -> AnyHashable, _ configure: ((Row<R>) -> Void)? = nil
    ) -> [Row<R>] where Models.Element == R.Model {
        models.map { Row(id: id($0), model: $0, configure) }
    }

    override func makeSlot() -> DeclaredItem {
        TypedDeclaredItem(row: self)
    }

    override var declaredEvents: Set<DeclaredRowEvents> {
        var events: Set<DeclaredRowEvents> = []
        if onTap != nil || onSelect != nil || onDeselect != nil { events.insert(.selection) }
        if onWillDisplay != nil || onDidEndDisplay != nil { events.insert(.display) }
        if onDelete != nil { events.insert(.deletion) }
        if canMove != nil || onMove != nil { events.insert(.reordering) }
        return events
    }
}
