import CGtk
import GtkListManager
import ModelStorage

/// The viewer's window: a header bar with a live search, a sort switch and a list/grid switch,
/// and the packages grouped in sections by Debian section, as a list of rows or a grid of tiles;
/// left of them, once something is starred, the favourites pane.
///
/// The list is a `ListManager` over a `SortedStorage`: searching hands the storage the matching
/// packages and switching the order hands it a new comparator. The storage diffs on a background
/// queue and the manager applies the result row by row: rows that stay keep their widgets, rows
/// that leave or arrive slide, and a new order moves the existing rows. The grid is a second
/// manager, on a flow-box grid host, over the same storage: both follow every change. The
/// favourites are a third manager, over the favourites file (see `PackageListWindow+Favourites`).
@MainActor
final class PackageListWindow {
    /// The toplevel window (owned by GTK's toplevel list until destroyed).
    let window: UnsafeMutablePointer<GtkWidget>
    /// The manager of the package list.
    let manager = ListManager()
    /// The manager of the grid of tiles (`--grid`, or the switch in the header bar).
    let gridManager: ListManager
    /// The shown packages, sorted by the query's order, in sections keyed by Debian section.
    let storage: SortedStorage<InstalledPackage, String>
    /// What the manager reported while building the list (a broken `PackageRow.ui`, say);
    /// `--screenshot` fails when it is not empty.
    private(set) var anomalies: [ManagerAnomaly] = []
    /// The search and order shown (or being applied).
    private(set) var query: PackageQuery
    /// The favourites pane; nil without a favourites file or when it could not be used.
    var favourites: FavouritesPane?
    /// Why the favourites file could not be used, when it could not.
    var favouritesProblem: String?

    /// The search field (a `GtkSearchEntry`) and the sort switch (a `GtkComboBoxText`).
    private(set) var searchEntry: UnsafeMutablePointer<GtkWidget>!
    private(set) var orderSwitch: UnsafeMutablePointer<GtkWidget>!
    /// The list/grid switch (a `GtkToggleButton`, active for the grid) and the stack it flips.
    private(set) var gridSwitch: UnsafeMutablePointer<GtkWidget>!
    private let stack = gtk_stack_new()!
    /// The favourites pane (hidden while empty), then the stack.
    private let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!

    let source: PackageSource
    let headerBar: UnsafeMutablePointer<GtkWidget>

