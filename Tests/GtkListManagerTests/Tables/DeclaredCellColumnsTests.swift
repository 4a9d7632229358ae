import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// The declared columns of the library's icon, progress and spinner cells: each shows what its
/// key paths give each model, in the column it is declared in, on both table hosts, and follows
/// a changed model.
final class DeclaredCellColumnsTests: XCTestCase {
    struct Download: Hashable {
        let name: String
        var iconName: String
        var kind: String
        var fraction: Double
        var isConnecting: Bool
    }

    func testDeclaredIconProgressAndSpinnerColumnsShowTheirKeyPaths() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                manager.makeTable(of: Download.self) {
                    ModelColumn("", id: "busy", spinner: \.isConnecting).width(.fixed(40))
                    ModelColumn("", id: "kind", icon: \.iconName, description: \.kind).width(.fixed(40))
                    ModelColumn("File", text: \.name).width(.fixed(160))
                    ModelColumn("Progress", progress: \.fraction).width(.fixed(120))
                }
                var downloads: [Download] = []
                for k in 0..<6 {
                    let iconName = k % 2 == 0 ? "folder" : "text-x-generic"
                    let fraction = Double(k) / 5
                    downloads.append(
                        Download(name: "file \(k)", iconName: iconName, kind: "kind \(k)", fraction: fraction, isConnecting: k == 3))
                }
                manager.memoryStorage?.setItems(downloads)
                let list = ShownList(manager, width: 400, height: 400)
                defer { list.close() }
                list.settleFrame()
                @MainActor func assertRowsShow(_ downloads: [Download], _ context: String) throws {
                    for (item, download) in downloads.enumerated() {
                        let where_ = "\(context), row \(item)"
                        let spinner = try CellsFixture.cell(CellsFixture.spinnerNode, ofItem: item, in: manager)
                        let icon = try CellsFixture.cell(CellsFixture.iconNode, ofItem: item, in: manager)
                        let progress = try CellsFixture.cell(CellsFixture.progressNode, ofItem: item, in: manager)
                        XCTAssertEqual([spinner.x, icon.x, progress.x], [0, 40, 240], "\(where_): the declared order")
                        XCTAssertEqual(SpinnerCell.shown(by: spinner.widget)?.isActive, download.isConnecting, where_)
                        XCTAssertEqual(IconCell.shown(by: icon.widget)?.iconName, download.iconName, where_)
                        XCTAssertEqual(IconCell.shown(by: icon.widget)?.description, download.kind, where_)
                        XCTAssertEqual(ProgressCell.shown(by: progress.widget)?.fraction, download.fraction, where_)
                    }
                }
                try assertRowsShow(downloads, name)
                var changed = downloads[2]
                changed.fraction = 0.75
                changed.isConnecting = true
                changed.iconName = "emblem-ok-symbolic"
                try manager.memoryStorage?.replaceItem(at: IndexPath(item: 2, section: 0), with: changed)
                list.settleFrame()
                var now = downloads
                now[2] = changed
                try assertRowsShow(now, "\(name), changed")
            }
        }
    }
}
