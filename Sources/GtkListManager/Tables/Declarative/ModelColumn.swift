import CGtk
import ModelStorage

/// A column of a table over models of one type, declared with how its cells show a model: the
/// declarative form of a ``TableColumn`` and its cell registration, for
/// ``ListManager/makeTable(of:columns:)``.
///
/// ```swift
/// let table = manager.makeTable(of: Package.self) {
///     ModelColumn("Name", text: \.name)
///     ModelColumn("Version", text: \.version).width(.fitContent)
///     ModelColumn("Size", text: \.sizeText).width(.fitContent).alignedToEnd()
///     ModelColumn("Section", text: \.section).hidden()
/// }
/// ```
///
/// A text column shows a string of the model in a ``TextCell``, and a copy of its cells holds
/// that string (``TableColumn/copyText``); any other column shows the model in a cell class of
/// yours. The column's identifier (what sort keys and the saved
/// ``ColumnState`` name) is its title unless you give one.
@MainActor
public struct ModelColumn<Model> {
    /// The column: identifier, title, width and what the user may do with it.
    public var column: TableColumn
    /// What the column's cells show, and how.
    private let content: Content
    /// For a text column: where its text sits when narrower than the cell (``TextCell/xalign``).
    private var textAlignment: Float = 0

    private enum Content {
        /// Text in a ``TextCell``.
        case text(@MainActor (Model, IndexPath) -> String)
        /// Cells of the app's class, registered on a manager for a column.
        case cells(@MainActor (ListManager, String) -> Void)
    }

    /// A column of the text `text` gives each model, in a ``TextCell``.
    ///
    /// - Parameters:
    ///   - title: the header's text.
    ///   - id: the identifier; the title when nil.
    ///   - text: the text of a model's cell.
    @inlinable
    public init(_ title: String, id: String? = nil, text: KeyPath<Model, String>) {
        let read: @MainActor (Model, IndexPath) -> String = { model, _ in model[keyPath: text] }
        self.init(title, id: id, textCell: read)
        // A copy holds the text the cell shows, made without a cell; inlinable, so that it is
        // written for the app's model type, and read where it is stored when the model is a
        // struct (CONTRIBUTING, Hot paths: 19).
        copies(read, storedAt: MemoryLayout<Model>.offset(of: text))
    }

    /// A column of the text `text` gives each model and its index path, in a ``TextCell``.
    @inlinable
    public init(_ title: String, id: String? = nil, text: @escaping @MainActor (Model, IndexPath) -> String) {
        self.init(title, id: id, textCell: text)
        copies(text)
    }

    @usableFromInline
    init(_ title: String, id: String?, textCell text: @escaping @MainActor (Model, IndexPath) -> String) {
        column = TableColumn(id ?? title, title: title)
        content = .text(text)
    }

    /// A column whose cells are `cellClass`, a cell class of yours that shows the model
    /// (``ModelTransfer`` with `Model` as its model).
    public init<Cell: ListRow & ModelTransfer>(_ title: String, id: String? = nil, cell cellClass: Cell.Type)
    where Cell.Model == Model {
        column = TableColumn(id ?? title, title: title)
        content = .cells { manager, column in manager.register(cellClass, column: column) }
    }

    /// A column whose cells are `cellClass`, filled by `fill` with each model.
    public init<Cell: ListRow>(
        _ title: String, id: String? = nil, cell cellClass: Cell.Type, fill: @escaping @MainActor (Cell, Model, IndexPath) -> Void
    ) {
        column = TableColumn(id ?? title, title: title)
        content = .cells { manager, column in manager.register(cellClass, for: Model.self, column: column, handler: fill) }
    }

    // MARK: - Modifiers

    /// The column with `width` until the user resizes it, kept between `minimum` and `maximum`
    /// (the column's own limits when nil).
    public func width(_ width: ColumnWidth, minimum: Int? = nil, maximum: Int? = nil) -> Self {
        var copy = self
        copy.column.width = width
        if let minimum { copy.column.minimumWidth = max(minimum, 1) }
        if let maximum { copy.column.maximumWidth = maximum }
        return copy
    }

    /// The column hidden until the user shows it from a header's menu.
    public func hidden() -> Self {
        var copy = self
        copy.column.isInitiallyHidden = true
        return copy
    }

    /// The column with the user's abilities on it as given (each unchanged when nil).
    public func allowing(
        resizing: Bool? = nil, reordering: Bool? = nil, hiding: Bool? = nil, sorting: Bool? = nil
    ) -> Self {
        var copy = self
        if let resizing { copy.column.isResizable = resizing }
        if let reordering { copy.column.isReorderable = reordering }
        if let hiding { copy.column.isHideable = hiding }
        if let sorting { copy.column.isSortable = sorting }
        return copy
    }

    /// A text column whose text sits at the cell's end (the right, left to right), where
    /// numbers line up; other columns are left as they are.
    public func alignedToEnd() -> Self {
        var copy = self
        copy.textAlignment = 1
        return copy
    }

    /// Registers the column's cells on `manager`, in place of any registered before for its
    /// identifier.
    func register(on manager: ListManager) {
        manager.tableCells.removeMappings(ofColumn: column.id)
        switch content {
        case .text(let text):
            let alignment = textAlignment
            manager.register(TextCell.self, for: Model.self, column: column.id) { cell, model, indexPath in
                cell.text = text(model, indexPath)
                cell.xalign = alignment
            }
            // Typing finds rows by their first text column, as GtkTreeView's first string column.
            manager.registerFindableText(ofColumn: column.id) { model, indexPath in (model as? Model).map { text($0, indexPath) } }
        case .cells(let register):
            register(manager, column.id)
        }
    }
}
