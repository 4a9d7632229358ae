import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Copy from tables: Ctrl+C, pressed for real, puts the selected rows' shown columns (in the
/// order shown, hidden ones left out) on the GTK clipboard, read back per target as another
/// application pastes it: tab-separated text in the text targets and
/// `text/tab-separated-values` (tabs and line breaks inside cells made spaces), RFC 4180 CSV in
/// `text/csv`, with the column titles first when asked. Right to left, the columns keep their
/// logical order. An app's key reaction may take Ctrl+C first. Both hosts that show tables.
final class TableCopyTests: XCTestCase {
    struct Entry {
        let name: String
        let note: String
        let size: Int
    }

    static let entries = [
        Entry(name: "plain", note: "a, b", size: 1), Entry(name: "say \"hi\"", note: "tab\there", size: 22),
        Entry(name: "two\nlines", note: "", size: 333), Entry(name: "crlf\r\nend", note: "x", size: 4),
    ]

    /// The entries in a declared table: Name, Note, Size (text columns) and a hidden Kind.
    @MainActor static func showEntries(on host: any ListHost, _ configure: (ListManager, ListTable) -> Void = { _, _ in })
        -> (ListManager, ListTable, ShownList)
    {
        let manager = ListManager(host: host)
        manager.selectionMode = .multiple
        // A click selects the row alone (a list box that activates on a single click adds it).
        manager.activatesOnSingleClick = false
        let table = manager.makeTable(of: Entry.self) {
            ModelColumn("Name", text: \.name).width(.fixed(140))
            ModelColumn("Note", text: \.note).width(.fixed(140))
            ModelColumn("Size", text: { entry, _ in String(entry.size) }).width(.fixed(100))
            ModelColumn("Kind", text: { _, _ in "kind" }).hidden()
        }
        configure(manager, table)
        manager.memoryStorage?.setItems(entries)
        let list = ShownList(manager, width: 640, height: 300)
        list.settleFrame()
        return (manager, table, list)
    }

