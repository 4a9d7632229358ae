/// A storage whose items a ``FilteredStorage`` filters by a key: a value it holds for every
/// item, cheaper to copy and read than the item itself.
///
/// A lazy database storage holds the id of every row but reads the full records only of the rows
/// shown: a filtered storage made with ``FilteredStorage/init(keysOf:filter:handOff:)`` copies
/// and scans the ids, and reads the items of the rows that pass from the base, when they are
/// asked for. Its filter takes keys: "the ids a full-text search found", for example.
///
/// The keys of the items a change of the base inserts or updates are read from the models it
/// carries (``filterKey(ofModel:)``): a change that carries its models lazily has each read as
/// it is mapped.
@MainActor
public protocol KeyFilterableStorage: ObservableStorage {
    /// What the filter reads of each item.
    associatedtype FilterKey: Sendable

    /// The keys of the items of `section`, in order, nil for an item without one (the filtered
    /// storage hides it); empty when there is no such section.
    func filterKeys(inSection section: Int) -> [FilterKey?]

    /// The key of a model this storage's changes carry (an item it inserts or updates); nil
    /// when the model has none (the filtered storage hides it and reports it).
    func filterKey(ofModel model: Any) -> FilterKey?
}
