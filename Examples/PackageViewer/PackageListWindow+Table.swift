import CGtk
import GtkListManager
import ModelStorage

// The packages table: its columns and cells, the row events, the sort by header, the grouping
// and the columns' state, restored from the settings file and saved to it whenever the user
// changes it.
extension PackageListWindow {
    /// Shows the manager's list as the packages table, grouped by section with each group's
    /// installed size (the Section header's menu groups and ungroups), and restores the columns
    /// the settings file saved.
    func configureTable() {
        manager.selectionMode = .single
        manager.configuration = .viewer
        gtk_scrolled_window_set_policy(gcast(table.scrolledWindow), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        registerCells()
        registerRowEvents()
        table.outlineColumn = PackageColumns.name

        var state = PackageColumns.sanitized(settings?.contents.packageColumns ?? PackageColumns.defaultState)
        state.sort = query.sort
        table.state = state  // before anyone listens: nothing to sort again, nothing to save
        // Grouped before the first frame, which then shows the groups at once; followed before
        // shown, so that group rows find their cells.
        grouped.group(by: state.grouping, using: PackageColumns.groupings, execution: .immediate)
        table.follow(grouped, using: PackageColumns.groupings)
        manager.storage = grouped
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
        manager.register(TextCell.self, for: InstalledPackage.self, column: PackageColumns.version) { cell, package, _ in
            cell.text = PackageColumns.text(of: package, in: PackageColumns.version) ?? ""
        }
        manager.register(IconCell.self, for: InstalledPackage.self, column: PackageColumns.kind) { cell, package, _ in
            cell.iconName = PackageSectionIcon.name(for: package.section)
            cell.accessibleDescription = PackageSectionIcon.description(for: package.section)
        }
        manager.register(PackageSizeCell.self, column: PackageColumns.size)
        // A group's size as its packages' sizes read; its title and count show in the Name column.
        manager.register(TextCell.self, for: ItemGroup.self, column: PackageColumns.size) { cell, group, _ in
            cell.xalign = 1
            cell.text = group.totals[PackageColumns.size].map { PackageRow.formatted(kibibytes: Int($0.doubleValue)) } ?? ""
        }
        let sectionSizes = SectionSizes(source.packages)
        manager.register(ProgressCell.self, for: InstalledPackage.self, column: PackageColumns.share) { cell, package, _ in
            let share = sectionSizes.share(of: package)
            cell.fraction = share ?? 0
            cell.text = share == nil ? PackageSizeCell.unknownSize : nil
        }
        manager.register(TextCell.self, for: InstalledPackage.self, column: PackageColumns.section) { cell, package, _ in
            cell.text = PackageColumns.text(of: package, in: PackageColumns.section) ?? ""
        }
        manager.register(TextCell.self, for: InstalledPackage.self, column: PackageColumns.description) { cell, package, _ in
            cell.text = PackageColumns.text(of: package, in: PackageColumns.description) ?? ""
        }
    }

    /// The selected package's details in the header bar (a right click selects too); a menu to
    /// star it and copy its name, or the text of the cell clicked; the star key on the focused
    /// row.
    private func registerRowEvents() {
        let headerBar = headerBar
        manager.selectionDidChange(of: InstalledPackage.self) { packages, _ in
            guard let package = packages.first else { return }
            gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
        }
        table.contextMenu(InstalledPackage.self) { [unowned self] package, _, column in
            var items = favouritesMenuItems(for: package) + [MenuItem("Copy “\(package.name)”") { Self.copy(package.name) }]
            if column.id != PackageColumns.name, let text = PackageColumns.text(of: package, in: column.id) {
                items.append(MenuItem("Copy \(column.title)") { Self.copy(text) })
            }
            return items
        }
        table.keyPress(InstalledPackage.self) { [unowned self] key, package, _, _ in
            guard key.togglesFavourite, let favourites else { return false }
            favourites.toggle(package.id)
            return true
        }
    }

    private static func copy(_ text: String) {
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), text, -1)
    }

    /// The context menu of a package row shown now, if any.
    var shownContextMenu: UnsafeMutablePointer<GtkMenu>? { manager.shownContextMenu }

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
