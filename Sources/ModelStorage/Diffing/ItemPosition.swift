/// The position of an item in ``SectionedItems``, walked forward or backward across sections
/// (empty ones skipped) one item at a time.
@usableFromInline
struct ItemPosition {
    @usableFromInline var section: Int
    @usableFromInline var item: Int

    /// The first item of `items` (past the end when it has none).
    @inlinable
    init(firstOf items: some SectionedItems) {
        section = 0
        item = 0
        skipEmptySections(in: items)
    }

    /// The last item of `items`, which must have one.
    @inlinable
    init(lastOf items: some SectionedItems) {
        section = items.sectionCount
        item = 0
        retreat(in: items)
    }

    @inlinable
    mutating func advance(in items: some SectionedItems) {
        item += 1
        skipEmptySections(in: items)
    }

    /// Moves to the previous item; there must be one.
    @inlinable
    mutating func retreat(in items: some SectionedItems) {
        item -= 1
        while item < 0 {
            section -= 1
            item = items.itemCount(inSection: section) - 1
        }
    }

    @inlinable
    mutating func skipEmptySections(in items: some SectionedItems) {
        while section < items.sectionCount, item == items.itemCount(inSection: section) {
            section += 1
            item = 0
        }
    }
}

extension CommonAffixes {
    /// The affixes of the items of `old` and `new` across sections (section boundaries do not
    /// stop them), and where each side's middle starts.
    @inlinable
    static func across<Items: SectionedItems>(
        _ old: Items, oldCount: Int, _ new: Items, newCount: Int
    ) -> (affixes: CommonAffixes, oldMiddleStart: ItemPosition, newMiddleStart: ItemPosition) {
        let shorter = min(oldCount, newCount)
        var oldPosition = ItemPosition(firstOf: old)
        var newPosition = ItemPosition(firstOf: new)
        var prefix = 0
        while prefix < shorter, old.identity(at: oldPosition) == new.identity(at: newPosition) {
            prefix += 1
            oldPosition.advance(in: old)
            newPosition.advance(in: new)
        }
        var suffix = 0
        if prefix < shorter {
            var oldBack = ItemPosition(lastOf: old)
            var newBack = ItemPosition(lastOf: new)
            while suffix < shorter - prefix, old.identity(at: oldBack) == new.identity(at: newBack) {
                suffix += 1
                if suffix < shorter - prefix {
                    oldBack.retreat(in: old)
                    newBack.retreat(in: new)
                }
            }
        }
        return (CommonAffixes(oldCount: oldCount, newCount: newCount, prefix: prefix, suffix: suffix), oldPosition, newPosition)
    }
}
