import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Children read lazily, on the list-box and virtualized hosts, read back from GTK: the built-in
/// loading row while a background read runs, the children in its place, an error row whose
/// Retry button (clicked for real) reads again.
final class LazyTreeRowTests: XCTestCase {
    typealias NameRow = TreeFixture.NameRow

    /// A disk read on a background queue: "docs" holds two files; "private" can't be read until
    /// `privateReadable`; nothing is answered until `open`.
    private final class Disk: Sendable {
        let open = LockedValue(false)
        let privateReadable = LockedValue(false)

        func children(of folder: String) throws -> [String] {
            while !open.withLock({ $0 }) { usleep(1_000) }
            if folder == "private", !privateReadable.withLock({ $0 }) { throw CocoaError(.fileReadNoPermission) }
            return ["\(folder)/1", "\(folder)/2"]
        }
    }

    @MainActor private static func texts(_ manager: ListManager) -> [String] {
        (0..<manager.rowCount).compactMap { item in
            switch manager.boundRow(at: IndexPath(item: item, section: 0))?.view {
            case let row as NameRow: String(cString: gtk_label_get_text(gcast(row.widget)))
            case let row as OutlineStatusRow: "[\(row.text)]"
            default: nil
            }
        }
    }

    func testABackgroundReadShowsALoadingRowThenTheChildrenAndAFailureRetries() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let disk = Disk()
                let storage = OutlineStorage<String, String>()
                storage.childrenProvider = .background(handOff: GLibMainActorHandOff()) { folder, _ in try disk.children(of: folder) }
                var outline = OutlineSnapshot<String>()
                outline.append(["docs", "private"])
                outline.markChildrenUnloaded(["docs", "private"])
                storage.apply(outline, to: "Home")
                let manager = ListManager(host: make(), storage: storage)
                manager.register(NameRow.self)
                let list = ShownList(manager, width: 300, height: 400)
                defer { list.close() }
                list.settleFrame()

                storage.expand(["docs"])
                list.settleFrame()
                XCTAssertEqual(Self.texts(manager), ["docs", "[Loading…]", "private"], name)
                disk.open.withLock { $0 = true }
                XCTAssertTrue(
                    list.wait { Self.texts(manager) == ["docs", "docs/1", "docs/2", "private"] }, "\(name): \(Self.texts(manager))")

                storage.expand(["private"])
                XCTAssertTrue(
                    list.wait { Self.texts(manager).last?.contains("You don’t have permission") == true }, "\(name): \(Self.texts(manager))"
                )
                let errorRow = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 4, section: 0))?.view as? OutlineStatusRow)
                XCTAssertEqual(gtk_widget_get_visible(errorRow.retryButton), 1, "\(name): the error row offers a retry")
                disk.privateReadable.withLock { $0 = true }
                list.settleFrame()
                list.click(widget: errorRow.retryButton)
                XCTAssertTrue(
                    list.wait { Self.texts(manager) == ["docs", "docs/1", "docs/2", "private", "private/1", "private/2"] },
                    "\(name): \(Self.texts(manager))")
            }
        }
    }
}
