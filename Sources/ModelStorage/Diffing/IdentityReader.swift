/// How the differ reads an element's identity: a type rather than a closure, so that generic
/// code specialized for it has the read inlined. (A closure handed down through the differ's
/// generic layers is not reliably inlined, and an indirect call per element costs as much as
/// hashing it.)
@usableFromInline
protocol IdentityReader {
    associatedtype Element
    associatedtype Identity: Hashable
    static func identity(of element: Element) -> Identity
    /// Whether `first` and `second` have the same identity.
    static func haveSameIdentity(_ first: Element, _ second: Element) -> Bool
    /// The slot of `table` where the search for `element`'s identity starts.
    static func startSlot(of element: Element, in table: IdentityTable) -> Int
}

extension IdentityReader {
    @inlinable
    static func haveSameIdentity(_ first: Element, _ second: Element) -> Bool {
        identity(of: first) == identity(of: second)
    }

    @inlinable
    static func startSlot(of element: Element, in table: IdentityTable) -> Int {
        table.startSlot(of: identity(of: element))
    }
}

/// A ``Diffable`` item's ``Diffable/diffIdentifier``.
@usableFromInline
enum DiffableIdentity<Item: Diffable>: IdentityReader {
    @inlinable
    static func identity(of item: Item) -> Item.DiffIdentifier { item.diffIdentifier }
}

/// A ``DiffSection``'s identity: its model's ``Diffable/diffIdentifier``.
@usableFromInline
enum SectionModelIdentity<Model: Diffable, Item: Diffable>: IdentityReader {
    @inlinable
    static func identity(of section: DiffSection<Model, Item>) -> Model.DiffIdentifier { section.model.diffIdentifier }
}

/// Elements that are their own identities: compared and hashed where they are, never copied
/// (a copy of a boxed identity retains and releases it).
@usableFromInline
enum OwnIdentity<Identity: Hashable>: IdentityReader {
    @inlinable
    static func identity(of element: Identity) -> Identity { element }

    @inlinable
    static func haveSameIdentity(_ first: Identity, _ second: Identity) -> Bool { first == second }

    @inlinable
    static func startSlot(of element: Identity, in table: IdentityTable) -> Int { table.startSlot(of: element) }
}
