/// Copies of a sorted storage's entries made in loops over raw buffers, for the code that runs
/// generic over the app's item type (CONTRIBUTING, Hot paths: 20).
///
/// Unspecialized, `order.map { entries[$0] }` or `entries.map(\.item)` looks the entry type's
/// metadata up in the runtime's cache for every element (the closure is generic over it) and
/// reads the field through a key path: 12–35 ms at 100,000 rows. Here the metadata comes once
/// with the call, and each element is one copy through its type's value witness. Never
/// `unsafeUninitializedCapacity: 0`: it writes the count of the runtime's shared empty array,
/// a data race with every thread reading one.
enum Permutation {
    /// `elements` in `order`: the result's element `i` is `elements[order[i]]`. `order` holds
    /// each index of `elements` once.
    static func apply<Element>(_ order: [Int], to elements: [Element]) -> [Element] {
        precondition(order.count == elements.count, "Permutation: an order of another length")
        guard !order.isEmpty else { return [] }
        return elements.withUnsafeBufferPointer { source in
            order.withUnsafeBufferPointer { order in
                [Element](unsafeUninitializedCapacity: order.count) { buffer, initialized in
                    guard let base = buffer.baseAddress else { return }
                    for (place, index) in order.enumerated() { (base + place).initialize(to: source[index]) }
                    initialized = order.count
                }
            }
        }
    }

    /// The items of `entries`, in order.
    static func items<Item, SectionKey>(of entries: [SortedEntry<Item, SectionKey>]) -> [Item] {
        guard !entries.isEmpty else { return [] }
        return entries.withUnsafeBufferPointer { source in
            [Item](unsafeUninitializedCapacity: source.count) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                for index in source.indices { (base + index).initialize(to: source[index].item) }
                initialized = source.count
            }
        }
    }
}
