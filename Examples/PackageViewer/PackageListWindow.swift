import CGtk
import GtkListManager
import ModelStorage

/// The viewer's window: a header bar with a live search, a sort switch and a table/grid switch,
/// and the packages as a table (Name, Version, Size, Section, Description) grouped by Debian
/// section, or a grid of tiles in sections; left of them, once something is starred, the
/// favourites pane.
///
/// The table is a `ListManager` on the virtualized list host, over a `GroupedStorage` of a
/// `FilteredStorage` of a `SortedStorage`: it binds the rows on screen alone, where a list box
/// would build a row and its cells for every package (on this machine's 792 packages the
/// window's first frame came after 180 ms against 900 ms). Every installed package is in the
/// sorted storage; searching sets the filtered storage's filter, and a click on a header (or the
/// sort switch) hands the sorted storage the table's sort keys. Both work on a background queue
/// and the manager applies the result row by row: rows that stay keep their widgets, a search
/// deletes and inserts only the rows that stop or start matching, and a new order moves the
/// existing rows, so the selection follows its package through both. The grouped storage shows
/// them in a collapsible row per section, with its count and installed size, while the user
/// keeps the grouping the Section header's menu sets (Ungroup shows one list in the sort's
/// order). The columns the user resized, moved, hid, sorted and grouped by are saved in the
/// settings file (see `PackageListWindow+Table`). The grid is a second manager, on a flow-box
/// grid host, over its own sorted and filtered storages, sectioned by Debian section, which
/// every search and sort changes too. The favourites are a third manager, over the favourites
/// file (see `PackageListWindow+Favourites`).
@MainActor
final class PackageListWindow {
    /// The toplevel window (owned by GTK's toplevel list until destroyed).
    let window: UnsafeMutablePointer<GtkWidget>
    /// The manager of the packages table.
    let manager: ListManager
    /// The host showing the table's rows (kept: the manager's own is not public).
    let host: any ListHost
    /// The packages table: the manager's list with a cell per column under the headers.
    let table: ListTable
    /// The settings file the columns are restored from and saved to; nil keeps them for this
    /// window only.
    let settings: ViewerSettings?
    /// The Name cells made so far, to star the favourites among them.
    var nameCells: [ObjectIdentifier: WeakNameCell] = [:]
    /// The manager of the grid of tiles (`--grid`, or the switch in the header bar).
    let gridManager: ListManager
    /// Every installed package, sorted by the query's order, in sections keyed by Debian section:
    /// the grid's.
    let sorted: SortedStorage<InstalledPackage, String>
    /// The packages that match the query's search, from `sorted`: what the grid shows. A
    /// section the search empties stays, with neither heading nor total.
    let shown: FilteredStorage<InstalledPackage>
    /// Every installed package, sorted by the query's order, in one section: the table's.
    let ordered: SortedStorage<InstalledPackage, Unsectioned>
    /// The packages of `ordered` that match the query's search.
    let listed: FilteredStorage<InstalledPackage>
    /// What the table shows: `listed` in groups by the columns the user chose (Section unless
    /// the settings say otherwise), or as it is when ungrouped.
    let grouped: GroupedStorage<InstalledPackage>
    /// What the managers reported while building the table and the grid (a cell missing for a
    /// column, say); `--screenshot` fails when it is not empty.
    private(set) var anomalies: [ManagerAnomaly] = []
    /// The search and order shown (or being applied).
    private(set) var query: PackageQuery
    /// The favourites pane; nil without a favourites file or when it could not be used.
    var favourites: FavouritesPane?
    /// Why the favourites file could not be used, when it could not.
    var favouritesProblem: String?

    /// The search field (a `GtkSearchEntry`) and the sort switch (a `GtkComboBoxText`, which
    /// shows the primary key of the table's sort and sets it).
    private(set) var searchEntry: UnsafeMutablePointer<GtkWidget>!
    private(set) var orderSwitch: UnsafeMutablePointer<GtkWidget>!
    /// The table/grid switch (a `GtkToggleButton`, active for the grid) and the stack it flips.
    private(set) var gridSwitch: UnsafeMutablePointer<GtkWidget>!
    private let stack = gtk_stack_new()!
    /// The favourites pane (hidden while empty), then the stack.
    private let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
    /// Whether the grid was shown once, and follows the storage since.
    private(set) var isGridLoaded = false

    let source: PackageSource
    let headerBar: UnsafeMutablePointer<GtkWidget>

