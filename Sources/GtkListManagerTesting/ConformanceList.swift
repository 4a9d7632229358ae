import CGtk
import GtkListManager
import ModelStorage

/// A manager over the host under test, in a shown window: a scrolled window of the suite's
/// viewport size around the host's widget, and a ledger between host and manager.
@MainActor
final class ConformanceList {
    let host: any ListHost
    let manager: ListManager
    let storage = MemoryStorage()
    let ledger: BindingLedger
    let window: UnsafeMutablePointer<GtkWidget>
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    private(set) var isClosed = false

    init(host: any ListHost, width: Int32, height: Int32, widgets: ConformanceWidgets) {
        self.host = host
        widgets.watch(host.widget, as: "the host's widget")
        storage.anomalyHandler.action = { _ in }
        manager = ListManager(host: host, storage: storage)
        manager.anomalyHandler.action = { _ in }
        manager.register(ConformanceRow<ConformanceItem>.self)
        manager.registerHeader(ConformanceRow<ConformanceTitle>.self)
        manager.registerFooter(ConformanceRow<ConformanceTitle>.self)
        // The host's delegate is the manager's own object (held by the manager): the ledger
        // stands in front of it.
        guard let managerDelegate = host.delegate else { preconditionFailure("The manager gave its host no delegate") }
        ledger = BindingLedger(forwardingTo: managerDelegate, host: host)
        ledger.rowPlaced = { row in
            if let hostWidget = row.hostWidget { widgets.watch(hostWidget, as: "a host widget of a row") }
        }
        host.delegate = ledger

        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), width, height)
        scrolledWindow = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(gcast(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolledWindow), manager.widget)
        gtk_container_add(gcast(window), scrolledWindow)
        gtk_widget_show_all(window)
        gtk_window_present(gcast(window))
        _ = GtkRuntime.iterate(until: { [manager] in gtk_widget_get_mapped(manager.widget) != 0 }, timeout: .seconds(5))
        settle()
    }

    /// Lets GTK lay out and paint the next frame (at most 200 ms), then handle what is pending.
    func settle() {
        _ = GtkRuntime.iteratePending()
        if !isClosed, let clock = gtk_widget_get_frame_clock(window) {
            let frame = gdk_frame_clock_get_frame_counter(clock)
            gtk_widget_queue_draw(window)
            _ = GtkRuntime.iterate(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, timeout: .milliseconds(200))
        }
        _ = GtkRuntime.iteratePending()
    }

    /// The widget whose allocation is the visible part of the list: the scrolled window's
    /// child (a `GtkViewport` around a widget that does not scroll itself, else the widget).
    var viewport: UnsafeMutablePointer<GtkWidget> { gtk_bin_get_child(gcast(scrolledWindow)) }

    /// The vertical adjustment of the scrolled window.
    var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_vadjustment(gcast(scrolledWindow))
    }

    /// Where `widget` shows in the viewport, read from GTK: its top and bottom in the
    /// viewport's coordinates; nil when GTK cannot place it there.
    func shownSpan(of widget: UnsafeMutablePointer<GtkWidget>) -> (top: Double, bottom: Double)? {
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_get_mapped(widget) != 0, gtk_widget_translate_coordinates(widget, viewport, 0, 0, &x, &y) != 0 else {
            return nil
        }
        return (Double(y), Double(y + gtk_widget_get_allocated_height(widget)))
    }

    /// The height of the viewport.
    var pageHeight: Double { Double(gtk_widget_get_allocated_height(viewport)) }

    /// The position of the row at `location`, as the manager says.
    func position(of location: RowLocation) -> Int? {
        (0..<manager.rowCount).first { manager.location(ofPosition: $0) == location }
    }

    /// Destroys the window.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        gtk_widget_destroy(window)
        settle()
    }
}

/// The list the storage implies: per section its header, its items and its footer (the suite
/// shows headers and footers on empty sections too).
@MainActor
struct ExpectedRow: Equatable, CustomStringConvertible {
    let location: RowLocation
    let text: String

    static func rows(of storage: MemoryStorage) -> [ExpectedRow] {
        var rows: [ExpectedRow] = []
        for section in 0..<storage.numberOfSections {
            if let header = storage.supplementaryModel(ofKind: .header, inSection: section) as? ConformanceTitle {
                rows.append(ExpectedRow(location: .supplementary(.header, inSection: section), text: header.text))
            }
            for (index, model) in storage.models(inSection: section).enumerated() {
                let item = model as? ConformanceItem
                rows.append(ExpectedRow(location: .item(IndexPath(item: index, section: section)), text: item?.text ?? "?"))
            }
            if let footer = storage.supplementaryModel(ofKind: .footer, inSection: section) as? ConformanceTitle {
                rows.append(ExpectedRow(location: .supplementary(.footer, inSection: section), text: footer.text))
            }
        }
        return rows
    }

    nonisolated var description: String { "\(location.role) \(location.indexPath.section).\(location.indexPath.item) \"\(text)\"" }
}
