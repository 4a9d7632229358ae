/// An ``EditScript/Step`` as plain integers: what the differ appends, one per changed element.
///
/// A `Step` holds `IndexPath`s, whose storage may be an array: copying one costs a call that
/// checks for a reference to retain. A packed step is 20 bytes with nothing to count, so a diff
/// of ten thousand inserts appends ten thousand of them at the price of a store each. Indices
/// are 32-bit, as everywhere in the differ (lists hold fewer than 2³¹ items).
@usableFromInline
struct PackedStep: Equatable, Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case insertSection, deleteSection, moveSection, updateSection
        case insertItem, deleteItem, moveItem, updateItem
    }

    @usableFromInline let kind: Kind
    // Item steps: (section, item) of the first and second index path. Section steps: the
    // indices in `section`, and `item` for the second one (a move's destination, an insert's
    // section of the new state).
    @usableFromInline let section: Int32
    @usableFromInline let item: Int32
    @usableFromInline let secondSection: Int32
    @usableFromInline let secondItem: Int32

    @inlinable
    init(_ kind: Kind, _ section: Int, _ item: Int = 0, _ secondSection: Int = 0, _ secondItem: Int = 0) {
        self.kind = kind
        self.section = Int32(truncatingIfNeeded: section)
        self.item = Int32(truncatingIfNeeded: item)
        self.secondSection = Int32(truncatingIfNeeded: secondSection)
        self.secondItem = Int32(truncatingIfNeeded: secondItem)
    }

    /// The step in its `IndexPath` form.
    var step: EditScript.Step { edit.step }

    /// `step` packed; its indices must fit in 32 bits.
    init(_ step: EditScript.Step) {
        switch step {
        case let .insertSection(index, newSection): self.init(checked: .insertSection, index, newSection)
        case let .deleteSection(index): self.init(checked: .deleteSection, index)
        case let .moveSection(from, to): self.init(checked: .moveSection, from, to)
        case let .updateSection(index): self.init(checked: .updateSection, index)
        case let .insertItem(at, newItem): self.init(checked: .insertItem, at.section, at.item, newItem.section, newItem.item)
        case let .deleteItem(indexPath): self.init(checked: .deleteItem, indexPath.section, indexPath.item)
        case let .moveItem(from, to): self.init(checked: .moveItem, from.section, from.item, to.section, to.item)
        case let .updateItem(indexPath): self.init(checked: .updateItem, indexPath.section, indexPath.item)
        }
    }

    private init(checked kind: Kind, _ section: Int, _ item: Int = 0, _ secondSection: Int = 0, _ secondItem: Int = 0) {
        precondition(
            [section, item, secondSection, secondItem].allSatisfy { Int32(exactly: $0) != nil },
            "An edit script's indices fit in 32 bits.")
        self.init(kind, section, item, secondSection, secondItem)
    }
}
