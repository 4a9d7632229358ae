import Foundation
import XCTest

/// Calls made off the main actor stop the process with a message that says what was wrong, in
/// every build configuration. Each probe is a Swift 5-mode client (`ThreadMisuseProbe`) that
/// calls one main-actor API from a thread of its own; it runs in a child process, since the
/// check ends the process.
final class WrongThreadTests: XCTestCase {
    /// Probe name → the start of the message it must stop with.
    static let probes: KeyValuePairs<String, String> = [
        "memory-storage": "MemoryStorage was mutated off the main actor",
        "single-section-storage": "SingleSectionStorage was mutated off the main actor",
        "sorted-storage": "SortedStorage was changed off the main actor",
        "snapshot-storage": "SnapshotStorage was given a snapshot off the main actor",
        "observer": "A storage observer was removed off the main actor",
        "create-manager": "A ListManager was created off the main actor",
        "reload": "ListManager.reload() was called off the main actor",
        "register": "ListManager.register(_:mapping:handler:) was called off the main actor",
        "event": "ListManager was given a closure for didSelect off the main actor",
        "select": "ListManager.selectItem(at:) was called off the main actor",
        "declarative": "ListManager.update(animated:completion:_:) was called off the main actor",
    ]

    /// Probe name → the start of the message it must stop with: every entry point that changes
    /// an `OutlineStorage` (see `OutlineProbes.swift`), alone and with a list showing the storage.
    static let outlineProbes: [(String, String)] = ["", "listed-"].flatMap { prefix in
        [
            ("apply", "apply(_:to:)"), ("delete-section", "deleteSection(_:)"), ("expand", "expand(_:)"),
            ("collapse", "collapse(_:)"), ("perform-updates", "performUpdates(_:)"), ("append", "append(_:to:inSection:)"),
            ("insert-before", "insert(_:before:)"), ("insert-after", "insert(_:after:)"), ("delete", "delete(_:)"),
            ("move", "move(_:to:)"), ("move-rows", "moveRows(at:to:)"), ("expand-descendants", "expandDescendants(of:)"),
            ("expand-all", "expandAll()"), ("collapse-all", "collapseAll()"), ("retry-children", "retryChildren(of:)"),
            ("refresh-children", "refreshChildren(of:)"), ("set-expanded-at", "setExpanded(_:at:)"),
            ("expand-descendants-at", "expandDescendants(at:)"), ("children-provider", "childrenProvider"),
        ].map { ("outline-\(prefix)\($0.0)", "OutlineStorage.\($0.1) was called off the main actor") }
    }

    func testEveryProbeSucceedsOnTheMainThread() throws {
        for (probe, _) in Array(Self.probes) + Self.outlineProbes {
            let result = try ProbeProcess.run(probe, "--on-main-thread")
            XCTAssertEqual(result.status, 0, "\(probe): \(result.errors)")
            XCTAssertEqual(result.output, "ok\n", probe)
        }
    }

    func testEveryCallOffTheMainActorStopsWithAMessageNamingTheCallAndTheThread() throws {
        for (probe, message) in Self.probes { try Self.assertStops(probe, with: message) }
    }

    func testEveryOutlineStorageChangeOffTheMainActorStopsWithAMessageNamingTheCallAndTheThread() throws {
        for (probe, message) in Self.outlineProbes { try Self.assertStops(probe, with: message) }
    }

    /// Runs `probe` off the main thread and checks that it stopped with `message`, the thread's
    /// name and the way to fix it.
    private static func assertStops(_ probe: String, with message: String, line: UInt = #line) throws {
        let result = try ProbeProcess.run(probe)
        XCTAssertEqual(result.reason, .uncaughtSignal, "\(probe) must stop: \(result.output)", line: line)
        XCTAssertFalse(result.output.contains("ok"), "\(probe) went on after the wrong call", line: line)
        let fatal = result.errors.split(separator: "\n").first { $0.contains("Fatal error: ") } ?? ""
        XCTAssertTrue(fatal.contains("Fatal error: \(message), on thread "), "\(probe): \(result.errors.prefix(600))", line: line)
        XCTAssertTrue(fatal.contains("\"probe-worker\""), "\(probe): the message names the thread: \(fatal)", line: line)
        XCTAssertTrue(fatal.contains("`await MainActor.run { … }`"), "\(probe): the message says how to fix it", line: line)
    }

    func testTheMessageIsLoggedThroughSwiftLogBeforeTheProcessStops() throws {
        let result = try ProbeProcess.run("reload")
        let logged = result.errors.split(separator: "\n").first { $0.contains("critical GtkListManager.threading:") }
        XCTAssertNotNil(logged, result.errors)
        XCTAssertTrue(logged?.contains("ListManager.reload() was called off the main actor") == true)
    }
}
