import CGtk
import GtkListManager
import ModelStorage

// The packages table: its columns and cells, the row events, the sort by header and the
// columns' state, restored from the settings file and saved to it whenever the user changes it.
extension PackageListWindow {
    /// Shows the manager's list as the packages table, with section headers and totals as whole
    /// rows, and restores the columns the settings file saved.
    func configureTable() {
        manager.selectionMode = .single
        if host is any RowAnimating {
            // The list-box host slides rows in and out; the virtualized one shows changes at once.
            var configuration = ListConfiguration()
            configuration.rowAnimation = RowAnimation(.slideDown, milliseconds: 150)
            manager.configuration = configuration
        }
        gtk_scrolled_window_set_policy(gcast(table.scrolledWindow), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        registerCells()
        registerRowEvents()
        manager.registerHeader(SectionHeadingRow.self)
        manager.registerSupplementary(SectionTotalRow.self, ofKind: SectionTotal.kind, placement: .afterItems)
        manager.storage = storage

        var state = PackageColumns.sanitized(settings?.contents.packageColumns ?? ColumnState())
        state.sort = query.sort
        table.state = state  // before anyone listens: nothing to sort again, nothing to save
        table.didChangeSort { [unowned self] keys in
            var newQuery = query
            newQuery.sort = keys
            apply(newQuery)
        }
        table.stateDidChange = { [unowned self] state in settings?.savePackageColumns(state) }
    }

    /// A cell class per column; the Name cells are tracked to star the favourites among them.
    private func registerCells() {
        manager.register(
            PackageNameCell.self, column: PackageColumns.name,
            handler: { [unowned self] cell, package, _ in
                nameCells[ObjectIdentifier(cell)] = WeakNameCell(cell: cell)
                cell.showsStar = favourites?.contains(package.id) ?? false
            })
        manager.register(PackageTextCell.self, for: InstalledPackage.self, column: PackageColumns.version) { cell, package, _ in
            cell.show(package.version)
        }
        manager.register(PackageSizeCell.self, column: PackageColumns.size)
        manager.register(PackageTextCell.self, for: InstalledPackage.self, column: PackageColumns.section) { cell, package, _ in
            cell.show(package.section)
        }
        manager.register(PackageTextCell.self, for: InstalledPackage.self, column: PackageColumns.description) { cell, package, _ in
            cell.show(package.summary)
        }
    }

    /// The selected package's details in the header bar; a menu to star it and copy its name;
    /// the star key on the focused row (through `rowEvents`).
    private func registerRowEvents() {
        let headerBar = headerBar
        let showDetails: (InstalledPackage) -> Void = { package in
            gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
        }
        manager.selectionDidChange(of: InstalledPackage.self) { packages, _ in
            if let package = packages.first { showDetails(package) }
        }
        let events = rowEvents
        events.didSelectForMenu = { package, _ in showDetails(package) }
        events.menu = { [unowned self] package, _ in
            favouritesMenuItems(for: package) + [
                MenuItem("Copy “\(package.name)”") {
                    gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), package.name, -1)
                }
            ]
        }
        events.keyPress = { [unowned self] key, package, _ in
            guard key.togglesFavourite, let favourites else { return false }
            favourites.toggle(package.id)
            return true
        }
    }

    /// The context menu of a package row shown now, if any.
    var shownContextMenu: UnsafeMutablePointer<GtkMenu>? { rowEvents.shownMenu }

    /// The Name cells alive, whatever they show now (those waiting for reuse too: a reused
    /// cell gets its star again when refilled).
    var liveNameCells: [PackageNameCell] {
        nameCells = nameCells.filter { $0.value.cell != nil }
        return nameCells.values.compactMap(\.cell)
    }
}

/// A Name cell the window does not keep alive: the table owns its cells.
struct WeakNameCell {
    weak var cell: PackageNameCell?
}
