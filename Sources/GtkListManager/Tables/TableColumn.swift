import ModelStorage

/// A column of a table: its identifier, its title, how wide it is and what the user may do
/// with it.
///
/// ```swift
/// let columns = [
///     TableColumn("name", title: "Name", width: .share(1), minimumWidth: 120),
///     TableColumn("size", title: "Size", width: .fitContent),
///     TableColumn("section", title: "Section", width: .fixed(140)),
/// ]
/// ```
///
/// Cells come from the classes registered for the column
/// (``ListManager/register(_:column:mapping:handler:)``). What the user changed (widths, order,
/// hidden columns, the sort) is the table's ``ColumnState``, which the app saves and restores.
public struct TableColumn: Hashable, Sendable, Identifiable {
    /// The column's identifier: what cells are registered for, sort keys and the saved state
    /// name. Unique in a table.
    public var id: String
    /// The header's text.
    public var title: String
    /// How wide the column is until the user resizes it.
    public var width: ColumnWidth
    /// The narrowest the column gets, whatever its rule or the user's drag.
    public var minimumWidth: Int
    /// The widest the column gets; nil for no limit.
    public var maximumWidth: Int?
    /// Whether the user may resize the column by dragging its header's edge.
    public var isResizable: Bool
    /// Whether the user may move the column.
    public var isReorderable: Bool
    /// Whether the user may hide the column from the header's menu.
    public var isHideable: Bool
    /// Whether a click on the header sorts by the column.
    public var isSortable: Bool
    /// Whether the column is hidden until the user shows it (or the app, with
    /// ``ListTable/setHidden(_:ofColumn:)``).
    public var isInitiallyHidden: Bool
    /// Whether the column starts frozen: kept at the leading edge while the others scroll
    /// sideways (``ListTable/frozenColumnCount``). Frozen columns are shown first, in their
    /// declared order; the user may unfreeze them from the header's menu. Read when the table is
    /// made and when ``ListTable/setColumns(_:)`` brings the column in; a column the table
    /// already has keeps the user's choice (``ListTable/frozenColumnCount`` changes it).
    public var isFrozen: Bool
    /// Whether the header's menu offers to group rows by the column ("Group by This Column",
    /// "Add to Grouping"); ``ListTable/follow(_:using:)`` also offers it for every column its
    /// groupings declare.
    public var isGroupable: Bool
    /// For ``ColumnWidth/fitContent``: the width in pixels a model's cell needs, when the app
    /// knows it cheaply; nil measures a sample of real cells instead.
    public var measure: (@MainActor @Sendable (Any) -> Int)?
    /// The text a copy of the column's cell holds for a model and its index path (Ctrl+C,
    /// ``ListTable/copySelection(as:includingHeader:)``); nil when the model is not one it
    /// knows. Without it, the text comes from the cell class (``CopyableCell``) or from a cell
    /// filled for the model and read, which is slower. Declared text and toggle columns
    /// (``ModelColumn``) set it.
    public var copyText: (@MainActor @Sendable (Any, IndexPath) -> String?)? {
        didSet { typedCopyText = nil }
    }
    /// ``copyText`` with its model type kept, for declared columns (`TypedCopyText`).
    @usableFromInline
    var typedCopyText: (any TypedCopyText)?

    /// A column; every ability is on, it is visible, and it scrolls (not frozen).
    public init(
        _ id: String, title: String, width: ColumnWidth = .share(1), minimumWidth: Int = 24, maximumWidth: Int? = nil,
        isResizable: Bool = true, isReorderable: Bool = true, isHideable: Bool = true, isSortable: Bool = true,
        isInitiallyHidden: Bool = false, isFrozen: Bool = false, isGroupable: Bool = false,
        measure: (@MainActor @Sendable (Any) -> Int)? = nil
    ) {
        self.id = id
        self.title = title
        self.width = width
        self.minimumWidth = max(minimumWidth, 1)
        self.maximumWidth = maximumWidth
        self.isResizable = isResizable
        self.isReorderable = isReorderable
        self.isHideable = isHideable
        self.isSortable = isSortable
        self.isInitiallyHidden = isInitiallyHidden
        self.isGroupable = isGroupable
        self.measure = measure
        self.isFrozen = isFrozen
    }

    /// A column whose copied cells hold the text `copyText` gives each model and its index path
    /// (``copyText``); every other parameter as in ``init(_:title:width:minimumWidth:maximumWidth:isResizable:isReorderable:isHideable:isSortable:isInitiallyHidden:isFrozen:isGroupable:measure:)``.
    ///
    /// ```swift
    /// TableColumn("size", title: "Size", width: .fitContent, copyText: { model, _ in
    ///     (model as? Package).map { String($0.size) }
    /// })
    /// ```
    public init(
        _ id: String, title: String, width: ColumnWidth = .share(1), minimumWidth: Int = 24, maximumWidth: Int? = nil,
        isResizable: Bool = true, isReorderable: Bool = true, isHideable: Bool = true, isSortable: Bool = true,
        isInitiallyHidden: Bool = false, isFrozen: Bool = false, isGroupable: Bool = false,
        measure: (@MainActor @Sendable (Any) -> Int)? = nil,
        copyText: @escaping @MainActor @Sendable (Any, IndexPath) -> String?
    ) {
        self.init(
            id, title: title, width: width, minimumWidth: minimumWidth, maximumWidth: maximumWidth, isResizable: isResizable,
            isReorderable: isReorderable, isHideable: isHideable, isSortable: isSortable, isInitiallyHidden: isInitiallyHidden,
            isFrozen: isFrozen, isGroupable: isGroupable, measure: measure)
        self.copyText = copyText
    }

    /// `width` kept between the column's minimum and maximum.
    func clamped(_ width: Int) -> Int {
        min(max(width, minimumWidth), maximumWidth ?? .max)
    }

    // Columns are the same when everything but the measure and copy closures is.
    public static func == (lhs: TableColumn, rhs: TableColumn) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.width == rhs.width && lhs.minimumWidth == rhs.minimumWidth
            && lhs.maximumWidth == rhs.maximumWidth && lhs.isResizable == rhs.isResizable
            && lhs.isReorderable == rhs.isReorderable && lhs.isHideable == rhs.isHideable
            && lhs.isSortable == rhs.isSortable && lhs.isInitiallyHidden == rhs.isInitiallyHidden && lhs.isFrozen == rhs.isFrozen
            && lhs.isGroupable == rhs.isGroupable
            && (lhs.measure == nil) == (rhs.measure == nil) && (lhs.copyText == nil) == (rhs.copyText == nil)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
