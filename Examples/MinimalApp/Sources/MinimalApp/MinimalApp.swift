import CGtk
import DocumentationExamples
import GtkListManager
import GtkListManagerTesting
import ModelStorage

// The application the "Getting started" article builds, step by step. `--check` runs it
// headless (under xvfb-run): it activates the second row as a user would and exits non-zero
// unless the event arrived with the right model, then proves the "Hosts" article's host of
// its own with the host conformance suite.

/// A fruit, the model of one row.
struct Fruit: Hashable {
    let name: String
    let calories: Int
}

/// The row class for fruits: a label, filled from the model.
final class FruitRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!

    init() {
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
    }

    func update(with fruit: Fruit) {
        gtk_label_set_text(gcast(widget), "\(fruit.name) · \(fruit.calories) kcal")
    }
}

@main
struct MinimalApp {
    static func main() {
        MainActor.assumeIsolated { run() }
    }

    @MainActor
    static func run() {
        guard GtkRuntime.initialize() else { return print("no display") }
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(gcast(window), "Fruits")
        gtk_window_set_default_size(gcast(window), 320, 240)

        let storage = MemoryStorage()
        let manager = ListManager(storage: storage)
        var activated: [Fruit] = []
        manager.register(FruitRow.self) { mapping in
            mapping.didActivate { _, fruit, indexPath in
                print("activated \(fruit.name) at \(indexPath)")
                activated.append(fruit)
            }
        }
        storage.setItems([Fruit(name: "Apple", calories: 52), Fruit(name: "Banana", calories: 89)])
        storage.addItem(Fruit(name: "Cherry", calories: 50))

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
        gtk_widget_show_all(window)

        guard CommandLine.arguments.contains("--check") else {
            Signal.connect(window, "destroy") { _ in GtkRuntime.quit() }
            GtkRuntime.run()
            return
        }
        let succeeded = check(window, manager) { activated }
        gtk_widget_destroy(window)
        let conformance = checkMyHostConformance()
        print("minimal-app: \(conformance)")
        if !succeeded || !conformance.passed { exit(1) }
    }

    /// Activates the second row as Enter on it would; true when the list showed three rows and
    /// the event arrived with Banana.
    @MainActor
    static func check(_ window: UnsafeMutablePointer<GtkWidget>, _ manager: ListManager, activated: () -> [Fruit]) -> Bool {
        guard GtkRuntime.iterate(until: { gtk_widget_get_mapped(window) != 0 }),
            let second = manager.boundRow(at: IndexPath(item: 1, section: 0))?.hostWidget
        else {
            print("minimal-app: the window did not show its rows")
            return false
        }
        gtk_widget_activate(second)
        GtkRuntime.iterate(until: { !activated().isEmpty }, timeout: .seconds(2))
        let shown = (0..<manager.storage.numberOfItems(inSection: 0)).filter {
            manager.boundRow(at: IndexPath(item: $0, section: 0)) != nil
        }.count
        guard shown == 3, activated() == [Fruit(name: "Banana", calories: 89)] else {
            print("minimal-app: expected 3 rows and Banana activated, got \(shown) rows, \(activated())")
            return false
        }
        print("minimal-app: ok")
        return true
    }
}
