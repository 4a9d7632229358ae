import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// Editing in place (`EditableRow`, `commitEdit`) through real keys and clicks under Xvfb, on
/// every host: F2 or a double click opens the editor, Enter commits into the storage, Escape
/// cancels, a refused commit keeps the editor open with its message, and on the virtualized
/// hosts the editor, its text and its message outlive the rows that scroll away. What the rows
/// show is read back from GTK.
final class EditInPlaceTests: XCTestCase {
    func testF2EditsTheFocusedRowAndEnterCommitsIntoTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                let shown = NamedList(kind)
                defer { shown.list.close() }
                shown.list.click(widget: try XCTUnwrap(shown.hostWidget(of: 2)))
                let activations = shown.activations  // a click activates where one click does
                shown.list.press("F2")
                let entry = try XCTUnwrap(shown.editorEntry(of: 2), "\(kind): F2 opened the editor in the row")
                XCTAssertEqual(String(cString: gtk_entry_get_text(gcast(entry))), "item 2", "\(kind)")
                XCTAssertNotEqual(gtk_widget_has_focus(entry), 0, "\(kind): the editor has the focus")
                XCTAssertEqual(shown.manager.editedIndexPath, IndexPath(item: 2, section: 0), "\(kind)")

                shown.list.xdotool(["type", "--delay", "15", "renamed"])
                shown.list.press("Return")
                XCTAssertEqual(shown.commits, ["renamed"], "\(kind): Enter committed the typed text, which replaced the selected one")
                XCTAssertNil(shown.editorEntry(of: 2), "\(kind): the editor closed")
                XCTAssertEqual(shown.label(of: 2), "renamed", "\(kind): the row shows the storage's new model")
                XCTAssertNil(shown.manager.editedIndexPath, "\(kind)")
                XCTAssertEqual(shown.activations, activations, "\(kind): Enter in the editor activates nothing")
            }
        }
    }

    func testEscapeCancelsAndADoubleClickEditsInsteadOfActivating() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                let shown = NamedList(kind)
                defer { shown.list.close() }
                // Where one click activates (a list box's default), a double click is two activations.
                shown.host.activatesOnSingleClick = false
                shown.list.click(widget: try XCTUnwrap(shown.hostWidget(of: 4)), count: 2)
                XCTAssertNotNil(shown.editorEntry(of: 4), "\(kind): the double click opened the editor")
                XCTAssertEqual(shown.activations, 0, "\(kind): and did not activate the row")

                shown.list.xdotool(["type", "--delay", "15", "forgotten"])
                shown.list.press("Escape")
                XCTAssertNil(shown.editorEntry(of: 4), "\(kind): Escape closed the editor")
                XCTAssertEqual(shown.commits, [], "\(kind): without committing")
                XCTAssertEqual(shown.label(of: 4), "item 4", "\(kind)")
                XCTAssertEqual(shown.host.focusedPosition, 4, "\(kind): the focus went back to the row")

                shown.list.press("Return")
                XCTAssertEqual(shown.activations, 1, "\(kind): Enter on the row still activates it")
            }
        }
    }

    func testARefusedCommitKeepsTheEditorOpenWithItsMessage() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                let shown = NamedList(kind)
                defer { shown.list.close() }
                XCTAssertTrue(shown.manager.beginEditing(at: IndexPath(item: 1, section: 0)))
                shown.list.settleFrame()
                shown.list.press("BackSpace")
                shown.list.press("Return")
                XCTAssertEqual(shown.commits, [""], "\(kind): the empty name was offered")
                let entry = try XCTUnwrap(shown.editorEntry(of: 1), "\(kind): the editor stayed open")
                XCTAssertEqual(shown.editorMessage(of: 1), "A name cannot be empty.", "\(kind): with the error's message")
                XCTAssertNotEqual(gtk_widget_has_focus(entry), 0, "\(kind): and the focus")
                XCTAssertEqual(shown.name(of: 1), "item 1", "\(kind): the storage kept the old name")

                XCTAssertFalse(shown.manager.beginEditing(at: IndexPath(item: 3, section: 0)), "\(kind): the open editor must commit first")
                shown.list.xdotool(["type", "--delay", "15", "fixed"])
                shown.list.press("Return")
                XCTAssertEqual(shown.commits, ["", "", "fixed"], "\(kind)")
                XCTAssertNil(shown.editorEntry(of: 1), "\(kind)")
                XCTAssertEqual(shown.label(of: 1), "fixed", "\(kind)")
            }
        }
    }

    func testTheEditorOutlivesItsRowOnTheVirtualizedHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .virtualizedGrid] {
                let shown = NamedList(kind)
                defer { shown.list.close() }
                XCTAssertTrue(shown.manager.beginEditing(at: IndexPath(item: 3, section: 0)))
                shown.list.settleFrame()
                shown.list.xdotool(["type", "--delay", "15", "half typed"])
                shown.list.press("Return")  // refused: "half typed" has a space
                XCTAssertEqual(shown.editorMessage(of: 3), "A name has no spaces.", "\(kind)")
                // The focus leaves the editor (a focused row stays bound), then the list scrolls far.
                shown.list.click(widget: try XCTUnwrap(shown.hostWidget(of: 6)))
                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: 1_500, section: 0), alignment: .top))
                shown.list.settleFrame()
                XCTAssertNil(shown.hostWidget(of: 3), "\(kind): the edited row scrolled away")
                XCTAssertEqual(shown.editorCount(), 0, "\(kind): no other row shows the editor")

                try shown.storage.insertItem(Named(name: "new first"), to: IndexPath(item: 0, section: 0))
                XCTAssertEqual(shown.manager.editedIndexPath, IndexPath(item: 4, section: 0), "\(kind): the edited item followed")
                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: 0, section: 0), alignment: .top))
                shown.list.settleFrame()
                let entry = try XCTUnwrap(shown.editorEntry(of: 4), "\(kind): the editor came back with its item")
                XCTAssertEqual(String(cString: gtk_entry_get_text(gcast(entry))), "half typed", "\(kind): with its text")
                XCTAssertEqual(shown.editorMessage(of: 4), "A name has no spaces.", "\(kind): and its message")
                XCTAssertEqual(shown.editorCount(), 1, "\(kind)")

                shown.storage.removeItems(at: [IndexPath(item: 4, section: 0)])
                XCTAssertNil(shown.manager.editedIndexPath, "\(kind): deleting the item ends its editing")
                shown.list.settleFrame()
                XCTAssertEqual(shown.editorCount(), 0, "\(kind)")
            }
        }
    }
}

