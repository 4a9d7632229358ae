/// How an outline hashes and compares its items' identities (``ModelIdentity``: a ``Diffable``
/// item's `diffIdentifier`, else an `Identifiable` item's `id`, else the item itself), read
/// from the items where they are.
///
/// Decided once per item type: making a ``SnapshotKey`` per item boxed its identity twice and
/// cost a conformance look-up, and a table of keys held the boxes (about 200 bytes an item).
/// Class items keep the general path through ``SnapshotKey``, whose identity also names the
/// instance's own class.
struct OutlineItemIdentity<Item: Hashable & Sendable>: Sendable {
    private let reading: any OutlineIdentityReading<Item>

    init() {
        if Item.self is AnyClass {
            reading = KeyIdentityReading<Item>()
        } else if let diffable = Item.self as? any Diffable.Type {
            reading = Self.reading(diffable)
        } else if let identifiable = Item.self as? any Identifiable.Type {
            reading = Self.reading(identifiable)
        } else {
            reading = OwnIdentityReading<Item>()
        }
    }

    /// The identity's hash: equal identities hash equally.
    func hash(_ item: Item) -> Int { reading.hash(of: item) }

    /// Whether two items have the same identity.
    func same(_ first: Item, _ second: Item) -> Bool { reading.same(first, second) }

    /// The identity hashes of `items`, truncated to 32 bits. One call for many items: unspecialized
    /// code calling a method of this generic type per item looks its metadata up each time (about
    /// 330 instructions an item, 15% of building an outline; CONTRIBUTING, Hot paths: 7).
    func hashes(of items: [Item]) -> [UInt32] { reading.hashes(of: items) }

    private static func reading<Model: Diffable>(_: Model.Type) -> any OutlineIdentityReading<Item> {
        DiffableIdentityReading<Item, Model>()
    }

    private static func reading<Model: Identifiable>(_: Model.Type) -> any OutlineIdentityReading<Item> {
        IdentifiableIdentityReading<Item, Model>()
    }
}

/// One way of reading an item's identity.
private protocol OutlineIdentityReading<Item>: Sendable {
    associatedtype Item
    func hash(of item: Item) -> Int
    func same(_ first: Item, _ second: Item) -> Bool
}

extension OutlineIdentityReading {
    /// The identity hashes of `items`, the reading opened once: each item hashed where the array
    /// keeps it, never copied.
    func hashes(of items: [Item]) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: items.count) { hashes, initialized in
            items.withUnsafeBufferPointer { items in
                var position = 0
                while position < items.count {
                    hashes[position] = UInt32(truncatingIfNeeded: hash(of: items[position]))
                    position += 1
                }
            }
            initialized = items.count
        }
    }
}

/// A value that is its own identity.
private struct OwnIdentityReading<Item: Hashable>: OutlineIdentityReading {
    func hash(of item: Item) -> Int { item.hashValue }
    func same(_ first: Item, _ second: Item) -> Bool { first == second }
}

/// A value type's diff identifier: `Model` is `Item`.
private struct DiffableIdentityReading<Item, Model: Diffable>: OutlineIdentityReading {
    func hash(of item: Item) -> Int { unsafeBitCast(item, to: Model.self).diffIdentifier.hashValue }
    func same(_ first: Item, _ second: Item) -> Bool {
        unsafeBitCast(first, to: Model.self).diffIdentifier == unsafeBitCast(second, to: Model.self).diffIdentifier
    }
}

/// A value type's `id`: `Model` is `Item`.
private struct IdentifiableIdentityReading<Item, Model: Identifiable>: OutlineIdentityReading {
    func hash(of item: Item) -> Int { unsafeBitCast(item, to: Model.self).id.hashValue }
    func same(_ first: Item, _ second: Item) -> Bool { unsafeBitCast(first, to: Model.self).id == unsafeBitCast(second, to: Model.self).id }
}

/// Any item, through its ``SnapshotKey``: a class instance's identity names its own class.
private struct KeyIdentityReading<Item: Hashable & Sendable>: OutlineIdentityReading {
    func hash(of item: Item) -> Int { SnapshotKey(item).hashValue }
    func same(_ first: Item, _ second: Item) -> Bool { SnapshotKey(first) == SnapshotKey(second) }
}
