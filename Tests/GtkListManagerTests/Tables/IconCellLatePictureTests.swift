import CGtk
import Glibc
import GtkTestSupport
import ModelStorage
import SeededRandom
import XCTest

@testable import GtkListManager

/// An icon cell's picture loaded late, as the docs have an app load one: a cell class that
/// holds an icon cell, shows a placeholder icon at once and its model's picture once decoded off
/// the main thread, through its binding (`LateContentTransfer`). While the table jumps and its
/// cells are reused for other models, a picture lands only on a cell that still shows its
/// model; once the list settles, every row shows its own model's picture.
final class IconCellLatePictureTests: XCTestCase {
    /// What the pictures' loads did.
    @MainActor final class Log {
        var applied = 0
        var wrongDeliveries = 0
        var endedBeforeApplied = 0
    }

    /// A decoded picture: a `GdkPixbuf` reference handed from the decoding thread to the main
    /// one (immutable once made), released with the box.
    final class Picture: @unchecked Sendable {
        let pixbuf: OpaquePointer
        init(_ pixbuf: OpaquePointer) { self.pixbuf = pixbuf }
        deinit { g_object_unref(gpointer(pixbuf)) }
    }

    /// The colour of model `k`'s picture: every model its own.
    nonisolated static func color(of model: Int) -> UInt32 { UInt32(model & 0xFFFF) << 8 | 0x40 }

    /// The cell: a placeholder icon at once, the model's picture later.
    final class LatePictureCell: RowView, LateContentTransfer {
        let icon = IconCell()
        var widget: UnsafeMutablePointer<GtkWidget> { icon.widget }
        private(set) var model: Int?
        var log: Log?

        init() {}

        func update(with model: Int) {
            self.model = model
            icon.iconName = "image-loading"
        }

        func loadLateContent(for model: Int, binding: RowBinding) {
            let applied = LockedValue(false)
            binding.load { _ in
                usleep(UInt32(model * 7 % 5) * 3_000)  // some late, some later
                return Picture(CellsFixture.picture(width: 16, height: 16, color: IconCellLatePictureTests.color(of: model)))
            } apply: { [weak self] picture in
                guard let self else { return }
                applied.withLock { $0 = true }
                log?.applied += 1
                if self.model != model { log?.wrongDeliveries += 1 }
                icon.setPixbuf(picture.pixbuf)
            }
            binding.onEnd { [weak self] in
                guard !applied.withLock({ $0 }) else { return }
                MainActor.assumeIsolated { self?.log?.endedBeforeApplied += 1 }
            }
        }
    }

    /// The model whose colour the picture of the icon cell of row `item` shows; nil while it
    /// shows no picture.
    @MainActor static func pictureModel(ofItem item: Int, in manager: ListManager) -> Int? {
        guard let widget = CellsFixture.cells(CellsFixture.iconNode, ofItem: item, in: manager).first?.widget,
            let pixbuf = IconCell.shown(by: widget)?.pixbuf, let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { return nil }
        return Int(pixels[0]) << 8 | Int(pixels[1])
    }

    func testALatePictureLandsOnlyOnTheCellThatStillShowsItsModel() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var random = SplitMix64(seed: 55)
                let log = Log()
                let count = 2_000
                let (manager, _, list) = TableFixture.show(
                    rows: count, columns: TableFixture.columns(3, width: .fixed(120)), on: make(), cellsFor: ["c0", "c2"]
                ) { manager, _ in
                    manager.register(LatePictureCell.self, column: "c1", handler: { cell, _, _ in cell.log = log })
                }
                defer { list.close() }
                @MainActor func settled() -> Bool {
                    var rows = 0
                    for item in 0..<count {
                        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), let model = row.model as? Int,
                            gtk_widget_get_mapped(row.widget) != 0
                        else { continue }
                        rows += 1
                        guard Self.pictureModel(ofItem: item, in: manager) == model else { return false }
                    }
                    return rows > 5
                }
                for _ in 0..<30 {
                    XCTAssertTrue(manager.scrollTo(IndexPath(item: Int(random.next() % UInt64(count)), section: 0), alignment: .top))
                    for _ in 0..<Int(random.next() % 3) { list.settleFrame() }
                }
                XCTAssertTrue(GtkRuntime.iterate(until: settled, timeout: .seconds(5)), "\(name): every row shows its own picture")
                XCTAssertEqual(log.wrongDeliveries, 0, "\(name): a picture applied to a cell showing another model")
                XCTAssertGreaterThan(log.applied, 5, name)
                if name == "virtualized list" {
                    XCTAssertGreaterThan(log.endedBeforeApplied, 0, "\(name): cells reused while pictures loaded")
                }
                // A refreshed row loads its picture again, and shows the new model's.
                try manager.memoryStorage?.replaceItem(at: IndexPath(item: 0, section: 0), with: 4_321)
                manager.scrollTo(IndexPath(item: 0, section: 0), alignment: .top)
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { Self.pictureModel(ofItem: 0, in: manager) == 4_321 }, timeout: .seconds(5)),
                    "\(name): the new model's picture")
            }
        }
    }
}
