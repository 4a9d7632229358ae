import CGtk
import Dispatch
import GtkListManager
import ModelStorage

/// The viewer's big-list modes (`--files DIR`, `--synthetic N`, each also `--grid`): a window
/// with a search field over a list or a grid of tiles on the virtualized host, sections with
/// pinned headers. Only the rows or tiles on screen have widgets, so a million items open and
/// scroll like a hundred. The search field sets the filter of a `FilteredStorage` over every
/// item: each keystroke is scanned off the main thread, and only the rows that stop or start
/// matching leave or come (a section left empty hides its header). A source that is slow to
/// read (`--files` over a big folder) is read off the main thread: the window opens at once with
/// the list's loading state, and the items come when the reading is done.
@MainActor
final class BigListWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let host: VirtualListHost
    let manager: ListManager
    private(set) var anomalies: [ManagerAnomaly] = []
    /// The grid's thumbnails of image files (`--files DIR --grid`); nil for a list.
    private(set) var thumbnails: ThumbnailCache?
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    /// The search filtered storage's scans applied, told by their completions.
    private(set) var searchesApplied = 0
    /// Sets the search: the filter of the storage the manager shows.
    private var search: (String) -> Void = { _ in }
    /// The number of items and of sections that show, and of all the items.
    private var counts: () -> (items: Int, sections: Int) = { (0, 0) }
    private var total = 0
    private let origin: String
    /// Every item, under the filtered storage the list shows.
    let all = MemoryStorage()
    /// What changes the readings of `--synthetic N --live`; nil otherwise.
    private(set) var liveFeed: LiveFeed?
    /// Whether the source's items are in the list: at once for a source given, once read for
    /// one read off the main thread.
    private(set) var isLoaded = false
    private let headerBar: UnsafeMutablePointer<GtkWidget>
    /// What the subtitle counts: rows, or tiles.
    private let noun: String

    /// A window showing `source`'s items at once.
    convenience init<Source: BigListSource>(source: Source, search: String = "", grid: Bool = false) {
        self.init(showing: Source.self, from: source.origin, search: search, grid: grid)
        show(source)
    }

    /// A window that opens at once in the list's loading state and shows the source `read`
    /// makes, read off the main thread.
    convenience init<Source: BigListSource>(
        origin: String, search: String = "", grid: Bool = false, reading read: @escaping @Sendable () -> Source
    ) {
        self.init(showing: Source.self, from: origin, search: search, grid: grid)
        manager.contentState = .loading
        let handOff = GLibMainActorHandOff()
        DispatchQueue.global(qos: .userInitiated).async {
            let source = read()
            handOff.handOff { [weak self] in self?.show(source) }
        }
    }

    /// The window, its list of no items yet, and the search over items of `Source`.
    private init<Source: BigListSource>(showing _: Source.Type, from origin: String, search: String, grid: Bool) {
        self.origin = origin
        host = grid ? VirtualListHost(gridLayout: Self.gridLayout) : VirtualListHost()
        noun = grid ? "tiles" : "rows"
        let title = grid ? "Big grid" : "Big list"
        host.pinsSectionHeaders = true
        var configuration = ListConfiguration.viewer
        configuration.displayHeaderOnEmptySection = false
        let filtered = FilteredStorage<Source.Item>(all, filter: Source.filter(for: search), handOff: GLibMainActorHandOff())
        manager = ListManager(host: host, storage: filtered, configuration: configuration)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), title)
        gtk_window_set_default_size(gcast(window), 720, 560)
        headerBar = gtk_header_bar_new()
        searchEntry = gtk_search_entry_new()
        gtk_header_bar_set_title(gcast(headerBar), title)
        gtk_header_bar_set_show_close_button(gcast(headerBar), 1)
        gtk_window_set_titlebar(gcast(window), headerBar)

        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        if grid {
            manager.register(SyntheticTile.self) { $0.sizeForCell { _, _ in SyntheticTile.size } }
            let thumbnails = ThumbnailCache(width: FileTile.thumbnailWidth, height: FileTile.thumbnailHeight)
            self.thumbnails = thumbnails
            manager.register(FileTile.self, mapping: { $0.sizeForCell { _, _ in FileTile.size } }) { tile, _, _ in
                tile.thumbnails = thumbnails
            }
            // Two viewports ahead of the scroll, images are decoded before their tiles show.
            manager.prefetch(FileTreeSource.File.self) { file, _ in
                if Thumbnail.isImage(named: file.name) { thumbnails.prefetch(file.path) }
            }
            manager.cancelPrefetching(FileTreeSource.File.self) { file, _ in thumbnails.cancelPrefetch(file.path) }
        } else {
            manager.register(SyntheticRow.self)
            manager.register(LiveReadingRow.self)
            manager.register(FileRow.self)
        }
        manager.selectionMode = .multiple

        gtk_entry_set_placeholder_text(gcast(searchEntry), "Search")
        gtk_entry_set_text(gcast(searchEntry), search)
        self.search = { [weak self] text in
            filtered.setFilter(Source.filter(for: text)) { self?.searchDidApply() }
        }
        counts = { (filtered.count, (0..<filtered.numberOfSections).count { filtered.numberOfItems(inSection: $0) > 0 }) }
        Signal.connect(searchEntry, "search-changed") { [weak self] entry in
            self?.search(String(cString: gtk_entry_get_text(gcast(entry))))
        }
        gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
        gtk_header_bar_set_subtitle(gcast(headerBar), "Reading \(origin)…")

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
    }

    /// The tiles' spacing: a little air between them and around each section's.
    private static var gridLayout: VirtualGridLayout {
        var layout = VirtualGridLayout()
        layout.lineSpacing = 6
        layout.itemSpacing = 6
        layout.sectionInsets = EdgeInsets(top: 6, leading: 8, bottom: 10, trailing: 8)
        return layout
    }

    /// Puts `source`'s items in the list, or says why it has none.
    private func show<Source: BigListSource>(_ source: Source) {
        let sections = source.sections
        all.setSectionHeaderModels(sections.map(\.title))
        all.setItemsForAllSections(sections.map(\.items))
        total = source.count
        isLoaded = true
        manager.contentState = source.problem.map { .failed(message: $0) } ?? .ready
        showCounts()
    }

    /// Changes every item's reading ten times a second from now on (`--live`; the items are
    /// `LiveReading`s).
    func startLiveFeed() {
        liveFeed = LiveFeed(updating: all)
    }

    /// Runs the main loop until the source's items are in the list (at most `limit`); returns
    /// whether they are.
    @discardableResult
    func waitUntilLoaded(limit: Duration = .seconds(120)) -> Bool {
        GtkRuntime.iterate(until: { [unowned self] in isLoaded }, timeout: limit)
    }

    /// Shows the window and scrolls the list to `fraction` of its height (0 the top, 1 the end).
    func scroll(toFraction fraction: Double) {
        gtk_widget_show_all(window)
        guard let adjustment = host.verticalAdjustment,
            GtkRuntime.iterate(until: { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) })
        else { return }
        let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, (range * min(max(fraction, 0), 1)).rounded())
        // Until the next layout bound the rows now on screen.
        _ = GtkRuntime.iterate(until: { [host] in host.positionsOnScreen?.allSatisfy { host.boundRow(at: $0) != nil } ?? true })
    }

    private func searchDidApply() {
        searchesApplied += 1
        showCounts()
    }

    /// What the subtitle says: how many items and sections show, of how many, from where.
    private func showCounts() {
        let (shown, sections) = counts()
        let counted = shown == total ? "\(shown.formatted()) \(noun)" : "\(shown.formatted()) of \(total.formatted()) \(noun)"
        gtk_header_bar_set_subtitle(gcast(headerBar), "\(counted) · \(sections.formatted()) sections · \(origin)")
    }
}
