import CGtk
import GtkListManager
import ModelStorage

// The window's favourites: the pane beside the packages, the ★ in starred packages' Name cells, the
// context menu entry, and choosing a favourite to find its package.
extension PackageListWindow {
    /// Opens the favourites file and makes the pane. A file that cannot be used leaves the
    /// window without favourites and says why in ``favouritesProblem``; the file is not touched.
    func openFavourites(_ path: String) {
        let pane: FavouritesPane
        do {
            let database = try FavouritesDatabase(path: path)
            let packages = Dictionary(source.packages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            pane = try FavouritesPane(database: database, packages: packages)
        } catch {
            favouritesProblem = "\(error)"
            return
        }
        pane.manager.anomalyHandler.action = manager.anomalyHandler.action
        pane.favouritesDidChange = { [unowned self] in
            refreshStars()
            showFavouritesPaneIfNotEmpty()
        }
        pane.didChooseFavourite = { [unowned self] id in selectPackage(id) }
        gtk_widget_show_all(pane.widget)
        // The pane's visibility is ours: showing the whole window must not show an empty pane.
        gtk_widget_set_no_show_all(pane.widget, 1)
        favourites = pane
        refreshStars()
    }

    /// The context menu's entry that stars or unstars `package`, then a separator; nothing
    /// without favourites.
    func favouritesMenuItems(for package: InstalledPackage) -> [MenuItem] {
        guard let favourites else { return [] }
        let id = package.id
        let item =
            favourites.contains(id)
            ? MenuItem("Remove from favourites") { favourites.remove(id) }
            : MenuItem("Add to favourites") { favourites.add(id) }
        return [item, .separator]
    }

    /// Shows the pane while it has favourites, so a viewer nobody starred in looks as before.
    func showFavouritesPaneIfNotEmpty() {
        guard let favourites else { return }
        gtk_widget_set_visible(favourites.widget, favourites.packageIDs.isEmpty ? 0 : 1)
    }

    /// Stars the Name cells whose package is a favourite, and only those. Cells made later get
    /// their star from the registration's handler.
    private func refreshStars() {
        let starred = Set(favourites?.packageIDs ?? [])
        for cell in liveNameCells { cell.showsStar = starred.contains(cell.packageID) }
    }

    /// Selects the package with `id` in the list and scrolls to it, when the search shows it,
    /// opening its group when closed.
    private func selectPackage(_ id: String) {
        guard let package = sorted.item(withIdentifier: id) else { return }
        if indexPath(ofPackage: id) == nil, let group = grouped.indexPath(ofGroup: GroupPath([package.section])) {
            grouped.setExpanded(true, at: group)
        }
        guard let indexPath = indexPath(ofPackage: id) else { return }
        manager.selectItem(at: indexPath)
        manager.scrollTo(indexPath, alignment: .center)
        // A selection made by code is not reported to didSelect: show the details here.
        gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
    }
}
