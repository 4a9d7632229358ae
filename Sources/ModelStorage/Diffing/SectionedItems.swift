/// Items given section by section, read where they are: the differ numbers them across sections
/// (flat indices) without flattening them into arrays first.
@usableFromInline
protocol SectionedItems {
    associatedtype Identity: Hashable
    var sectionCount: Int { get }
    func itemCount(inSection section: Int) -> Int
    func identity(ofItem item: Int, inSection section: Int) -> Identity
}

extension SectionedItems {
    /// Every item, across sections.
    @inlinable
    var totalCount: Int {
        var total = 0
        for section in 0..<sectionCount { total += itemCount(inSection: section) }
        return total
    }

    /// The most items one section holds.
    @inlinable
    var largestSectionCount: Int {
        var largest = 0
        for section in 0..<sectionCount { largest = max(largest, itemCount(inSection: section)) }
        return largest
    }

    /// The item count of each section, in order.
    @inlinable
    var itemCounts: LazyMapSequence<Range<Int>, Int> {
        (0..<sectionCount).lazy.map { itemCount(inSection: $0) }
    }

    /// The identity at `position`.
    @inlinable
    func identity(at position: ItemPosition) -> Identity {
        identity(ofItem: position.item, inSection: position.section)
    }

    /// Copies the identities of `count` items from `start` on into `destination`, in order.
    @inlinable
    func copyIdentities(from start: ItemPosition, count: Int, into destination: UnsafeMutablePointer<Identity>) {
        var position = start
        for index in 0..<count {
            (destination + index).initialize(to: identity(at: position))
            position.advance(in: self)
        }
    }
}

/// The items of typed sections, identified by ``Diffable/diffIdentifier``.
@usableFromInline
struct DiffSectionItems<Model: Diffable, Item: Diffable>: SectionedItems {
    @usableFromInline let sections: [DiffSection<Model, Item>]

    @inlinable
    init(_ sections: [DiffSection<Model, Item>]) {
        self.sections = sections
    }

    @inlinable
    var sectionCount: Int { sections.count }

    @inlinable
    func itemCount(inSection section: Int) -> Int { sections[section].items.count }

    @inlinable
    func identity(ofItem item: Int, inSection section: Int) -> Item.DiffIdentifier {
        sections[section].items[item].diffIdentifier
    }
}

/// Items given as their identities, one array per section.
@usableFromInline
struct IdentitiesBySection<Identity: Hashable>: SectionedItems {
    @usableFromInline let sections: [[Identity]]

    @inlinable
    init(_ sections: [[Identity]]) {
        self.sections = sections
    }

    @inlinable
    var sectionCount: Int { sections.count }

    @inlinable
    func itemCount(inSection section: Int) -> Int { sections[section].count }

    @inlinable
    func identity(ofItem item: Int, inSection section: Int) -> Identity { sections[section][item] }
}
