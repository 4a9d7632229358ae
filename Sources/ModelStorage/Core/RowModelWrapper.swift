/// A storage item that its row shows as another model: mappings match ``rowModel``, reactions
/// typed for it receive it, while the storage keeps the item itself (and its identity).
///
/// ``OutlinePath`` is one: a tree whose models repeat keeps paths, and its rows show models.
public protocol RowModelWrapper {
    /// The model the item's row shows.
    var rowModel: Any { get }
}
