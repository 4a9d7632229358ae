import ModelStorage

/// A feature that shows every item its own way (a table: a row of cells per item), instead of
/// the item mappings registered on the manager. One at most is installed; installing another
/// replaces it.
///
/// The manager binds every item with its ``itemMapping``, and asks it, not the item mappings,
/// what type-ahead finds an item by, what a screen reader calls its row, and how a tree's row
/// is indented.
@MainActor
protocol ItemPresenting: ListFeature {
    /// The mapping of every item's row.
    var itemMapping: any AnyRowMapping { get }
    /// The text type-ahead finds the item `model` at `indexPath` by; nil when it is not
    /// findable.
    func findableText(of model: Any, at indexPath: IndexPath) -> String?
    /// What a screen reader says for the row of `model` (the stored one) at `indexPath`; nil for
    /// the texts of the row's labels.
    func accessibleName(of model: Any, at indexPath: IndexPath) -> String?
    /// Indents the row of a tree's item by `pixels` (its level and the arrow's room): false
    /// when the row is not one the feature made (the host indents it whole then).
    func indentTreeRow(_ row: BoundRow, by pixels: Int) -> Bool
    /// Flashes the parts of `row` that changed when its item was just refreshed in place (a
    /// table: the cells whose text changed), owned by `row` in `flashes`.
    func flashChangedParts(of row: BoundRow, with flashes: ChangeFlashes)
}
