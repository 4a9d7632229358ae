import ModelStorage

/// Applies a storage's change sets to a ``ListHost`` entry by entry, as row splices at flat
/// positions: the cost of an update grows with the number of entries, not with the list.
///
/// - Inserts build rows from the model the entry carries; updates refresh the existing row in
///   place (a new row only when another mapping now applies); moves move the same widget.
/// - Section entries carry their header and footer rows along; a section's header or footer
///   appears and disappears with its first and last item when empty sections hide them.
@MainActor
final class ListUpdater {
    let host: any ListHost
    let factory: RowFactory
    var configuration: ListConfiguration
    /// When set, item updates call it instead of refreshing the row.
    var reloadRow: ((IndexPath, Any) -> Void)?
    /// Told about every row inserted, refreshed or removed; set once an event source needs rows.
    /// Strong (the router holds its manager unowned, so there is no cycle): a weak reference
    /// would cost a load per inserted row.
    var rowObserver: EventRouter?
    private(set) var layout = SectionLayout()

    init(host: any ListHost, factory: RowFactory, configuration: ListConfiguration) {
        self.host = host
        self.factory = factory
        self.configuration = configuration
    }

    // MARK: - Change sets

    func apply(_ changes: ChangeSet) {
        for change in changes { apply(change) }
    }

    func apply(_ change: StorageChange) {
        switch change {
        case let .insertSection(section, supplements):
            layout.sections.insert(SectionLayout.Section(supplements: supplements), at: section)
            reconcileSupplementaryRows(inSection: section)
        case let .deleteSection(section):
            let start = layout.start(of: section)
            let locations = rowObserver == nil ? [] : (0..<layout.sections[section].rowCount).compactMap {
                layout.location(ofPosition: start + $0)
            }
            for offset in 0..<layout.sections[section].rowCount {
                factory.recycle(removeRow(at: start, location: locations.isEmpty ? nil : locations[offset]))
            }
            layout.sections.remove(at: section)
        case let .moveSection(from, to):
            moveSection(from: from, to: to)
        case let .updateSection(section, supplements):
            layout.sections[section].supplements = supplements
            layout.sections[section].unmappedRoles = []
            reconcileSupplementaryRows(inSection: section, refreshing: true)
        case let .insertItem(indexPath, model):
            let position = layout.position(of: indexPath)
            layout.sections[indexPath.section].itemCount += 1
            insertRow(factory.makeItemRow(for: model, at: indexPath), at: position)
            reconcileSupplementaryRows(inSection: indexPath.section)
        case let .deleteItem(indexPath):
            factory.recycle(removeRow(at: layout.position(of: indexPath), location: .item(indexPath)))
            layout.sections[indexPath.section].itemCount -= 1
            reconcileSupplementaryRows(inSection: indexPath.section)
        case let .moveItem(from, to):
            moveItem(from: from, to: to)
        case let .updateItem(indexPath, model):
            updateItem(at: indexPath, with: model)
        }
    }

    // MARK: - Reload

    /// Replaces every row with rows built from `storage`'s current content.
    func reload(from storage: any Storage) {
        for position in stride(from: host.rowCount - 1, through: 0, by: -1) {
            factory.recycle(removeRow(at: position, location: rowObserver == nil ? nil : layout.location(ofPosition: position)))
        }
        layout = SectionLayout()
        let supplementary = storage as? any SupplementaryStorage
        for section in 0..<storage.numberOfSections {
            var supplements = SectionSupplements()
            for kind in [SupplementaryKind.header, .footer] {
                if let model = supplementary?.supplementaryModel(ofKind: kind, inSection: section) {
                    supplements[kind] = model
                }
            }
            let models = storage.models(inSection: section)
            // The section's items are counted before its rows go in, once, not once per row (a
            // count in place per row made Swift check exclusive access to the layout at run
            // time). Rows beyond those inserted have positions past the host's end, so a look-up
            // from an event meanwhile finds no row for them rather than a wrong one.
            var entry = SectionLayout.Section(supplements: supplements)
            entry.itemCount = models.count
            layout.sections.append(entry)
            let start = host.rowCount
            for (item, model) in models.enumerated() {
                insertRow(factory.makeItemRow(for: model, at: IndexPath(item: item, section: section)), at: start + item)
            }
            reconcileSupplementaryRows(inSection: section)
        }
    }

