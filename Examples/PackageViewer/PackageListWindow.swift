import CGtk
import GtkListManager

/// The viewer's window: a header bar and a scrolled list of package rows, grouped in sections by
/// Debian section, driven by a `ListManager` over a `MemoryStorage`.
@MainActor
final class PackageListWindow {
    /// The toplevel window (owned by GTK's toplevel list until destroyed).
    let window: UnsafeMutablePointer<GtkWidget>
    /// The manager of the package list.
    let manager = ListManager()
    /// What the manager reported while building the list (a broken `PackageRow.ui`, say);
    /// `--screenshot` fails when it is not empty.
    private(set) var anomalies: [ManagerAnomaly] = []

    init(source: PackageSource) {
        let sections = PackageSection.grouped(source.packages)
        Self.installCSS()

        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), "Packages")
        gtk_window_set_default_size(gcast(window), 720, 560)

        gtk_list_box_set_selection_mode(manager.listBox, GTK_SELECTION_SINGLE)
        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        let headerBar = Self.makeHeaderBar(source: source, sectionCount: sections.count)
        gtk_window_set_titlebar(gcast(window), headerBar)
        manager.register(PackageRow.self) { mapping in
            // The selected package's details in the header bar; a menu to copy its name.
            mapping.didSelect { _, package, _ in
                gtk_header_bar_set_subtitle(gcast(headerBar), "\(package.name) \(package.version) — \(package.summary)")
            }
            mapping.contextMenu { _, package, _ in
                [MenuItem("Copy “\(package.name)”") {
                    gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), package.name, -1)
                }]
            }
        }
        manager.registerHeader(SectionHeadingRow.self)
        if let storage = manager.memoryStorage {
            storage.setSectionHeaderModels(sections.map { SectionHeading(title: $0.title, packageCount: $0.packages.count) })
            storage.setItemsForAllSections(sections.map(\.packages))
        }

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
    }

    private static func makeHeaderBar(source: PackageSource, sectionCount: Int) -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_header_bar_new()!
        gtk_header_bar_set_title(gcast(bar), "Packages")
        gtk_header_bar_set_subtitle(gcast(bar), "\(source.packages.count) installed · \(sectionCount) sections · \(source.path)")
        gtk_header_bar_set_show_close_button(gcast(bar), 1)
        return bar
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
            """
        let provider = gtk_css_provider_new()!
        _ = gtk_css_provider_load_from_data(provider, css, -1, nil)
        // GtkStyleProvider is an interface: it imports as an opaque pointer.
        gtk_style_context_add_provider_for_screen(
            gdk_screen_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
