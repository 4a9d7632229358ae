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
        func update(with text: String) { gtk_label_set_text(gcast(widget), text) }
    }

    static func run() {
        guard GtkRuntime.initialize() else {
            print("\n(no display: GTK measurements skipped; run `make benchmark`, which uses Xvfb)")
            return
        }
        bulkLoad()
        managerWorkPerRow()
        singleInsert()
        operationsPerChange()
    }

    /// Loads N rows into an unrealized list: plain C calls vs the manager.
    ///
    /// In blocks of consecutive runs of one side (the first run of a block discarded), with the
    /// block order alternating: a run right after the other side's inherits a heap shaped by the
    /// other's frees and was measured ~5% slower on either side, which blurred the comparison.
    /// Every size gets about the same measuring time (a 1k load takes ~10 ms, so it gets ten
    /// times the runs of a 10k load): a median of 20 runs of 10 ms still moved by ±4 points
    /// between runs of the benchmark on these machines.
    static func bulkLoad() {
        var rows: [[String]] = []
        for count in [1_000, 5_000, 10_000] {
            let labels = (0..<count).map { "Row \($0)" }
            let runsPerBlock = 1 + max(5, 50_000 / count)
            var plainTimes: [Double] = [], managedTimes: [Double] = []
            for block in 0..<4 {
                let plainFirst = block.isMultiple(of: 2)
                for side in plainFirst ? [true, false] : [false, true] {
                    for run in 0..<runsPerBlock {
                        let time = medianSeconds(repetitions: 1) {
                            if side { loadWithPlainCalls(labels) } else { loadWithManager(labels) }
                        }
                        guard run > 0 else { continue }
                        if side { plainTimes.append(time) } else { managedTimes.append(time) }
                    }
                }
            }
            let c = median(plainTimes), m = median(managedTimes)
            rows.append([count.formatted(), plainTimes.count.formatted(), formatted(c), formatted(m),
                         String(format: "%+.0f%%", (m / c - 1) * 100)])
        }
        printTable("Bulk load into an unrealized GtkListBox, then destroy it (medians, runs in blocks)",
                   ["rows", "runs per side", "plain C calls", "ListManager", "overhead"], rows)
    }

    /// Loads 1,000 rows `loops` times with the manager or with plain C calls, for a profiler.
    static func profileBulkLoad(withManager: Bool, loops: Int) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        let labels = (0..<1_000).map { "Row \($0)" }
        for _ in 0..<loops {
            if withManager { loadWithManager(labels) } else { loadWithPlainCalls(labels) }
        }
    }

    /// What a C programmer writes: a label per row, appended to a shown list box.
    ///
    /// Shown, because the manager's list box is: GTK does more for each row added to a shown
    /// list (it updates the row's neighbours), and the two sides must end with the same widgets.
    private static func loadWithPlainCalls(_ labels: [String]) {
        let list: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
        g_object_ref_sink(list)
        gtk_widget_show(gcast(list))
        for label in labels {
            let widget = gtk_label_new(label)!
            gtk_widget_show(widget)
            gtk_list_box_insert(list, widget, -1)
        }
        gtk_widget_destroy(gcast(list))
        g_object_unref(list)
    }

    private static func loadWithManager(_ labels: [String]) {
        let manager = ListManager()
        manager.register(LabelRow.self)
        manager.memoryStorage?.setItems(labels)
        gtk_widget_destroy(manager.widget)
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
        let perRow = medianSeconds(repetitions: 7) {
            let manager = ListManager(
                listBox: nil, storage: MemoryStorage(), configuration: ListConfiguration(),
                updating: { _ in CountingHost(forwardingTo: nil) })
            manager.register(SharedWidgetRow.self)
            manager.memoryStorage?.setItems(labels)
        } / Double(labels.count)
        print("\nThe manager's own work per row (resolve the mapping, make and fill the row record, release it; "
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
        printTable("One insert into a visible 5,000-row list vs rebuilding it (median of 5)",
                   ["", "one insert", "rebuild", "rebuild / insert"], [
                    ["manager work + its GTK calls", formatted(median(insertWork)), formatted(median(rebuildWork)),
                     String(format: "%.0f×", median(rebuildWork) / median(insertWork))],
                    ["until GTK is idle again (layout, draw)", formatted(median(insertFrame)), formatted(median(rebuildFrame)),
                     String(format: "%.1f×", median(rebuildFrame) / median(insertFrame))],
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