/// A named model; names are compared by identity of the value.
private final class Named {
    let name: String
    init(name: String) { self.name = name }
}

/// Why a commit was refused.
private struct NameRefused: Error, CustomStringConvertible {
    let description: String
}

/// A manager over `kind` showing 2,000 named models in `NameRow`s, committing edits into its
/// storage (empty names and names with spaces refused).
@MainActor
private final class NamedList {
    let manager: ListManager
    let host: any ListHost
    let list: ShownList
    private(set) var commits: [String] = []
    private(set) var activations = 0
    var storage: MemoryStorage { manager.memoryStorage! }

    init(_ kind: HostKind) {
        host = kind.makeHost()
        manager = ListManager(host: host)
        manager.register(NameRow.self)
        manager.memoryStorage!.setItems((0..<2_000).map { Named(name: "item \($0)") })
        list = ShownList(manager, width: 440, height: 500)
        manager.commitEdit(NameRow.self) { [unowned self] text, _, indexPath in
            commits.append(text)
            if text.isEmpty { throw NameRefused(description: "A name cannot be empty.") }
            if text.contains(" ") { throw NameRefused(description: "A name has no spaces.") }
            try storage.replaceItem(at: indexPath, with: Named(name: text))
        }
        manager.didActivate(NameRow.self) { [unowned self] _, _, _ in activations += 1 }
    }

    func name(of item: Int) -> String? {
        (storage.item(at: IndexPath(item: item, section: 0)) as? Named)?.name
    }

    func boundRow(of item: Int) -> BoundRow? { manager.boundRow(at: IndexPath(item: item, section: 0)) }

    func hostWidget(of item: Int) -> UnsafeMutablePointer<GtkWidget>? {
        boundRow(of: item).map { $0.hostWidget ?? $0.widget }
    }

    func label(of item: Int) -> String? {
        guard let row = boundRow(of: item)?.view as? NameRow, gtk_widget_get_visible(row.label) != 0 else { return nil }
        return String(cString: gtk_label_get_text(gcast(row.label)))
    }

    /// The editor's entry GTK shows in the row of `item`.
    func editorEntry(of item: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard let row = boundRow(of: item) else { return nil }
        return descendants(of: row.widget).first { isA($0, gtk_entry_get_type()) && gtk_widget_get_mapped($0) != 0 }
    }

    /// The message GTK shows under the editor of `item`.
    func editorMessage(of item: Int) -> String? {
        guard let row = boundRow(of: item) else { return nil }
        let labels = descendants(of: row.widget).filter { isA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0 }
        return labels.map { String(cString: gtk_label_get_text(gcast($0))) }.first { !$0.isEmpty && !$0.hasPrefix("item") }
    }

    /// How many bound rows show an editor.
    func editorCount() -> Int {
        var count = 0
        host.forEachBoundRow { _, row in
            if descendants(of: row.widget).contains(where: { isA($0, gtk_entry_get_type()) }) { count += 1 }
        }
        return count
    }
}

/// A label, which the editor replaces while its item is edited.
private final class NameRow: RowView, EditableRow {
    let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    let label = gtk_label_new(nil)!
    init() { gtk_container_add(gcast(widget), label) }

    func update(with item: Named) { gtk_label_set_text(gcast(label), item.name) }

    static func editableText(of item: Named) -> String { item.name }

    func showEditor(_ editor: UnsafeMutablePointer<GtkWidget>?) {
        if let editor { gtk_box_pack_start(gcast(widget), editor, 1, 1, 0) }
        gtk_widget_set_visible(label, editor == nil ? 1 : 0)
    }
}
