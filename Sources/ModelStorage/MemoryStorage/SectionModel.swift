/// One section of a ``MemoryStorage``: its items, in order.
///
/// Items are read-only from outside: every change goes through the storage, which records it for
/// observers. A section object belongs to at most one storage.
@MainActor
public final class SectionModel {
    /// The models of this section, in display order.
    public internal(set) var items: [Any]

    /// The storage this section belongs to, if any.
    weak var storage: MemoryStorage?

    /// What matches this section across states in a diffed replacement
    /// (``MemoryStorage/setSections(_:diffing:)``); nil matches the section object itself.
    public var identifier: AnyHashable?

    /// A detached section holding `items`, ready to be inserted into a storage.
    public init(items: [Any] = []) {
        self.items = items
    }

    /// A detached section identified by `id` in diffed replacements, holding `items`.
    public init<ID: Hashable>(id: ID, items: [Any] = []) {
        self.identifier = AnyHashable(id)
        self.items = items
    }

    /// The identity the differ matches this section by.
    var diffIdentity: AnyHashable {
        identifier ?? AnyHashable(ObjectIdentifier(self))
    }

    /// The number of items.
    public var numberOfItems: Int { items.count }

    /// True when the section has no items.
    public var isEmpty: Bool { items.isEmpty }

    /// The item at `index`, or nil when out of range.
    public func item(at index: Int) -> Any? {
        items.indices.contains(index) ? items[index] : nil
    }

    /// The items that are of type `T`, in order.
    public func items<T>(ofType type: T.Type) -> [T] {
        items.compactMap { $0 as? T }
    }

    /// The index of this section in its storage, or nil when it belongs to none.
    public var currentSectionIndex: Int? {
        storage?.sectionIndex(for: self)
    }
}
