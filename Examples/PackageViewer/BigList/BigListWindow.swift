import CGtk
import GtkListManager
import ModelStorage

/// The viewer's big-list modes (`--files DIR`, `--synthetic N`): a window with a search field
/// over a list on the virtualized host, sections with pinned headers. Only the rows on screen
/// have widgets, so a million rows open and scroll like a hundred.
@MainActor
final class BigListWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let host = VirtualListHost()
    let manager: ListManager
    private(set) var anomalies: [ManagerAnomaly] = []
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    private let source: any BigListSource
    private let headerBar: UnsafeMutablePointer<GtkWidget>

    init(source: any BigListSource, search: String = "") {
        self.source = source
        host.pinsSectionHeaders = true
        manager = ListManager(host: host)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), "Big list")
        gtk_window_set_default_size(gcast(window), 720, 560)
        headerBar = gtk_header_bar_new()
        searchEntry = gtk_search_entry_new()
        gtk_header_bar_set_title(gcast(headerBar), "Big list")
        gtk_header_bar_set_show_close_button(gcast(headerBar), 1)
        gtk_window_set_titlebar(gcast(window), headerBar)

        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        manager.register(SyntheticRow.self)
        manager.register(FileRow.self)
        manager.selectionMode = .multiple

        gtk_entry_set_placeholder_text(gcast(searchEntry), "Search")
        gtk_entry_set_text(gcast(searchEntry), search)
        Signal.connect(searchEntry, "search-changed") { [weak self] entry in
            self?.show(matching: String(cString: gtk_entry_get_text(gcast(entry))))
        }
        gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
        show(matching: search)

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
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
        let counted = shown == source.count ? "\(shown.formatted()) rows" : "\(shown.formatted()) of \(source.count.formatted()) rows"
        gtk_header_bar_set_subtitle(gcast(headerBar), "\(counted) · \(sections.count.formatted()) sections · \(source.origin)")
    }
}