    // MARK: - Entries

    private func moveItem(from: IndexPath, to: IndexPath) {
        let source = layout.position(of: from)
        if configuration.animateMoveAsDeleteAndInsert {
            let removed = removeRow(at: source, location: .item(from))
            layout.sections[from.section].itemCount -= 1
            layout.sections[to.section].itemCount += 1
            insertRow(factory.makeItemRow(for: removed.model, at: to), at: layout.position(of: to))
            factory.recycle(removed)
        } else {
            layout.sections[from.section].itemCount -= 1
            layout.sections[to.section].itemCount += 1
            host.moveRow(from: source, to: layout.position(of: to))
        }
        reconcileSupplementaryRows(inSection: from.section)
        if to.section != from.section { reconcileSupplementaryRows(inSection: to.section) }
    }

    private func moveSection(from: Int, to: Int) {
        let count = layout.sections[from].rowCount
        let source = layout.start(of: from)
        let section = layout.sections.remove(at: from)
        layout.sections.insert(section, at: to)
        let destination = layout.start(of: to)
        // Row by row, the same widgets: forwards when moving down, so each source stays in place.
        for offset in 0..<count {
            if destination > source {
                host.moveRow(from: source, to: destination + count - 1)
            } else {
                host.moveRow(from: source + offset, to: destination + offset)
            }
        }
    }

    private func updateItem(at indexPath: IndexPath, with model: Any) {
        let position = layout.position(of: indexPath)
        if let reloadRow {
            host.row(at: position)?.model = unwrappedModel(model) ?? model
            reloadRow(indexPath, model)
            return
        }
        if let row = host.row(at: position), factory.refresh(row, with: model, at: indexPath) {
            rowObserver?.rowDidRefresh(row)
            return
        }
        factory.recycle(removeRow(at: position, location: .item(indexPath)))
        insertRow(factory.makeItemRow(for: model, at: indexPath), at: position)
    }

    /// Brings the section's header and footer rows in line with its models and item count:
    /// inserts, removes, or (when `refreshing`) refreshes them in place.
    private func reconcileSupplementaryRows(inSection section: Int, refreshing: Bool = false) {
        for role in [RowRole.header, .footer] {
            let entry = layout.sections[section]
            let model = entry.supplements[role == .header ? .header : .footer].flatMap(unwrappedModel)
            let displayOnEmpty = role == .header
                ? configuration.displayHeaderOnEmptySection : configuration.displayFooterOnEmptySection
            let shouldShow = model != nil && (entry.itemCount > 0 || displayOnEmpty)
            let position = layout.position(of: role, inSection: section)
            let indexPath = IndexPath(item: 0, section: section)

            if entry.shows(role), let model, shouldShow {
                guard refreshing else { continue }
                if let row = host.row(at: position), factory.refresh(row, with: model, at: indexPath) {
                    if let rowObserver { rowObserver.rowDidRefresh(row) }
                    continue
                }
                factory.recycle(removeRow(at: position, location: RowLocation(role: role, indexPath: indexPath)))
                layout.sections[section].setShows(role, false)
            } else if entry.shows(role) {
                factory.recycle(removeRow(at: position, location: RowLocation(role: role, indexPath: indexPath)))
                layout.sections[section].setShows(role, false)
                continue
            }
            guard shouldShow, let model, !entry.unmappedRoles.contains(role) else { continue }
            guard let row = factory.makeSupplementaryRow(role, for: model, section: section) else {
                layout.sections[section].unmappedRoles.insert(role)
                continue
            }
            // The layout first: a row inserted into a shown list is mapped (and reported) at once.
            let insertion = layout.position(of: role, inSection: section)
            layout.sections[section].setShows(role, true)
            insertRow(row, at: insertion)
        }
    }

    // MARK: - Host operations that events observe

    private func insertRow(_ row: HostedRow, at position: Int) {
        host.insertRow(row, at: position)
        rowObserver?.rowDidAppear(row)
    }

    /// Removes a row; `location` is where it was (nil only while no one observes rows).
    private func removeRow(at position: Int, location: RowLocation?) -> HostedRow {
        if let rowObserver, let location, let row = host.row(at: position) {
            rowObserver.rowWillDisappear(row, at: location)
        }
        return host.removeRow(at: position)
    }
}
