/// The node of each item of an outline, by identity (``OutlineItemIdentity``): open addressing
/// over 32-bit node numbers, the items compared where the tree keeps them.
///
/// A slot holds a node + 1 (0: empty, -1: removed); each node's identity hash is kept by node,
/// so that growing the table hashes nothing again and a probe compares items only when their
/// hashes match. About 12 bytes an item, where a `[SnapshotKey: Int]` held about 200.
struct OutlineIdentityIndex<Item: Hashable & Sendable>: Sendable {
    private var slots: [Int32] = []
    /// The identity hash of each node's item, by node.
    private var hashes: [UInt32] = []
    /// How many items the index holds.
    private(set) var count = 0
    /// Slots marked removed, which probes pass over until the table is rebuilt.
    private var removed = 0
    private let identity = OutlineItemIdentity<Item>()

    private static var emptySlot: Int32 { 0 }
    private static var removedSlot: Int32 { -1 }

    private func hash(of item: Item) -> UInt32 { UInt32(truncatingIfNeeded: identity.hash(item)) }

    /// The node of the item with `item`'s identity; nil when there is none. `items` are the
    /// tree's, by node.
    func node(of item: Item, in items: [Item?]) -> Int? {
        guard count > 0 else { return nil }
        let hash = hash(of: item)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == Self.emptySlot { return nil }
            if entry > 0 {
                let node = Int(entry) - 1
                if hashes[node] == hash, let other = items[node], identity.same(other, item) { return node }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `newItems`, the items of `nodes` (`items` are the tree's, by node), in order; stops
    /// at the first whose identity the index holds already (another node's, or one of `nodes`
    /// before it), takes back those it added and returns its position in `nodes`. Nil when all
    /// were added.
    mutating func insert(_ nodes: [Int], holding newItems: [Item], in items: [Item?]) -> Int? {
        reserveCapacity(count + nodes.count)
        // Room made at once, doubling: appending one child at a time stays linear.
        if let last = nodes.max(), last >= hashes.capacity {
            hashes.reserveCapacity(max(last + 1, 2 * hashes.capacity))
        }
        // The hashes first, then the probes: a probe's slot is a cache miss in a big table, and
        // a loop that only probes lets the processor wait for several at once.
        let batchHashes = identity.hashes(of: newItems)
        let mask = slots.count - 1
        for position in nodes.indices {
            let node = nodes[position]
            let hash = batchHashes[position]
            var slot = Int(hash) & mask
            var free: Int?
            var clash = false
            while true {
                let entry = slots[slot]
                if entry == Self.emptySlot { break }
                if entry == Self.removedSlot {
                    if free == nil { free = slot }
                } else {
                    let other = Int(entry) - 1
                    if hashes[other] == hash, let otherItem = items[other], let item = items[node], identity.same(otherItem, item) {
                        clash = true
                        break
                    }
                }
                slot = (slot + 1) & mask
            }
            if clash {
                for added in nodes[..<position] { remove(added) }
                return position
            }
            if let free {
                slot = free
                removed -= 1
            }
            slots[slot] = Int32(node + 1)
            setHash(hash, of: node)
            count += 1
        }
        return nil
    }

    /// Adds `node`'s item, unless the index holds its identity already: then returns the node
    /// that has it, adding nothing.
    @discardableResult
    mutating func insert(_ node: Int, in items: [Item?]) -> Int? {
        reserveCapacity(count + 1)
        guard let item = items[node] else { return nil }
        let hash = hash(of: item)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        var free: Int?
        while true {
            let entry = slots[slot]
            if entry == Self.emptySlot { break }
            if entry == Self.removedSlot {
                if free == nil { free = slot }
            } else {
                let other = Int(entry) - 1
                if hashes[other] == hash, let otherItem = items[other], identity.same(otherItem, item) { return other }
            }
            slot = (slot + 1) & mask
        }
        if let free {
            slot = free
            removed -= 1
        }
        slots[slot] = Int32(node + 1)
        setHash(hash, of: node)
        count += 1
        return nil
    }

    /// Forgets `node`'s item: call it while the node is still the item's.
    mutating func remove(_ node: Int) {
        guard count > 0, node < hashes.count else { return }
        let mask = slots.count - 1
        var slot = Int(hashes[node]) & mask
        while true {
            let entry = slots[slot]
            if entry == Self.emptySlot { return }
            if entry == Int32(node + 1) {
                slots[slot] = Self.removedSlot
                count -= 1
                removed += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Makes room for `count` items without growing again: at most half the slots used, so a
    /// probe for an absent item stops within two or three slots.
    mutating func reserveCapacity(_ count: Int) {
        guard 2 * (count + removed) > slots.count else { return }
        var size = 16
        while size < 2 * count { size <<= 1 }
        rebuild(size: size)
    }

    /// Puts every item in a table of `size` slots, dropping removed slots.
    private mutating func rebuild(size: Int) {
        var table = [Int32](repeating: Self.emptySlot, count: size)
        let mask = size - 1
        for entry in slots where entry > 0 {
            var slot = Int(hashes[Int(entry) - 1]) & mask
            while table[slot] != Self.emptySlot { slot = (slot + 1) & mask }
            table[slot] = entry
        }
        slots = table
        removed = 0
    }

    private mutating func setHash(_ hash: UInt32, of node: Int) {
        if node == hashes.count {
            hashes.append(hash)
            return
        }
        if node > hashes.count { hashes.append(contentsOf: repeatElement(0, count: node + 1 - hashes.count)) }
        hashes[node] = hash
    }
}
