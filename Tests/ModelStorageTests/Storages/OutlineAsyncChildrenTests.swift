import Foundation
import ModelStorage
import Testing

/// Children read by an `async` provider (`.async`): a loading row while its task runs, then the
/// children; a collapse cancels the task and drops its result; a thrown error is the item's
/// error row, with a retry.
@Suite("OutlineStorage: children read by an async function")
@MainActor
struct OutlineAsyncChildrenTests {
    private struct Unreadable: LocalizedError {
        var errorDescription: String? { "Permission denied" }
    }

    /// Reads that wait until the test releases them, recording how each ended.
    private final class Gate: Sendable {
        let released = LockedValue(false)
        let reads = LockedValue<[String]>([])
        let endings = LockedValue<[String]>([])
        let onMainThread = LockedValue<[Bool]>([])

        func children(of folder: String) async throws -> [String] {
            reads.withLock { $0.append(folder) }
            onMainThread.withLock { $0.append(Thread.isMainThread) }
            do {
                while !released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
            } catch {
                endings.withLock { $0.append("\(folder) cancelled") }
                throw error
            }
            endings.withLock { $0.append("\(folder) read") }
            if folder == "b" { throw Unreadable() }
            return ["\(folder)/x", "\(folder)/y"]
        }
    }

    private func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { OutlineReplica.text(storage.item(at: ip($0, 0))) }
    }

    private func folders() -> OutlineSnapshot<String> {
        var outline = OutlineSnapshot<String>()
        outline.append(["a", "b", "file"])
        outline.markChildrenUnloaded(["a", "b"])
        return outline
    }

    @Test("an expanded item shows a loading row while its task runs, off the main thread, then its children")
    func loadingThenChildren() async {
        let gate = Gate()
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .async(mayHaveChildren: { $0 == "a/x" }) { try await gate.children(of: $0) }
        storage.apply(folders(), to: "disk")
        let replica = OutlineReplica(observing: storage)

        storage.expand(["a"])
        #expect(rows(storage) == ["a", "…", "b", "file"])
        #expect(await waitUntil { gate.reads.withLock { $0 } == ["a"] })
        #expect(rows(storage) == ["a", "…", "b", "file"], "the loading row stays until the task answers")
        gate.released.withLock { $0 = true }
        #expect(await waitUntil { self.rows(storage) == ["a", "a/x", "a/y", "b", "file"] })
        #expect(replica.rows == rows(storage))
        #expect(storage.outlinePlace(at: ip(1, 0))?.hasChildren == true, "a/x may have children")
        #expect(gate.onMainThread.withLock { $0 } == [false], "the read ran off the main actor")
    }

    @Test("a thrown error is the item's error row; a retry reads again")
    func errorRowAndRetry() async {
        let gate = Gate()
        gate.released.withLock { $0 = true }
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .async { try await gate.children(of: $0) }
        storage.apply(folders(), to: "disk")

        storage.expand(["b"])
        #expect(await waitUntil { self.rows(storage) == ["a", "b", "⚠ Permission denied", "file"] })
        #expect(storage.outline(of: "disk").childrenState(of: "b") == .failed("Permission denied"))
        storage.retryChildren(of: "b")
        #expect(await waitUntil { gate.reads.withLock { $0 } == ["b", "b"] })
        #expect(await waitUntil { self.rows(storage) == ["a", "b", "⚠ Permission denied", "file"] })
    }

    @Test("a collapse before the answer cancels the task: its result is dropped, the next expand reads again")
    func collapseCancelsTheTask() async {
        let gate = Gate()
        let storage = OutlineStorage<String, String>()
        storage.childrenProvider = .async { try await gate.children(of: $0) }
        storage.apply(folders(), to: "disk")
        let replica = OutlineReplica(observing: storage)

        storage.expand(["a"])
        #expect(await waitUntil { gate.reads.withLock { $0 }.count == 1 })
        storage.collapse(["a"])
        #expect(storage.outline(of: "disk").childrenState(of: "a") == .unloaded)
        #expect(await waitUntil { gate.endings.withLock { $0 } == ["a cancelled"] }, "the task saw its cancellation")
        storage.expand(["a"])
        #expect(rows(storage) == ["a", "…", "b", "file"])
        gate.released.withLock { $0 = true }
        #expect(await waitUntil { self.rows(storage) == ["a", "a/x", "a/y", "b", "file"] })
        #expect(replica.rows == rows(storage))
        #expect(gate.endings.withLock { $0 } == ["a cancelled", "a read"])
    }
}