    /// The clipboard's content for `target`, as a paste asks for it; nil when it has none.
    @MainActor static func clipboard(_ target: String) -> String? {
        let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))
        guard let data = gtk_clipboard_wait_for_contents(clipboard, gdk_atom_intern(target, 0)) else { return nil }
        defer { gtk_selection_data_free(data) }
        let length = gtk_selection_data_get_length(data)
        guard length >= 0, let bytes = gtk_selection_data_get_data(data) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    /// Puts something else on the clipboard, so that a copy that does nothing shows.
    @MainActor static func resetClipboard() {
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), "before", -1)
    }

    /// The targets that hold tab-separated text, and the line break each has: GTK writes
    /// `text/plain` with CR LF, as the MIME type asks (and reads it back as LF).
    static let textTargets = [("UTF8_STRING", "\n"), ("text/plain;charset=utf-8", "\r\n"), ("text/tab-separated-values", "\n")]

    /// Clicks item `first`, Ctrl-clicks the others.
    @MainActor static func select(_ items: [Int], in list: ShownList) {
        for (index, item) in items.enumerated() {
            list.click(IndexPath(item: item, section: 0), modifiers: index == 0 ? [] : ["ctrl"])
        }
    }

    func testCtrlCCopiesTheSelectedRowsShownColumnsAsTabAndCommaSeparatedText() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.showEntries(on: make())
                defer { list.close() }
                Self.resetClipboard()
                Self.select([0, 2, 1], in: list)
                XCTAssertEqual(manager.selectedIndexPaths.map(\.item), [0, 1, 2], name)
                list.press("ctrl+c")
                let tsv = "plain\ta, b\t1\nsay \"hi\"\ttab here\t22\ntwo lines\t\t333\n"
                for (target, lineBreak) in Self.textTargets {
                    XCTAssertEqual(Self.clipboard(target), tsv.replacingOccurrences(of: "\n", with: lineBreak), "\(name): \(target)")
                }
                let pasted = gtk_clipboard_wait_for_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)))
                defer { g_free(pasted) }
                XCTAssertEqual(pasted.map { String(cString: $0) }, tsv, "\(name): what a GTK app pastes")
                XCTAssertEqual(
                    Self.clipboard("text/csv"), "plain,\"a, b\",1\r\n\"say \"\"hi\"\"\",tab\there,22\r\n\"two\nlines\",,333\r\n",
                    name)

                // Reordered columns copy in the order shown; a line break of CR LF is one space.
                table.moveColumn("Size", to: 0)
                table.copiesHeader = true
                list.settleFrame()
                list.click(IndexPath(item: 3, section: 0))
                list.press("ctrl+c")
                XCTAssertEqual(Self.clipboard("UTF8_STRING"), "Size\tName\tNote\n4\tcrlf end\tx\n", name)
                XCTAssertEqual(Self.clipboard("text/csv"), "Size,Name,Note\r\n4,\"crlf\r\nend\",x\r\n", name)

                // A hidden column shown again is copied; one hidden is not.
                table.setHidden(false, ofColumn: "Kind")
                table.setHidden(true, ofColumn: "Name")
                table.copiesHeader = false
                list.settleFrame()
                list.press("ctrl+c")
                XCTAssertEqual(Self.clipboard("text/tab-separated-values"), "4\tx\tkind\n", name)
            }
        }
    }

    func testRightToLeftTheColumnsKeepTheirLogicalOrder() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            TestTextDirection.with(GTK_TEXT_DIR_RTL) {
                for (name, make) in TableFixture.hosts {
                    let (_, _, list) = Self.showEntries(on: make())
                    defer { list.close() }
                    Self.resetClipboard()
                    Self.select([0], in: list)
                    list.press("ctrl+c")
                    XCTAssertEqual(Self.clipboard("UTF8_STRING"), "plain\ta, b\t1\n", name)
                    XCTAssertEqual(Self.clipboard("text/csv"), "plain,\"a, b\",1\r\n", name)
                }
            }
        }
    }

    func testAnAppsKeyReactionTakesCtrlCFirstAndNothingSelectedCopiesNothing() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                var taken: [String] = []
                let (manager, table, list) = Self.showEntries(on: make()) { _, table in
                    table.keyPress(Entry.self) { key, entry, _, _ in
                        guard key.keyval == UInt32(GDK_KEY_c), key.modifiers == .control, entry.size == 22 else { return false }
                        taken.append(entry.name)
                        return true
                    }
                }
                defer { list.close() }
                Self.resetClipboard()
                list.click(IndexPath(item: 1, section: 0))
                list.press("ctrl+c")
                XCTAssertEqual(taken, ["say \"hi\""], name)
                XCTAssertEqual(Self.clipboard("UTF8_STRING"), "before", "\(name): the app took the key")
                // On another row the reaction lets it pass: the table copies.
                list.press("Down", "ctrl+c")
                XCTAssertEqual(Self.clipboard("UTF8_STRING"), "two lines\t\t333\n", name)
                // Nothing selected: Ctrl+C copies nothing, and says so.
                Self.resetClipboard()
                manager.deselectAll()
                list.press("ctrl+c")
                XCTAssertEqual(Self.clipboard("UTF8_STRING"), "before", name)
                XCTAssertFalse(table.copySelection(), name)
            }
        }
    }

    // MARK: - Where a cell's text comes from

    /// A label cell of the app's (read from a cell filled for the model).
    final class LabelCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with entry: Entry) { gtk_label_set_text(gcast(widget), "<\(entry.name)>") }
    }

    /// A cell that says its copy text: not what it shows.
    final class SizeCell: RowView, CopyableCell {
        let widget = gtk_label_new(nil)!
        func update(with entry: Entry) { gtk_label_set_text(gcast(widget), "\(entry.size) bytes") }
        static func copyText(for entry: Entry) -> String { String(entry.size) }
    }

    /// A box of two labels: its labels' texts, joined.
    final class PairCell: RowView, ModelTransfer {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        private let first = gtk_label_new(nil)!
        private let second = gtk_label_new(nil)!
        init() {
            gtk_container_add(gcast(widget), first)
            gtk_container_add(gcast(widget), second)
            gtk_widget_show_all(widget)
        }
        func update(with entry: Entry) {
            gtk_label_set_text(gcast(first), entry.note)
            gtk_label_set_text(gcast(second), "#\(entry.size)")
        }
    }

    func testACellsTextComesFromItsColumnItsClassOrWhatACellFilledForItShows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                manager.selectionMode = .multiple
                let table = manager.makeTable(columns: [
                    TableColumn("label", title: "Label"), TableColumn("text", title: "Text"),
                    TableColumn("size", title: "Size"), TableColumn("pair", title: "Pair"),
                    TableColumn(
                        "given", title: "Given",
                        copyText: { model, indexPath in
                            (model as? Entry).map { "\($0.name.count)@\(indexPath.item)" }
                        }),
                    TableColumn("toggle", title: "Toggle"),
                ])
                manager.register(LabelCell.self, column: "label")
                manager.register(TextCell.self, for: Entry.self, column: "text") { cell, entry, _ in cell.text = entry.note }
                manager.register(SizeCell.self, column: "size")
                manager.register(PairCell.self, column: "pair")
                manager.register(LabelCell.self, column: "given")
                manager.register(ToggleCell.self, for: Entry.self, column: "toggle") { cell, entry, _ in cell.isOn = entry.size > 10 }
                manager.memoryStorage?.setItems(Self.entries)
                let list = ShownList(manager, width: 640, height: 300)
                defer { list.close() }
                list.settleFrame()
                // Rows scrolled sideways out of view read the same as rows on screen.
                TableFixture.scrollSideways(list, to: 400)
                XCTAssertEqual(
                    table.text(ofRows: [IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 0)], includingHeader: true),
                    "Label\tText\tSize\tPair\tGiven\tToggle\n<say \"hi\">\ttab here\t22\ttab here, #22\t8@1\ttrue\n"
                        + "<plain>\ta, b\t1\ta, b, #1\t5@0\tfalse\n",
                    name)
                XCTAssertEqual(
                    table.text(
                        ofRows: [IndexPath(item: 2, section: 0), IndexPath(item: 9, section: 0)], columns: ["size", "label", "none"],
                        format: .csv),
                    "333,\"<two\nlines>\"\r\n", "\(name): the columns given, in their order; rows that are none left out")
            }
        }
    }

    func testCopyAsCSVPutsCSVInTheTextTargets() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.showEntries(on: make())
                defer { list.close() }
                manager.selectItem(at: IndexPath(item: 0, section: 0))
                XCTAssertTrue(table.copySelection(as: .csv, includingHeader: true), name)
                XCTAssertEqual(Self.clipboard("UTF8_STRING"), "Name,Note,Size\r\nplain,\"a, b\",1\r\n", name)
                XCTAssertEqual(Self.clipboard("text/tab-separated-values"), "Name\tNote\tSize\nplain\ta, b\t1\n", name)
            }
        }
    }

    /// Declared columns are read together, each row's model cast once; the text stays each
    /// column's: one whose copy text the app replaced copies the app's, and a row of a model the
    /// columns were not declared for copies what its cells show (here nothing: it has none).
    func testDeclaredColumnsCopyTheirTextAndAReplacedCopyTextWins() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.showEntries(on: make())
                defer { list.close() }
                table.setColumns(
                    table.columns.map { column in
                        var column = column
                        if column.id == "Size" { column.copyText = { model, _ in (model as? Entry).map { "\($0.size) B" } } }
                        return column
                    })
                try manager.memoryStorage?.insertItem("other", to: IndexPath(item: 1, section: 0))
                list.settleFrame()
                XCTAssertEqual(
                    table.text(ofRows: (0..<3).map { IndexPath(item: $0, section: 0) }),
                    "plain\ta, b\t1 B\n\t\t\nsay \"hi\"\ttab here\t22 B\n", name)
            }
        }
    }

    /// A copy made while the storage is ahead of the list (its transaction open) holds what
    /// the list shows: its rows read through the changes the storage has not delivered, a row
    /// whose model the storage already dropped left out.
    func testACopyMidTransactionHoldsWhatTheListShows() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, table, list) = Self.showEntries(on: make())
                defer { list.close() }
                let storage = try XCTUnwrap(manager.memoryStorage)
                let rows = (0..<4).map { IndexPath(item: $0, section: 0) }
                storage.performUpdates {
                    storage.removeItems(at: [IndexPath(item: 0, section: 0)])
                    try? storage.insertItems([Entry(name: "new", note: "", size: 5)], at: IndexPath(item: 2, section: 0))
                    XCTAssertEqual(table.text(ofRows: rows, columns: ["Name"]), "say \"hi\"\ntwo lines\ncrlf end\n", name)
                }
                list.settleFrame()
                XCTAssertEqual(
                    table.text(ofRows: rows, columns: ["Name"]), "say \"hi\"\ntwo lines\nnew\ncrlf end\n", "\(name): after the transaction")
            }
        }
    }

    final class Song {
        let title: String
        let artist: String
        init(title: String, artist: String) {
            self.title = title
            self.artist = artist
        }
        var shout: String { title.uppercased() }
    }

    /// Declared text columns of a class read its stored and computed properties through their
    /// key paths (a struct's stored text is read where it sits): long, non-ASCII and escaped
    /// texts come out whole, byte for byte.
    func testDeclaredColumnsOfClassesAndComputedPropertiesCopyWholeTexts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let manager = ListManager(host: make())
                manager.selectionMode = .multiple
                let table = manager.makeTable(of: Song.self) {
                    ModelColumn("Title", text: \.title).width(.fixed(140))
                    ModelColumn("Shout", text: \.shout).width(.fixed(140))
                    ModelColumn("Artist", text: \.artist).width(.fixed(140))
                }
                manager.memoryStorage?.setItems([
                    Song(title: "Café \u{1F3B5} déjà vu, a song long enough to be stored apart", artist: "Zoë \"Z\""),
                    Song(title: "e\u{301}", artist: "tab\tand\r\nline"),
                ])
                let list = ShownList(manager, width: 640, height: 300)
                defer { list.close() }
                list.settleFrame()
                let rows = [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]
                XCTAssertEqual(
                    table.text(ofRows: rows),
                    "Café \u{1F3B5} déjà vu, a song long enough to be stored apart\tCAFÉ \u{1F3B5} DÉJÀ VU, A SONG LONG ENOUGH TO BE STORED APART"
                        + "\tZoë \"Z\"\ne\u{301}\tE\u{301}\ttab and line\n", name)
                XCTAssertEqual(
                    table.text(ofRows: rows, format: .csv),
                    "\"Café \u{1F3B5} déjà vu, a song long enough to be stored apart\",\"CAFÉ \u{1F3B5} DÉJÀ VU, A SONG LONG ENOUGH TO BE STORED APART\""
                        + ",\"Zoë \"\"Z\"\"\"\r\ne\u{301},E\u{301},\"tab\tand\r\nline\"\r\n", name)
                // Rows in the order given; an index path that addresses no item is left out.
                XCTAssertEqual(
                    table.text(
                        ofRows: [rows[1], IndexPath(item: 9, section: 0), IndexPath(item: 0, section: 3), rows[1]], columns: ["Artist"]),
                    "tab and line\ntab and line\n", name)
            }
        }
    }

    /// A quote, a tab or a line break followed by a combining mark is one character to Swift:
    /// the formats escape it all the same, so a row stays one line and a CSV cell's quotes stay
    /// doubled (RFC 4180).
    func testEscapesSeeThroughCombiningMarks() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let manager = ListManager(host: VirtualListHost())
            let table = manager.makeTable(of: Song.self) {
                ModelColumn("Title", text: \.title)
                ModelColumn("Artist", text: \.artist)
            }
            manager.memoryStorage?.setItems([Song(title: "say \"\u{301}hi\"", artist: "a\t\u{301}b\r\nc\n\u{301}d\re")])
            let list = ShownList(manager, width: 640, height: 300)
            defer { list.close() }
            list.settleFrame()
            let row = [IndexPath(item: 0, section: 0)]
            XCTAssertEqual(table.text(ofRows: row, format: .csv), "\"say \"\"\u{301}hi\"\"\",\"a\t\u{301}b\r\nc\n\u{301}d\re\"\r\n")
            XCTAssertEqual(table.text(ofRows: row), "say \"\u{301}hi\"\ta \u{301}b c \u{301}d e\n")
        }
    }
}
