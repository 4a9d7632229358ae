import CGtk
import GtkListManager
import ModelStorage

/// The viewer's big-list modes (`--files DIR`, `--synthetic N`, each also `--grid`): a window
/// with a search field over a list or a grid of tiles on the virtualized host, sections with
/// pinned headers. Only the rows or tiles on screen have widgets, so a million items open and
/// scroll like a hundred.
@MainActor
final class BigListWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let host: VirtualListHost
    let manager: ListManager
    private(set) var anomalies: [ManagerAnomaly] = []
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    private let source: any BigListSource
    private let headerBar: UnsafeMutablePointer<GtkWidget>
    /// What the subtitle counts: rows, or tiles.
    private let noun: String

    init(source: any BigListSource, search: String = "", grid: Bool = false) {
        self.source = source
        host = grid ? VirtualListHost(gridLayout: Self.gridLayout) : VirtualListHost()
        noun = grid ? "tiles" : "rows"
        let title = grid ? "Big grid" : "Big list"
        host.pinsSectionHeaders = true
        manager = ListManager(host: host)
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
            manager.register(FileTile.self) { $0.sizeForCell { _, _ in FileTile.size } }
        } else {
            manager.register(SyntheticRow.self)
            manager.register(FileRow.self)
        }
        manager.selectionMode = .multiple

        gtk_entry_set_placeholder_text(gcast(searchEntry), "Search")
        gtk_entry_set_text(gcast(searchEntry), search)
        Signal.connect(searchEntry, "search-changed") { [weak self] entry in
            self?.show(matching: String(cString: gtk_entry_get_text(gcast(entry))))
        }
        gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
        show(matching: search)
        if let problem = source.problem { manager.contentState = .failed(message: problem) }

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

    /// Shows the window and scrolls the list to `fraction` of its height (0 the top, 1 the end).
    func scroll(toFraction fraction: Double) {
        gtk_widget_show_all(window)
        guard let adjustment = host.verticalAdjustment,
            GtkRuntime.iterate(until: { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) })
        else { return }
        let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, (range * min(max(fraction, 0), 1)).rounded())
        // Until the next layout bound the rows now on screen.
        _ = GtkRuntime.iterate(until: { [host] in host.visibleRange?.allSatisfy { host.boundRow(at: $0) != nil } ?? true })
    }

    /// Shows the items matching `search`: a reload, which binds only the rows on screen.
    private func show(matching search: String) {
        let sections = source.sections(matching: search)
        guard let storage = manager.memoryStorage else { return }
        storage.updateWithoutAnimation {
            storage.setSectionHeaderModels(sections.map(\.title))
            storage.setItemsForAllSections(sections.map(\.items))
        }
        let shown = sections.reduce(0) { $0 + $1.items.count }
        let counted = shown == source.count ? "\(shown.formatted()) \(noun)" : "\(shown.formatted()) of \(source.count.formatted()) \(noun)"
        gtk_header_bar_set_subtitle(gcast(headerBar), "\(counted) · \(sections.count.formatted()) sections · \(source.origin)")
    }
}
