import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The manager against plain C GTK calls making the same widgets (``BulkLoadBenchmark``), its
/// own work per row, and one insert into a visible list against rebuilding it.
@MainActor
enum ManagerBenchmarks {
    /// A row that is one label, like the C baseline's.
    final class LabelRow: RowView, ModelTransfer {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        init() {}
        func update(with text: String) { gtk_label_set_text(gcast(widget), text) }
    }

    /// The flow-box grid host's bulk load against plain C flow boxes.
    static func runGrid() {
        guard GtkRuntime.initialize() else { return }
        BulkLoadBenchmark.run(.flowBoxGrid)
    }

    static func run() {
        guard GtkRuntime.initialize() else {
            print("\n(no display: GTK measurements skipped; run `make benchmark`, which uses Xvfb)")
            return
        }
        BulkLoadBenchmark.run()
        managerWorkPerRow()
        singleInsert()
        operationsPerChange()
    }

    /// A row whose widget is shared, so that loading it costs the manager's work alone.
    final class SharedWidgetRow: RowView, ModelTransfer {
        static let sharedLabel: UnsafeMutablePointer<GtkWidget> = {
            let label = gtk_label_new("shared")!
            g_object_ref_sink(label)  // owned here, so the row records' references come and go
            return label
        }()
        var widget: UnsafeMutablePointer<GtkWidget> { Self.sharedLabel }
        init() {}
        func update(with text: String) {}
    }

    /// The manager's own work per row: models to mapped, configured row records, without list
    /// rows and with one shared widget.
    static func managerWorkPerRow() {
        let labels = (0..<10_000).map { "Row \($0)" }
        let perRow =
            medianSeconds(repetitions: 7) {
                let manager = ListManager(host: CountingHost(forwardingTo: nil))
                manager.register(SharedWidgetRow.self)
                manager.memoryStorage?.setItems(labels)
            } / Double(labels.count)
        print(
            "\nThe manager's own work per row (resolve the mapping, make and fill the row record, release it; "
                + "no list rows, one shared widget): \(formatted(perRow)).")
    }

    /// One insert in the middle of a visible 5,000-row list vs rebuilding the list.
    static func singleInsert() {
        let count = 5_000
        let manager = ListManager()
        manager.register(LabelRow.self)
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 400, 600)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
        manager.memoryStorage?.setItems((0..<count).map { "Row \($0)" })
        gtk_widget_show_all(window)
        drainEvents()

        var insertWork: [Double] = [], insertFrame: [Double] = []
        var rebuildWork: [Double] = [], rebuildFrame: [Double] = []
        let clock = ContinuousClock()
        for round in 0..<5 {
            let storage = manager.memoryStorage!
            let start = clock.now
            try? storage.insertItem("Inserted \(round)", to: IndexPath(item: count / 2, section: 0))
            let afterWork = clock.now
            drainEvents()
            insertWork.append(seconds(afterWork - start))
            insertFrame.append(seconds(clock.now - start))

            let items = (0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: IndexPath(item: $0, section: 0)) as! String }
            let rebuildStart = clock.now
            storage.setItems(items)
            let afterRebuild = clock.now
            drainEvents()
            rebuildWork.append(seconds(afterRebuild - rebuildStart))
            rebuildFrame.append(seconds(clock.now - rebuildStart))
        }
        gtk_widget_destroy(window)
        printTable(
            "One insert into a visible 5,000-row list vs rebuilding it (median of 5)",
            ["", "one insert", "rebuild", "rebuild / insert"],
            [
                [
                    "manager work + its GTK calls", formatted(median(insertWork)), formatted(median(rebuildWork)),
                    String(format: "%.0f×", median(rebuildWork) / median(insertWork)),
                ],
                [
                    "until GTK is idle again (layout, draw)", formatted(median(insertFrame)), formatted(median(rebuildFrame)),
                    String(format: "%.1f×", median(rebuildFrame) / median(insertFrame)),
                ],
            ])
        print("\nGTK 3 lays out every row of a GtkListBox after a change (O(N)); that second line is what a virtualized host removes.")
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    private static func drainEvents() {
        while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
