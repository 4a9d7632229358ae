import ModelStorage

/// Where each section's rows sit in the flat list: an optional header row, the items, an
/// optional footer row. Kept on the Swift side, so no position needs GTK to count children.
///
/// A section's start is a prefix sum over the sections before it: O(sections), independent of
/// the number of rows.
struct SectionLayout {
    struct Section {
        var itemCount = 0
        /// The supplementary models the last section insert or update carried.
        var supplements = SectionSupplements()
        var showsHeader = false
        var showsFooter = false
        /// Header or footer models no mapping shows: reported once, not retried until the
        /// section's supplements change.
        var unmappedRoles: Set<RowRole> = []

        var rowCount: Int { itemCount + (showsHeader ? 1 : 0) + (showsFooter ? 1 : 0) }

        func shows(_ role: RowRole) -> Bool { role == .header ? showsHeader : showsFooter }

        mutating func setShows(_ role: RowRole, _ shows: Bool) {
            if role == .header { showsHeader = shows } else { showsFooter = shows }
        }
    }

    var sections: [Section] = []

    /// The flat position of the section's first row.
    func start(of section: Int) -> Int {
        sections[..<section].reduce(0) { $0 + $1.rowCount }
    }

    /// The flat position of the item row at `indexPath`.
    func position(of indexPath: IndexPath) -> Int {
        start(of: indexPath.section) + (sections[indexPath.section].showsHeader ? 1 : 0) + indexPath.item
    }

    /// The flat position of the section's header or footer row (shown or about to be).
    func position(of role: RowRole, inSection section: Int) -> Int {
        let start = start(of: section)
        guard role == .footer else { return start }
        return start + (sections[section].showsHeader ? 1 : 0) + sections[section].itemCount
    }

    /// What the row at a flat position is: O(sections).
    func location(ofPosition position: Int) -> RowLocation? {
        var start = 0
        for (index, section) in sections.enumerated() {
            let offset = position - start
            if offset < section.rowCount {
                guard offset >= 0 else { return nil }
                if section.showsHeader && offset == 0 {
                    return RowLocation(role: .header, indexPath: IndexPath(item: 0, section: index))
                }
                let item = offset - (section.showsHeader ? 1 : 0)
                if item < section.itemCount {
                    return RowLocation(role: .item, indexPath: IndexPath(item: item, section: index))
                }
                return RowLocation(role: .footer, indexPath: IndexPath(item: 0, section: index))
            }
            start += section.rowCount
        }
        return nil
    }
}
