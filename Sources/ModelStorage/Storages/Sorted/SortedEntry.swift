/// A stored item with what places it: its section key and its insertion sequence.
struct SortedEntry<Item: Sendable, SectionKey: Sendable>: Sendable {
    var item: Item
    /// The item's section key, computed once when the entry was made.
    var sectionKey: SectionKey
    /// When the item's identity entered the storage (a storage-wide counter). Two items the
    /// comparator finds equal are ordered by it: the one that came first stays first.
    var sequence: UInt64
}
