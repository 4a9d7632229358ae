import ModelStorage

// What the list shows, read-only, in the terms events use: locations (role and index path),
// flat positions, and the rows bound to them. Events read the list through these and the
// host, never through the updater.
extension ListManager {
    /// Where the row is now, or nil when it is not bound in the list.
    public func location(of row: BoundRow) -> RowLocation? {
        host.position(of: row).flatMap(updater.rowMap.location(ofPosition:))
    }

    /// The item row bound at `indexPath`; nil when there is no such item or no row is bound
    /// there. A malformed path is refused and reported, as by ``selectItem(at:)``.
    public func boundRow(at indexPath: IndexPath) -> BoundRow? {
        guard acceptsItemIndexPath(indexPath) else { return nil }
        return updater.rowMap.position(of: .item(indexPath)).flatMap(host.boundRow(at:))
    }

    /// What the row at a flat position is; nil past the end.
    package func location(ofPosition position: Int) -> RowLocation? {
        updater.rowMap.location(ofPosition: position)
    }

    /// The model of the row at a flat position, bound or not (an item's, or its section's
    /// supplementary model); nil past the end. What a host double checks its splices against.
    package func model(atPosition position: Int) -> Any? {
        updater.rowMap.location(ofPosition: position).flatMap(updater.rowMap.model(at:))
    }

    /// The flat position of the row at `location`, when the list shows one there.
    func position(of location: RowLocation) -> Int? {
        updater.rowMap.position(of: location)
    }

    /// The item's index path at a flat position; nil for headers, footers and past the end.
    func itemIndexPath(ofPosition position: Int) -> IndexPath? {
        guard let location = updater.rowMap.location(ofPosition: position), location.role == .item else { return nil }
        return location.indexPath
    }

    /// The row bound at `position` and where it is.
    func boundRowAndLocation(atPosition position: Int) -> (BoundRow, RowLocation)? {
        guard let row = host.boundRow(at: position), let location = updater.rowMap.location(ofPosition: position) else {
            return nil
        }
        return (row, location)
    }

    /// The row bound under the point (`x`, `y`) of the list widget's allocation (as
    /// ``PointerLocation`` gives a pointer event's), and where it is.
    func boundRowAndLocation(atX x: Double, y: Double) -> (BoundRow, RowLocation)? {
        host.position(atX: x, y: y).flatMap(boundRowAndLocation(atPosition:))
    }

    /// The row bound at `location`, with the location.
    func boundRowAndLocation(at location: RowLocation) -> (BoundRow, RowLocation)? {
        guard let position = updater.rowMap.position(of: location), let row = host.boundRow(at: position) else {
            return nil
        }
        return (row, location)
    }

    /// The model the list shows at `location`, bound or not: optionals unwrapped, a declared
    /// row's model rather than its item.
    func shownModel(at location: RowLocation) -> Any? {
        unwrappedModel(at: location).map(presentedModel(of:))
    }

    /// The row class that shows (or would show) `model` at `location`; nil when no mapping does.
    func rowClass(showing model: Any, at location: RowLocation) -> (any ListRow.Type)? {
        factory.registry.mapping(for: model, role: location.role, at: location.indexPath)?.rowClass
    }

    /// The model a row at `location` is given, bound or not: optionals unwrapped, as stored
    /// otherwise.
    func unwrappedModel(at location: RowLocation) -> Any? {
        guard updater.rowMap.position(of: location) != nil, let stored = updater.rowMap.model(at: location) else { return nil }
        return factory.unwrappedModel(stored)
    }

    /// `unwrappedModel(at:)` of the items at `indexPaths`, in their order, read at once: what a
    /// copy of many rows takes (a storage read item by item asks the storage each time what it
    /// has not delivered yet).
    func unwrappedModels(atItems indexPaths: [IndexPath]) -> [Any?] {
        var models = updater.rowMap.itemModels(at: indexPaths)
        factory.unwrapModels(&models)
        return models
    }

    /// The model a row showing `stored` is given: optionals unwrapped (nil for `nil`), as stored
    /// otherwise.
    func unwrappedModel(_ stored: Any) -> Any? {
        factory.unwrappedModel(stored)
    }

    /// The number of items the list shows, every section's together.
    var shownItemCount: Int { updater.rowMap.totalItemCount }

    /// The index path of the item at `ordinal` among every section's items together; nil past
    /// the end.
    func itemIndexPath(ofOrdinal ordinal: Int) -> IndexPath? {
        updater.rowMap.indexPath(ofItemOrdinal: ordinal)
    }

    /// The number of sections the list shows.
    var shownSectionCount: Int { updater.rowMap.sectionCount }

    /// The number of items the list shows in `section`.
    func shownItemCount(inSection section: Int) -> Int {
        updater.rowMap.itemCount(inSection: section)
    }

    /// The row bound at the position that has the keyboard focus, and where it is.
    func focusedRowAndLocation() -> (BoundRow, RowLocation)? {
        host.focusedPosition.flatMap(boundRowAndLocation(atPosition:))
    }

    /// Calls `body` with every bound row, in list order.
    func forEachBoundRow(_ body: (BoundRow) -> Void) {
        host.forEachBoundRow { _, row in body(row) }
    }

    /// Calls `body` with every bound row and where it is.
    func forEachBoundRowWithLocation(_ body: (BoundRow, RowLocation) -> Void) {
        host.forEachBoundRow { position, row in
            if let location = updater.rowMap.location(ofPosition: position) { body(row, location) }
        }
    }
}
