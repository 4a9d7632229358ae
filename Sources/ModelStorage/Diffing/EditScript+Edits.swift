// Reading a script: the script is a collection of its edits, each decoded from the packed form in
// a few instructions, with no index path built and nothing allocated.
extension EditScript: RandomAccessCollection {
    /// An item's place in a script: its section and its index there, as plain integers.
    public struct ItemIndex: Hashable, Sendable, CustomStringConvertible {
        /// The section.
        public var section: Int
        /// The item within the section.
        public var item: Int

        /// The place of `item` in `section`.
        @inlinable
        public init(item: Int, section: Int) {
            self.item = item
            self.section = section
        }

        /// The same place as an `IndexPath`, for APIs that take one.
        public var indexPath: IndexPath { IndexPath(item: item, section: section) }

        public var description: String { "s\(section).i\(item)" }
    }

    /// One step of the script, as ``EditScript/Step`` says it, with plain-integer places.
    public enum Edit: Hashable, Sendable {
        /// An empty section appears at `index`; it is section `newSection` of the new state.
        case insertSection(Int, newSection: Int)
        /// The section at `index` disappears with the items it still holds.
        case deleteSection(Int)
        /// The section at `from` moves, with its items, to `to`.
        case moveSection(from: Int, to: Int)
        /// Section `index` (of the new state) has new supplementary content.
        case updateSection(Int)
        /// Item `newItem` of the new state appears at `at`.
        case insertItem(at: ItemIndex, newItem: ItemIndex)
        /// The item at the place disappears.
        case deleteItem(ItemIndex)
        /// The item at `from` moves to `to` (read after the removal).
        case moveItem(from: ItemIndex, to: ItemIndex)
        /// The item at the place (of the new state) has new content: refresh it in place.
        case updateItem(ItemIndex)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { packedSteps.count }

    /// The edit at `position`, decoded from the script's compact form.
    @inlinable
    public subscript(position: Int) -> Edit {
        packedSteps[position].edit
    }
}

extension PackedStep {
    /// The step as an edit: integers in, integers out.
    @inlinable
    var edit: EditScript.Edit {
        let (section, item, secondSection, secondItem) = (Int(section), Int(item), Int(secondSection), Int(secondItem))
        return switch kind {
        case .insertSection: .insertSection(section, newSection: item)
        case .deleteSection: .deleteSection(section)
        case .moveSection: .moveSection(from: section, to: item)
        case .updateSection: .updateSection(section)
        case .insertItem:
            .insertItem(
                at: EditScript.ItemIndex(item: item, section: section),
                newItem: EditScript.ItemIndex(item: secondItem, section: secondSection))
        case .deleteItem: .deleteItem(EditScript.ItemIndex(item: item, section: section))
        case .moveItem:
            .moveItem(
                from: EditScript.ItemIndex(item: item, section: section), to: EditScript.ItemIndex(item: secondItem, section: secondSection)
            )
        case .updateItem: .updateItem(EditScript.ItemIndex(item: item, section: section))
        }
    }
}

extension EditScript.Edit {
    /// The edit in its `IndexPath` form (two index paths cost far more than the edit).
    public var step: EditScript.Step {
        switch self {
        case let .insertSection(index, newSection): .insertSection(index, newSection: newSection)
        case let .deleteSection(index): .deleteSection(index)
        case let .moveSection(from, to): .moveSection(from: from, to: to)
        case let .updateSection(index): .updateSection(index)
        case let .insertItem(at, newItem): .insertItem(at: at.indexPath, newItem: newItem.indexPath)
        case let .deleteItem(place): .deleteItem(place.indexPath)
        case let .moveItem(from, to): .moveItem(from: from.indexPath, to: to.indexPath)
        case let .updateItem(place): .updateItem(place.indexPath)
        }
    }
}
