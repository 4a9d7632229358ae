/// The diff identity of a snapshot identifier: what makes two identifier values the same
/// section or item.
///
/// It is ``ModelIdentity`` (a ``Diffable`` value's `diffIdentifier`, else an `Identifiable`
/// value's `id`, else the `Hashable` value itself), so an identifier whose content changed but
/// whose identity did not is still the same item: applying it refreshes the row in place.
struct SnapshotKey: Hashable, @unchecked Sendable {
    // @unchecked: the box holds a ModelIdentity (Sendable) or, should a Hashable value ever have
    // no model identity, the identifier value itself, which snapshots require to be Sendable.
    private let base: AnyHashable
    // Hashed once: the snapshot's index rehashes keys on every edit, and hashing through the
    // type-erased boxes costs far more than combining one Int.
    private let hash: Int

    init<Value: Hashable & Sendable>(_ value: Value) {
        // Every Hashable value has a model identity; the fallback only keeps this total.
        base = ModelIdentity(of: value).map { AnyHashable($0) } ?? AnyHashable(value)
        hash = base.hashValue
    }

    static func == (lhs: SnapshotKey, rhs: SnapshotKey) -> Bool {
        lhs.hash == rhs.hash && lhs.base == rhs.base
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// Keys in the order they were first added, without repeats: a snapshot's reload and
/// reconfigure marks.
struct OrderedKeys: Sendable {
    private(set) var order: [SnapshotKey] = []
    private var members: Set<SnapshotKey> = []

    var isEmpty: Bool { order.isEmpty }

    func contains(_ key: SnapshotKey) -> Bool { members.contains(key) }

    mutating func insert(_ key: SnapshotKey) {
        if members.insert(key).inserted { order.append(key) }
    }

    /// Forgets every key of `removed`; O(marked keys) when one of them was marked.
    mutating func remove(_ removed: Set<SnapshotKey>) {
        guard !members.isDisjoint(with: removed) else { return }
        members.subtract(removed)
        order.removeAll { removed.contains($0) }
    }
}
