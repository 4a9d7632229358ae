import Foundation
import ModelStorage
import Testing

@Suite("OutlineStorage: children read lazily, with loading and error rows")
@MainActor
struct OutlineLazyChildrenTests {
    private struct Unreadable: LocalizedError {
        var errorDescription: String? { "Permission denied" }
    }

    /// A folder tree read on demand: "/" holds "a" and "b"; "a" holds "a/x" and "a/y"; "b" can't
    /// be read until `bReadable`.
    private final class Disk: Sendable {
        let reads = LockedValue<[String]>([])
        let bReadable = LockedValue(false)
        let gate = LockedValue(true)

        func children(of folder: String) throws -> [String] {
            reads.withLock { $0.append(folder) }
            switch folder {
            case "a": return ["a/x", "a/y"]
            case "b":
                guard bReadable.withLock({ $0 }) else { throw Unreadable() }
                return ["b/z"]
            default: return []
            }
        }
    }

    private func shownRows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { row in
            switch storage.item(at: IndexPath(item: row, section: 0)) {
            case let item as String: return item
            case let status as OutlineChildrenStatus:
                if case let .failed(message) = status.phase { return "⚠ \(message)" }
                return "…"
            default: return "?"
            }
        }
    }

    private func folders() -> OutlineSnapshot<String> {
        var outline = OutlineSnapshot<String>()
        outline.append(["a", "b", "file"])
        outline.markChildrenUnloaded(["a", "b"])
        return outline
    }

    @Test("unloaded items show an arrow; the first expand reads them at once, once")
    func immediateProvider() {
        let disk = Disk()
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .immediate(mayHaveChildren: { $0 == "a/x" }) { try disk.children(of: $0) }
        storage.apply(folders(), to: "disk")
        let replica = OutlineReplica(observing: storage)
        #expect(storage.outlinePlace(at: ip(0, 0))?.hasChildren == true, "a shows an arrow before it is read")
        #expect(storage.outlinePlace(at: ip(2, 0))?.hasChildren == false)
        storage.expand(["a"])
        #expect(shownRows(storage) == ["a", "a/x", "a/y", "b", "file"])
        #expect(replica.rows == shownRows(storage))
        #expect(storage.outlinePlace(at: ip(1, 0))?.hasChildren == true, "a/x may have children")
        storage.collapse(["a"])
        storage.expand(["a"])
        #expect(disk.reads.withLock { $0 } == ["a"], "read once")
        storage.expand(["b"])
        #expect(shownRows(storage) == ["a", "a/x", "a/y", "b", "⚠ Permission denied", "file"])
        disk.bReadable.withLock { $0 = true }
        storage.retryChildren(of: "b")
        #expect(shownRows(storage) == ["a", "a/x", "a/y", "b", "b/z", "file"])
        #expect(replica.rows == shownRows(storage))
    }

    @Test("a background read shows a loading row, then the children in its place")
    func backgroundProvider() async {
        let disk = Disk()
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .background { folder, _ in try disk.children(of: folder) }
        storage.apply(folders(), to: "disk")
        let replica = OutlineReplica(observing: storage)
        storage.expand(["a", "b"])
        #expect(shownRows(storage) == ["a", "…", "b", "…", "file"])
        #expect(await waitUntil { self.shownRows(storage) == ["a", "a/x", "a/y", "b", "⚠ Permission denied", "file"] })
        #expect(replica.rows == shownRows(storage))
        #expect(storage.outline(of: "disk").childrenState(of: "b") == .failed("Permission denied"))
    }

    @Test("a collapse before the answer cancels the read: its result is dropped, the next expand reads again")
    func collapseCancels() async {
        let disk = Disk()
        let started = LockedValue(0)
        let release = LockedValue(false)
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .background { folder, cancellation in
            let call = started.withLock { count in
                count += 1
                return count
            }
            while !release.withLock({ $0 }) { usleep(1_000) }
            #expect(cancellation.isCancelled == (call == 1), "the first read is cancelled, the second is not")
            return try disk.children(of: folder)
        }
        storage.apply(folders(), to: "disk")
        let replica = OutlineReplica(observing: storage)
        storage.expand(["a"])
        #expect(await waitUntil { started.withLock { $0 } == 1 })
        storage.collapse(["a"])
        #expect(storage.outline(of: "disk").childrenState(of: "a") == .unloaded)
        storage.expand(["a"])
        #expect(shownRows(storage) == ["a", "…", "b", "file"])
        release.withLock { $0 = true }
        #expect(await waitUntil { self.shownRows(storage) == ["a", "a/x", "a/y", "b", "file"] })
        #expect(replica.rows == shownRows(storage))
        #expect(started.withLock { $0 } == 2)
    }

    @Test("refreshing read children diffs them in place: what stays keeps what is under it")
    func refreshKeepsState() async {
        let listing = LockedValue(["a/x", "a/y"])
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .background(mayHaveChildren: { $0 == "a/x" }) { folder, _ in
            folder == "a" ? listing.withLock { $0 } : ["\(folder)/inner"]
        }
        storage.apply(folders(), to: "disk")
        let replica = OutlineReplica(observing: storage)
        storage.expand(["a"])
        #expect(await waitUntil { self.shownRows(storage).contains("a/x") })
        storage.expand(["a/x"])
        #expect(await waitUntil { self.shownRows(storage).contains("a/x/inner") })
        let recorder = UpdateRecorder(observing: storage)
        listing.withLock { $0 = ["a/new", "a/x"] }
        storage.refreshChildren(of: "a")
        #expect(await waitUntil { self.shownRows(storage) == ["a", "a/new", "a/x", "a/x/inner", "b", "file"] })
        #expect(replica.rows == shownRows(storage))
        let changes = recorder.lastChanges.map(Array.init) ?? []
        #expect(!changes.contains { if case .deleteItem(ip(2, 0)) = $0 { true } else { false } }, "a/x/inner stays: \(changes)")
    }

    @Test("a new tree applied keeps the children read for items it marks unloaded")
    func applyKeepsReadChildren() {
        let disk = Disk()
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .immediate { try disk.children(of: $0) }
        storage.apply(folders(), to: "disk")
        storage.expand(["a"])
        var refreshed = folders()
        refreshed.append(["c"])
        storage.apply(refreshed, to: "disk")
        #expect(shownRows(storage) == ["a", "a/x", "a/y", "b", "file", "c"])
        #expect(disk.reads.withLock { $0 } == ["a"])
    }
}

/// The rows an observer shows, following every entry it is handed, statuses by phase.
@MainActor
final class OutlineReplica: StorageObserver {
    private(set) var rows: [String] = []

    init(observing storage: OutlineStorage<String, String>) {
        rows = (0..<storage.numberOfItems(inSection: 0)).map { Self.text(storage.item(at: IndexPath(item: $0, section: 0))) }
        storage.addObserver(self)
    }

    static func text(_ model: Any?) -> String {
        switch model {
        case let item as String: return item
        case let status as OutlineChildrenStatus:
            if case let .failed(message) = status.phase { return "⚠ \(message)" }
            return "…"
        default: return "?"
        }
    }

    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        for change in changes {
            switch change {
            case let .insertItem(at, model): rows.insert(Self.text(model), at: at.item)
            case let .deleteItem(at): rows.remove(at: at.item)
            case let .moveItem(from, to): rows.insert(rows.remove(at: from.item), at: to.item)
            case let .updateItem(at, model): rows[at.item] = Self.text(model)
            default: Issue.record("unexpected \(change)")
            }
        }
    }

    func storageNeedsReload(_ storage: any Storage) {
        Issue.record("an outline storage never reloads")
    }
}
