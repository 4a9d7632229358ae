import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// The manager against plain C GTK calls making the same widgets, and one insert into a visible
/// list against rebuilding it.
@MainActor
enum ManagerBenchmarks {
    /// A row that is one label, like the C baseline's.
    final class LabelRow: RowView, ModelTransfer {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        init() {}
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "Row \(model)") }
    }

    static func run() {
        guard GtkRuntime.initialize() else {
            print("\n(no display: GTK measurements skipped; run `make benchmark`, which uses Xvfb)")
            return
        }
        bulkLoad()
        singleInsert()
    }

    /// Loads N rows into an unrealized list: plain C calls vs the manager, interleaved.
    static func bulkLoad() {
        var rows: [[String]] = []
        for count in [1_000, 5_000, 10_000] {
            let labels = (0..<count).map { "Row \($0)" }
            var plain: [Double] = []
            var managed: [Double] = []
            for _ in 0..<5 {
                plain.append(medianSeconds(repetitions: 1) {
                    let list: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
                    g_object_ref_sink(list)
                    for label in labels {
                        let widget = gtk_label_new(label)!
                        gtk_widget_show(widget)
                        gtk_list_box_insert(list, widget, -1)
                    }
                    gtk_widget_destroy(gcast(list))
                    g_object_unref(list)
                })
                managed.append(medianSeconds(repetitions: 1) {
                    let manager = ListManager()
                    manager.register(LabelRow.self)
                    manager.memoryStorage?.setItems(Array(0..<count))
                    gtk_widget_destroy(manager.widget)
                })
            }
            let c = plain.sorted()[2], m = managed.sorted()[2]
            rows.append([count.formatted(), formatted(c), formatted(m), String(format: "%+.0f%%", (m / c - 1) * 100)])
        }
        printTable("Bulk load into an unrealized GtkListBox (median of 5 interleaved runs)",
                   ["rows", "plain C calls", "ListManager", "overhead"], rows)
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
        manager.memoryStorage?.setItems(Array(0..<count))
        gtk_widget_show_all(window)
        drainEvents()

        var insertWork: [Double] = [], insertFrame: [Double] = []
        var rebuildWork: [Double] = [], rebuildFrame: [Double] = []
        let clock = ContinuousClock()
        for round in 0..<5 {
            let storage = manager.memoryStorage!
            let start = clock.now
            try? storage.insertItem(-round, to: IndexPath(item: count / 2, section: 0))
            let afterWork = clock.now
            drainEvents()
            insertWork.append(seconds(afterWork - start))
            insertFrame.append(seconds(clock.now - start))

            let items = (0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: IndexPath(item: $0, section: 0)) as! Int }
            let rebuildStart = clock.now
            storage.setItems(items)
            let afterRebuild = clock.now
            drainEvents()
            rebuildWork.append(seconds(afterRebuild - rebuildStart))
            rebuildFrame.append(seconds(clock.now - rebuildStart))
        }
        gtk_widget_destroy(window)
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        printTable("One insert into a visible 5,000-row list vs rebuilding it (median of 5)",
                   ["", "one insert", "rebuild", "rebuild / insert"], [
                    ["manager work + its GTK calls", formatted(median(insertWork)), formatted(median(rebuildWork)),
                     String(format: "%.0f×", median(rebuildWork) / median(insertWork))],
                    ["until GTK is idle again (layout, draw)", formatted(median(insertFrame)), formatted(median(rebuildFrame)),
                     String(format: "%.1f×", median(rebuildFrame) / median(insertFrame))],
                   ])
        print("\nGTK 3 lays out every row of a GtkListBox after a change (O(N)); that second line is what a virtualized host removes.")
    }

    private static func drainEvents() {
        while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
