import CGtk
import GtkListManager
import GtkTestSupport
import XCTest

/// A table declared column by column (`makeTable(of:columns:)`), read back from GTK on both
/// hosts that show tables: its headers are the declared columns in order (a hidden one not
/// among them), each row's cells show what the columns say of its model (text from a key path
/// or a closure, a cell class of the app's), a text column aligned to the end draws its text at
/// the cell's end, and declaring the table again replaces its columns' cells.
final class DeclarativeTableTests: XCTestCase {
    struct Package {
        let name: String
        let size: Int
        let section: String
    }

    /// The app's own cell class for a column: a label with the section in brackets.
    final class SectionCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with package: Package) { gtk_label_set_text(gcast(widget), "[\(package.section)]") }
    }

    private static let packages = [
        Package(name: "bash", size: 1_800, section: "shells"), Package(name: "coreutils", size: 6_100, section: "utils"),
        Package(name: "zsh", size: 900, section: "shells"),
    ]

    @MainActor private static func show(on host: any ListHost, _ declare: (ListManager) -> ListTable) -> (ListManager, ListTable, ShownList)
    {
        let manager = ListManager(host: host)
        let table = declare(manager)
        manager.memoryStorage?.setItems(packages)
        let list = ShownList(manager, width: 640, height: 300)
        list.settleFrame()
        return (manager, table, list)
    }

    /// The texts of the mapped cells of the row of `item`, in reading order (left to right, or
    /// right to left), as screen readers are told them (a text cell draws its text: its
    /// accessible name is the text).
    @MainActor private static func cellTexts(ofItem item: Int, in manager: ListManager) -> [String] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        return containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }.sorted { left, right in
            var leftX: Int32 = 0, rightX: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(left, row.widget, 0, 0, &leftX, &y)
            gtk_widget_translate_coordinates(right, row.widget, 0, 0, &rightX, &y)
            return TestTextDirection.isRightToLeft ? leftX > rightX : leftX < rightX
        }.map { cell in
            if isA(cell, gtk_label_get_type()) { return String(cString: gtk_label_get_text(gcast(cell))) }
            return atk_object_get_name(gtk_widget_get_accessible(cell)).map { String(cString: $0) } ?? ""
        }
    }

    func testDeclaredColumnsShowTheirHeadersAndWhatEachSaysOfTheModel() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.show(on: make()) { manager in
                    manager.makeTable(of: Package.self) {
                        ModelColumn("Name", text: \.name)
                        ModelColumn("Size", id: "size", text: { package, _ in "\(package.size) kB" }).width(.fitContent)
                        ModelColumn("Section", cell: SectionCell.self)
                        ModelColumn("Rank", text: { _, indexPath in "#\(indexPath.item + 1)" }).hidden()
                    }
                }
                defer { list.close() }
                XCTAssertEqual(
                    table.columns.map(\.id), ["Name", "size", "Section", "Rank"], "\(name): the title is the identifier unless one is given"
                )
                XCTAssertEqual(
                    TableFixture.headers(of: table).map(\.text), ["Name", "Size", "Section"], "\(name): the hidden column has no header")
                XCTAssertEqual(Self.cellTexts(ofItem: 1, in: manager), ["coreutils", "6100 kB", "[utils]"], name)
                XCTAssertEqual(Self.cellTexts(ofItem: 2, in: manager), ["zsh", "900 kB", "[shells]"], name)

                table.state.hidden = []
                list.settleFrame()
                XCTAssertEqual(
                    Self.cellTexts(ofItem: 0, in: manager).last, "#1", "\(name): shown, the hidden column's cells say what it declares")
            }
        }
    }

    func testATextColumnAlignedToTheEndDrawsItsTextAtTheCellsEnd() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, _, list) = Self.show(on: make()) { manager in
                    manager.makeTable(of: Package.self) {
                        ModelColumn("Name", text: \.name).width(.fixed(200))
                        ModelColumn("Size", text: { package, _ in "\(package.size)" }).width(.fixed(200)).alignedToEnd()
                    }
                }
                defer { list.close() }
                let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 0, section: 0)), name)
                let cells = containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }
                XCTAssertEqual(cells.count, 2, name)
                for cell in cells {
                    let width = gtk_widget_get_allocated_width(cell), height = gtk_widget_get_allocated_height(cell)
                    let pixels = WidgetPixels.read(cell, region: (0, 0, max(width, height)))
                    let inked = pixels.indices.filter { pixels[$0] >> 24 != 0 }.map { Int32($0 % Int(width)) }
                    let ink = try XCTUnwrap(inked.min().flatMap { first in inked.max().map { first...$0 } }, "\(name): the text is drawn")
                    let text = atk_object_get_name(gtk_widget_get_accessible(cell)).map { String(cString: $0) } ?? ""
                    let atEnd = TestTextDirection.isRightToLeft ? ink.lowerBound < 20 : ink.upperBound > width - 20
                    XCTAssertEqual(atEnd, text == "1800", "\(name): \"\(text)\" drawn at \(ink) of \(width)")
                }
            }
        }
    }

    func testDeclaringTheTableAgainReplacesItsColumnsCells() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, old, list) = Self.show(on: make()) { manager in
                    manager.makeTable(of: Package.self) { ModelColumn("Name", text: \.name) }
                }
                defer { list.close() }
                XCTAssertEqual(Self.cellTexts(ofItem: 0, in: manager), ["bash"], name)
                gtk_container_remove(gcast(list.window), old.widget)
                let table = manager.makeTable(of: Package.self) {
                    ModelColumn("Name", text: { package, _ in package.name.uppercased() })
                    ModelColumn("Section", text: \.section)
                }
                gtk_container_add(gcast(list.window), table.widget)
                gtk_widget_show_all(table.widget)
                list.settleFrame()
                XCTAssertEqual(Self.cellTexts(ofItem: 0, in: manager), ["BASH", "shells"], "\(name): the new declaration's cells")
            }
        }
    }
}