    /// - Parameters:
    ///   - searchText: the search the window opens with.
    ///   - order: the sort the window opens with; nil for the one the settings file saved, else
    ///     by name.
    ///   - favouritesFile: the SQLite file of the favourites, created when missing; nil shows no
    ///     favourites.
    ///   - settings: the settings file the columns are restored from and saved to.
    ///   - host: the host of the table's rows; nil for the virtualized list (the list-box host
    ///     works too, with slide animations, for short lists).
    init(
        source: PackageSource, searchText: String = "", order: PackageOrder? = nil, showsGrid: Bool = false,
        favouritesFile: String? = nil, settings: ViewerSettings? = nil, host: (any ListHost)? = nil
    ) {
        self.source = source
        self.settings = settings
        let host = host ?? VirtualListHost()
        self.host = host
        manager = ListManager(host: host)
        table = manager.makeTable(columns: PackageColumns.all)
        let savedSort = settings?.contents.packageColumns?.sort ?? []
        query = PackageQuery(searchText: searchText, sort: order.map { [$0.sortKey] } ?? PackageColumns.sanitized(savedSort))
        var layout = FlowBoxGridLayout()
        layout.maximumColumns = 8
        layout.rowSpacing = 4
        layout.columnSpacing = 4
        gridManager = ListManager(host: .flowBoxGrid(layout))
        sorted = SortedStorage(sortedBy: query.comparator, sectionedBy: { $0.section }, handOff: GLibMainActorHandOff())
        // Filled before the manager reads it, so the fit-content columns measure the packages.
        sorted.reset(source.packages, execution: .immediate)
        shown = FilteredStorage(sorted, filter: query.filter, handOff: GLibMainActorHandOff())
        ordered = SortedStorage(sortedBy: query.comparator, handOff: GLibMainActorHandOff())
        ordered.reset(source.packages, execution: .immediate)
        listed = FilteredStorage(ordered, filter: query.filter, handOff: GLibMainActorHandOff())
        grouped = GroupedStorage(listed, handOff: GLibMainActorHandOff())
        Self.installCSS()

        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), "Packages")
        // The icon of Resources/PackageViewer, once installed in an icon theme with its desktop entry.
        gtk_window_set_icon_name(gcast(window), "org.gtklistmanager.PackageViewer")
        gtk_window_set_default_size(gcast(window), Self.defaultWidth, 560)
        headerBar = gtk_header_bar_new()
        gtk_header_bar_set_title(gcast(headerBar), "Packages")
        gtk_header_bar_set_show_close_button(gcast(headerBar), 1)
        searchEntry = makeSearchEntry()
        orderSwitch = makeOrderSwitch()
        showOrderInSwitch()
        gridSwitch = makeGridSwitch()
        gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
        gtk_header_bar_pack_end(gcast(headerBar), orderSwitch)
        gtk_header_bar_pack_end(gcast(headerBar), gridSwitch)
        gtk_window_set_titlebar(gcast(window), headerBar)

        PackageTile.largestSizeKiB = source.packages.compactMap(\.installedSizeKiB).max() ?? 1
        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        configureTable()
        configureGridManager()
        storageDidUpdate()
        if let favouritesFile { openFavourites(favouritesFile) }

        gtk_stack_add_named(gcast(stack), table.widget, "list")
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), gridManager.widget)
        gtk_stack_add_named(gcast(stack), scrolled, "grid")
        gtk_paned_pack2(gcast(paned), stack, 1, 0)
        gtk_container_add(gcast(window), paned)
        gtk_widget_show_all(paned)
        if let favourites {
            gtk_paned_pack1(gcast(paned), favourites.widget, 0, 0)
            showFavouritesPaneIfNotEmpty()
            // Wider when the pane shows at once, so the packages keep their room.
            if !favourites.packageIDs.isEmpty {
                gtk_window_set_default_size(gcast(window), Self.defaultWidth + FavouritesPane.width, 560)
            }
        }
        showGrid(showsGrid)
        // Typing searches at once; and GTK 3's flow box selects the cell that takes the focus,
        // which would select a first tile when the window opens on the grid.
        gtk_window_set_focus(gcast(window), searchEntry)
    }

    /// The window's width when it opens (without the favourites pane): room for every column.
    static let defaultWidth: Int32 = 900

    /// Shows the grid of tiles, or the table. The grid reads the packages the first time it
    /// shows: its flow box holds a tile for every package, which a window opening on the table
    /// would otherwise build, and measure, for nothing (most of its opening time).
    func showGrid(_ grid: Bool) {
        if grid, !isGridLoaded {
            isGridLoaded = true
            gridManager.storage = shown
        }
        gtk_stack_set_visible_child_name(gcast(stack), grid ? "grid" : "list")
        if (gtk_toggle_button_get_active(gcast(gridSwitch)) != 0) != grid {
            gtk_toggle_button_set_active(gcast(gridSwitch), grid ? 1 : 0)
        }
    }

    /// Whether the grid is shown.
    var showsGrid: Bool {
        String(cString: gtk_stack_get_visible_child_name(gcast(stack))) == "grid"
    }

    /// Shows the packages `newQuery` asks for, in its order (which the table's headers and the
    /// sort switch then show). With `.background` (what typing and clicks do) the storage diffs
    /// and sorts off the GTK thread, and the rows change when the loop delivers the result.
    func apply(_ newQuery: PackageQuery, execution: SortedStorage<InstalledPackage, String>.Execution = .background) {
        let completion: @MainActor () -> Void = { [weak self] in self?.storageDidUpdate() }
        let old = query
        query = newQuery
        if newQuery.sort != old.sort {
            sorted.sort(by: newQuery.sort, using: PackageColumns.comparisons, execution: execution, completion: completion)
            ordered.sort(by: newQuery.sort, using: PackageColumns.comparisons, execution: execution, completion: completion)
            // Set by code, not by a header: the table reports it back, and finds it applied.
            if table.sort != newQuery.sort { table.sort = newQuery.sort }
            showOrderInSwitch()
        }
        if newQuery.searchText != old.searchText {
            shown.setFilter(newQuery.filter, execution: execution, completion: completion)
            listed.setFilter(newQuery.filter, execution: execution, completion: completion)
        }
    }

    /// True while a search, a sort or a grouping is on its way to the rows.
    var isUpdating: Bool {
        shown.hasPendingFilter || sorted.hasPendingChanges || listed.hasPendingFilter || ordered.hasPendingChanges
            || grouped.hasPendingGrouping
    }

    /// Where the package with `id` shows in the table; nil when the search hides it or its group
    /// is closed.
    func indexPath(ofPackage id: String) -> IndexPath? {
        grouped.indexPath(ofIdentifier: id)
    }

    /// The grid: tiles of one size, the same section headings, the same selection details.
    private func configureGridManager() {
        gridManager.selectionMode = .single
        gridManager.configuration.displayHeaderOnEmptySection = false
        gridManager.configuration.displaySupplementaryViewsOnEmptySection = false
        gridManager.configuration.rowAnimation = ListConfiguration.viewer.rowAnimation
        gridManager.anomalyHandler.action = manager.anomalyHandler.action
        let headerBar = headerBar
        gridManager.register(PackageTile.self) { mapping in
            mapping.didSelect { _, package, _ in
                gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
            }
        }
        gridManager.sizeForCell(InstalledPackage.self) { _, _ in PackageTile.size }
        gridManager.insetForSection { _ in EdgeInsets(top: 6, leading: 8, bottom: 10, trailing: 8) }
        gridManager.registerHeader(SectionHeadingRow.self)
        gridManager.registerSupplementary(SectionTotalRow.self, ofKind: SectionTotal.kind, placement: .afterItems)
    }

    /// Section headings count what each section shows now, totals sum its sizes after its
    /// packages, and the subtitle sums it up.
    func storageDidUpdate() {
        var counts: [String: Int] = [:], totals: [String: SectionTotal] = [:]
        // The filtered storage keeps the sorted one's sections, in its order.
        for (section, key) in sorted.sectionKeys.enumerated() {
            counts[key] = shown.numberOfItems(inSection: section)
            var total = SectionTotal()
            for case let package as InstalledPackage in shown.models(inSection: section) {
                if let size = package.installedSizeKiB { total.installedKiB += size } else { total.unsized += 1 }
            }
            totals[key] = total
        }
        // Setting the closures refreshes the header and total rows in place.
        sorted.sectionSupplementaries = [SectionTotal.kind: { totals[$0] }]
        sorted.sectionHeader = { SectionHeading(title: $0, packageCount: counts[$0] ?? 0) }
        let showing =
            shown.count == source.packages.count
            ? "\(source.packages.count) installed" : "\(shown.count) of \(source.packages.count) installed"
        let sections = counts.values.count { $0 > 0 }
        gtk_header_bar_set_subtitle(gcast(headerBar), "\(showing) · \(sections) sections · \(source.path)")
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
        gtk_widget_set_tooltip_text(combo, "The column the packages are sorted by; a click on a column's header sorts by it too")
        Signal.connect(combo, "changed") { [weak self] combo in
            guard let self, let id = gtk_combo_box_get_active_id(gcast(combo)),
                let order = PackageOrder(rawValue: String(cString: id)),
                // Shown for the table's sort (or chosen again): that sort stays, reversed or not.
                PackageOrder(primaryKeyOf: query.sort) != order
            else { return }
            var newQuery = query
            newQuery.sort = [order.sortKey]
            apply(newQuery)
        }
        return combo
    }

    /// Shows the primary key of the sort in the sort switch; nothing when it is no order the
    /// switch offers.
    func showOrderInSwitch() {
        guard let orderSwitch else { return }
        if let order = PackageOrder(primaryKeyOf: query.sort) {
            _ = gtk_combo_box_set_active_id(gcast(orderSwitch), order.rawValue)
        } else {
            gtk_combo_box_set_active(gcast(orderSwitch), -1)
        }
    }

    private func makeGridSwitch() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        gtk_button_set_image(gcast(button), gtk_image_new_from_icon_name("view-grid-symbolic", GTK_ICON_SIZE_BUTTON))
        gtk_widget_set_tooltip_text(button, "Show the packages as a grid of tiles (or as the table again)")
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
