extension MemoryStorage {
    /// The number of items in all sections.
    public var totalNumberOfItems: Int {
        sections.reduce(0) { $0 + $1.items.count }
    }

    /// The items of `section`, or nil when there is no such section.
    public func items(inSection section: Int) -> [Any]? {
        sections.indices.contains(section) ? sections[section].items : nil
    }

    /// The section object at `index`, or nil.
    public func section(at index: Int) -> SectionModel? {
        sections.indices.contains(index) ? sections[index] : nil
    }

    /// The index of `section` in this storage (by identity), or nil.
    public func sectionIndex(for section: SectionModel) -> Int? {
        sections.firstIndex { $0 === section }
    }

    /// The index path of the first item equal to `item`, scanning sections in order.
    public func indexPath<T: Equatable>(forItem item: T) -> IndexPath? {
        for (sectionIndex, section) in sections.enumerated() {
            if let itemIndex = section.items.firstIndex(where: { ($0 as? T) == item }) {
                return IndexPath(item: itemIndex, section: sectionIndex)
            }
        }
        return nil
    }

    /// The model at `indexPath` if it is a `T`.
    public func item<T>(at indexPath: IndexPath, as type: T.Type) -> T? {
        item(at: indexPath) as? T
    }
}