    /// - Parameter favouritesFile: the SQLite file of the favourites, created when missing; nil
    ///   shows no favourites.
    init(source: PackageSource, query: PackageQuery = PackageQuery(), showsGrid: Bool = false, favouritesFile: String? = nil) {
        self.source = source
        self.query = query
        var layout = FlowBoxGridLayout()
        layout.maximumColumns = 8
        layout.rowSpacing = 4
        layout.columnSpacing = 4
        gridManager = ListManager(host: .flowBoxGrid(layout))
        storage = SortedStorage(
            sortedBy: query.order.comparator, sectionedBy: { $0.section }, handOff: GLibMainActorHandOff())
        Self.installCSS()

        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), "Packages")
        // The icon of Resources/PackageViewer, once installed in an icon theme with its desktop entry.
        gtk_window_set_icon_name(gcast(window), "org.gtklistmanager.PackageViewer")
        gtk_window_set_default_size(gcast(window), 720, 560)
        headerBar = gtk_header_bar_new()
        gtk_header_bar_set_title(gcast(headerBar), "Packages")
        gtk_header_bar_set_show_close_button(gcast(headerBar), 1)
        searchEntry = makeSearchEntry()
        orderSwitch = makeOrderSwitch()
        gridSwitch = makeGridSwitch()
        gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
        gtk_header_bar_pack_end(gcast(headerBar), orderSwitch)
        gtk_header_bar_pack_end(gcast(headerBar), gridSwitch)
        gtk_window_set_titlebar(gcast(window), headerBar)

        PackageTile.largestSizeKiB = source.packages.compactMap(\.installedSizeKiB).max() ?? 1
        configureManager()
        configureGridManager()
        storage.reset(query.matching(source.packages), execution: .immediate)
        storageDidUpdate()
        if let favouritesFile { openFavourites(favouritesFile) }

        for (name, list) in [("list", manager), ("grid", gridManager)] {
            let scrolled = gtk_scrolled_window_new(nil, nil)!
            gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_container_add(gcast(scrolled), list.widget)
            gtk_stack_add_named(gcast(stack), scrolled, name)
        }
        gtk_paned_pack2(gcast(paned), stack, 1, 0)
        gtk_container_add(gcast(window), paned)
        gtk_widget_show_all(paned)
        if let favourites {
            gtk_paned_pack1(gcast(paned), favourites.widget, 0, 0)
            showFavouritesPaneIfNotEmpty()
            // Wider when the pane shows at once, so the packages keep their room.
            if !favourites.packageIDs.isEmpty {
                gtk_window_set_default_size(gcast(window), 720 + FavouritesPane.width, 560)
            }
        }
        showGrid(showsGrid)
        // Typing searches at once; and GTK 3's flow box selects the cell that takes the focus,
        // which would select a first tile when the window opens on the grid.
        gtk_window_set_focus(gcast(window), searchEntry)
    }

    /// Shows the grid of tiles, or the list of rows.
    func showGrid(_ grid: Bool) {
        gtk_stack_set_visible_child_name(gcast(stack), grid ? "grid" : "list")
        if (gtk_toggle_button_get_active(gcast(gridSwitch)) != 0) != grid {
            gtk_toggle_button_set_active(gcast(gridSwitch), grid ? 1 : 0)
        }
    }

    /// Whether the grid is shown.
    var showsGrid: Bool {
        String(cString: gtk_stack_get_visible_child_name(gcast(stack))) == "grid"
    }

    /// Shows the packages `newQuery` asks for. With `.background` (what typing does) the storage
    /// diffs off the GTK thread and the rows change when the loop delivers the result.
    func apply(_ newQuery: PackageQuery, execution: SortedStorage<InstalledPackage, String>.Execution = .background) {
        let completion: @MainActor () -> Void = { [weak self] in self?.storageDidUpdate() }
        if newQuery.order != query.order {
            storage.setComparator(newQuery.order.comparator, execution: execution, completion: completion)
        }
        if newQuery.searchText != query.searchText {
            storage.reset(newQuery.matching(source.packages), execution: execution, completion: completion)
        }
        query = newQuery
    }

    private func configureManager() {
        manager.selectionMode = .single
        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.slideDown, milliseconds: 150)
        manager.configuration = configuration
        let headerBar = headerBar
        manager.register(PackageRow.self) { mapping in
            // The selected package's details in the header bar; a menu to star it and copy its
            // name; the star key on the focused row.
            mapping.didSelect { _, package, _ in
                gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
            }
            mapping.contextMenu { [unowned self] _, package, _ in
                favouritesMenuItems(for: package) + [
                    MenuItem("Copy “\(package.name)”") {
                        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), package.name, -1)
                    }
                ]
            }
            mapping.keyPress { [unowned self] key, _, package, _ in
                guard key.togglesFavourite, let favourites else { return false }
                favourites.toggle(package.id)
                return true
            }
        } handler: { [unowned self] row, package, _ in
            row.showsStar = favourites?.contains(package.id) ?? false
        }
        manager.registerHeader(SectionHeadingRow.self)
        manager.registerSupplementary(SectionTotalRow.self, ofKind: SectionTotal.kind, placement: .afterItems)
        manager.storage = storage
    }

    /// The grid: tiles of one size, the same section headings, the same selection details.
    private func configureGridManager() {
        gridManager.selectionMode = .single
        gridManager.anomalyHandler.action = manager.anomalyHandler.action
        let headerBar = headerBar
        gridManager.register(PackageTile.self) { mapping in
            mapping.didSelect { _, package, _ in
                gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
            }
        }
        gridManager.sizeForCell(withItem: InstalledPackage.self) { _, _ in PackageTile.size }
        gridManager.insetForSection { _ in EdgeInsets(top: 6, leading: 8, bottom: 10, trailing: 8) }
        gridManager.registerHeader(SectionHeadingRow.self)
        gridManager.registerSupplementary(SectionTotalRow.self, ofKind: SectionTotal.kind, placement: .afterItems)
        gridManager.storage = storage
    }

    /// Section headings count what each section shows now, totals sum its sizes after its
    /// packages, and the subtitle sums it up.
    private func storageDidUpdate() {
        var counts: [String: Int] = [:], totals: [String: SectionTotal] = [:]
        for (section, key) in storage.sectionKeys.enumerated() {
            counts[key] = storage.numberOfItems(inSection: section)
            var total = SectionTotal()
            for case let package as InstalledPackage in storage.models(inSection: section) {
                if let size = package.installedSizeKiB { total.installedKiB += size } else { total.unsized += 1 }
            }
            totals[key] = total
        }
        // Setting the closures refreshes the header and total rows in place.
        storage.sectionSupplementaries = [SectionTotal.kind: { totals[$0] }]
        storage.sectionHeader = { SectionHeading(title: $0, packageCount: counts[$0] ?? 0) }
        let shown =
            storage.count == source.packages.count
            ? "\(source.packages.count) installed" : "\(storage.count) of \(source.packages.count) installed"
        gtk_header_bar_set_subtitle(
            gcast(headerBar), "\(shown) · \(storage.numberOfSections) sections · \(source.path)")
    }

    private func makeSearchEntry() -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_search_entry_new()!
        gtk_entry_set_placeholder_text(gcast(entry), "Search packages")
        gtk_entry_set_text(gcast(entry), query.searchText)
        // "search-changed" comes after a short pause in typing (GTK's own debounce).
        Signal.connect(entry, "search-changed") { [weak self] entry in
            guard let self else { return }
            var newQuery = query
            newQuery.searchText = String(cString: gtk_entry_get_text(gcast(entry)))
            apply(newQuery)
        }
        return entry
    }

    private func makeOrderSwitch() -> UnsafeMutablePointer<GtkWidget> {
        let combo = gtk_combo_box_text_new()!
        for order in PackageOrder.allCases {
            gtk_combo_box_text_append(gcast(combo), order.rawValue, "Sort by \(order.title.lowercased())")
        }
        _ = gtk_combo_box_set_active_id(gcast(combo), query.order.rawValue)
        Signal.connect(combo, "changed") { [weak self] combo in
            guard let self, let id = gtk_combo_box_get_active_id(gcast(combo)),
                let order = PackageOrder(rawValue: String(cString: id))
            else { return }
            var newQuery = query
            newQuery.order = order
            apply(newQuery)
        }
        return combo
    }

    private func makeGridSwitch() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        gtk_button_set_image(gcast(button), gtk_image_new_from_icon_name("view-grid-symbolic", GTK_ICON_SIZE_BUTTON))
        gtk_widget_set_tooltip_text(button, "Show the packages as a grid of tiles")
        Signal.connect(button, "toggled") { [weak self] button in
            self?.showGrid(gtk_toggle_button_get_active(gcast(button)) != 0)
        }
        return button
    }

    /// Styles section headers like GTK's own list headers: bold, padded, on a tinted band.
    private static func installCSS() {
        let css = """
            .\(SectionHeadingRow.styleClass) {
                font-weight: bold;
                padding: 8px 12px 4px 12px;
                background-color: alpha(@theme_fg_color, 0.06);
                border-bottom: 1px solid alpha(@theme_fg_color, 0.12);
            }
            .\(SectionTotalRow.styleClass) {
                padding: 2px 12px 8px 12px;
                font-size: smaller;
                color: alpha(@theme_fg_color, 0.6);
            }
            .package-tile-name { font-weight: bold; }
            .favourite-star { color: #c88a00; }
            """
        let provider = gtk_css_provider_new()!
        _ = gtk_css_provider_load_from_data(provider, css, -1, nil)
        // GtkStyleProvider is an interface: it imports as an opaque pointer.
        gtk_style_context_add_provider_for_screen(
            gdk_screen_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
