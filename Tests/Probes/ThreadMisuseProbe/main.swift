// A client app written in the Swift 5 language mode, as many still are: it hands main-actor
// work to a thread of its own without a compiler error. `WrongThreadTests` runs it in a child
// process, once per probe, and reads what it prints before it stops.
//
// Usage: thread-misuse-probe PROBE [--on-main-thread]
// With --on-main-thread the same calls run where they belong and the probe prints "ok".
import CGtk
import Glibc
import GtkListManager
import ModelStorage

final class LabelRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with model: Int) { gtk_label_set_text(gcast(widget), "\(model)") }
}

struct Fruit: Diffable, Sendable, Hashable {
    let id: Int
    var diffIdentifier: Int { id }
}

/// Runs `body` on a new GLib thread named "probe-worker" and waits for it: the Swift 5 mode lets
/// a main-actor closure go there unchecked.
func runOnWorkerThread(_ body: @escaping () -> Void) {
    final class Work { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    let thread = g_thread_new(
        "probe-worker",
        { data in
            Unmanaged<Work>.fromOpaque(data!).takeRetainedValue().body()
            return nil
        }, work)
    g_thread_join(thread)
}

@MainActor
func makeManager() -> ListManager {
    guard GtkRuntime.initialize() else {
        print("no display")
        exit(2)
    }
    let manager = ListManager()
    manager.register(LabelRow.self)
    manager.memoryStorage?.setItems(Array(0..<1_000))
    return manager
}

@MainActor
func probe(_ name: String) -> (() -> Void)? {
    switch name {
    case "memory-storage":
        let storage = MemoryStorage()
        return { storage.addItem(1) }
    case "single-section-storage":
        let storage = SingleSectionStorage<Fruit>()
        return { storage.setItems([Fruit(id: 1), Fruit(id: 2)]) }
    case "sorted-storage":
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: { $0.id < $1.id })
        return { storage.upsert([Fruit(id: 1)], execution: .immediate) }
    case "snapshot-storage":
        let storage = SnapshotStorage<Int, Int>()
        return {
            var snapshot = ListSnapshot<Int, Int>()
            snapshot.appendSections([0])
            storage.apply(snapshot)
        }
    case "observer":
        let storage = MemoryStorage()
        let manager = makeManager()
        return { manager.storage = storage }
    case "reload":
        let manager = makeManager()
        return { manager.reload() }
    case "register":
        let manager = makeManager()
        return { manager.register(LabelRow.self) }
    case "event":
        let manager = makeManager()
        return { manager.didSelect(LabelRow.self) { _, _, _ in } }
    case "select":
        let manager = makeManager()
        return { manager.selectItem(at: IndexPath(item: 0, section: 0)) }
    case "declarative":
        let manager = makeManager()
        return { manager.update { Section(id: 0) { Row<LabelRow>(model: 1) } } }
    case "create-manager":
        _ = makeManager()
        return { _ = ListManager() }
    case let outline where outline.hasPrefix("outline-"):
        return outlineProbe(String(outline.dropFirst("outline-".count)))
    default:
        return nil
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let call = MainActor.assumeIsolated({ probe(name) }) else {
    print("usage: thread-misuse-probe PROBE [--on-main-thread]")
    exit(64)
}
if arguments.contains("--on-main-thread") {
    call()
} else {
    runOnWorkerThread(call)
}
print("ok")
