import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// A cell edit saved somewhere slower than memory (an `async` commit, as a database server's
/// write): the editor waits over its cell saying "Saving…", taking no typing, Enter or Escape;
/// a commit that throws (another client's change, a constraint) leaves the editor open with the
/// text typed and the reason, nothing lost; Tab goes on once the edit is saved. Both table
/// hosts, real keys.
final class TableSavedCellEditTests: XCTestCase {
    typealias Fixture = TableCellEditingFixture

    /// The saves the test lets finish, one at a time, as it chooses.
    @MainActor final class Saves {
        private(set) var texts: [String] = []
        /// The jobs the saves were for, as the commit got them.
        private(set) var jobs: [Fixture.Job] = []
        private var waiting: CheckedContinuation<Void, any Error>?

        func save(_ text: String, of job: Fixture.Job) async throws {
            texts.append(text)
            jobs.append(job)
            try await withCheckedThrowingContinuation { waiting = $0 }
        }

        var isWaiting: Bool { waiting != nil }

        func finish(throwing error: (any Error)? = nil) {
            let continuation = waiting
            waiting = nil
            if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
        }
    }

    struct Conflict: Error, CustomStringConvertible {
        var description: String { "Another user changed this name since you opened it" }
    }

    @MainActor private static func description(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        atk_object_get_description(gtk_widget_get_accessible(widget)).map { String(cString: $0) } ?? ""
    }

    func testTheEditorWaitsForTheSaveAndARefusedSaveKeepsTheTextAndSaysWhy() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let saves = Saves()
                let shown = Fixture(on: make(), savingNamesWith: saves.save)
                defer { shown.close() }
                shown.list.focus(IndexPath(item: 1, section: 0))
                shown.list.press("F2")
                shown.replaceText(with: "renamed")
                shown.list.press("Return")
                XCTAssertTrue(GtkRuntime.iterate(until: { saves.isWaiting }, timeout: .seconds(5)), name)
                XCTAssertEqual(saves.texts, ["renamed"], name)

                // Waiting: over its cell, unchangeable, saying so; Escape and typing do nothing.
                let entry = try XCTUnwrap(shown.editor(inItem: 1), "\(name): the editor waits over its cell")
                XCTAssertTrue(shown.table.isSavingCellEdit, name)
                XCTAssertEqual(gtk_editable_get_editable(OpaquePointer(entry)), 0, name)
                XCTAssertEqual(Self.description(of: entry), "Saving…", name)
                shown.list.press("Escape")
                shown.list.xdotool(["type", "--delay", "20", "zz"])
                shown.list.press("Return")
                shown.list.settleFrame()
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 1, section: 0), name)
                XCTAssertEqual(Fixture.text(of: entry), "renamed", name)
                XCTAssertEqual(saves.texts, ["renamed"], "\(name): one save at a time")

                // Refused: the text stays, the reason is said, the storage unchanged.
                saves.finish(throwing: Conflict())
                XCTAssertTrue(GtkRuntime.iterate(until: { !shown.table.isSavingCellEdit }, timeout: .seconds(5)), name)
                shown.list.settleFrame()
                XCTAssertEqual(shown.editor(inItem: 1), entry, name)
                XCTAssertEqual(Fixture.text(of: entry), "renamed", name)
                XCTAssertNotEqual(gtk_editable_get_editable(OpaquePointer(entry)), 0, name)
                XCTAssertEqual(Self.description(of: entry), Conflict().description, name)
                XCTAssertNotEqual(gtk_widget_has_focus(entry), 0, "\(name): the editor takes the typing again")
                XCTAssertEqual(shown.job(1)?.name, "job 1", name)
                XCTAssertEqual(shown.shownText(ofItem: 1, column: 0), "job 1", name)

                // Enter again: saved this time, the editing ends and the cell shows it.
                shown.list.press("Return")
                XCTAssertTrue(GtkRuntime.iterate(until: { saves.isWaiting }, timeout: .seconds(5)), name)
                saves.finish()
                XCTAssertTrue(GtkRuntime.iterate(until: { shown.table.editedCell == nil }, timeout: .seconds(5)), name)
                shown.list.settleFrame()
                XCTAssertEqual(shown.itemsShowingAnEditor(), [], name)
                XCTAssertEqual(shown.job(1)?.name, "renamed", name)
                XCTAssertEqual(shown.shownText(ofItem: 1, column: 0), "renamed", name)
                XCTAssertEqual(saves.texts, ["renamed", "renamed"], name)
            }
        }
    }

    /// Types `text` in the name editor of the item at `item` (opened as F2 opens it) and presses
    /// `key`: the save starts.
    @MainActor private static func type(
        _ text: String, inNameOf item: Int, then key: String, _ shown: Fixture, _ saves: Saves, _ name: String
    ) {
        XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: item, section: 0), column: "name"), name)
        shown.list.settleFrame()
        shown.replaceText(with: text)
        shown.list.press(key)
        XCTAssertTrue(GtkRuntime.iterate(until: { saves.isWaiting }, timeout: .seconds(5)), name)
    }

    func testTabGoesOnOnceTheEditIsSavedAndADeletedItemEndsTheWait() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let saves = Saves()
                let shown = Fixture(on: make(), savingNamesWith: saves.save)
                defer { shown.close() }
                Self.type("tabbed", inNameOf: 2, then: "Tab", shown, saves, name)
                XCTAssertEqual(shown.table.editedCell?.column, "name", "\(name): Tab waits for the save")
                saves.finish()
                // The note is not editable: Tab goes on to the hours.
                XCTAssertTrue(GtkRuntime.iterate(until: { shown.table.editedCell?.column == "hours" }, timeout: .seconds(5)), name)
                shown.list.settleFrame()
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 2, section: 0), name)
                XCTAssertEqual(shown.job(2)?.name, "tabbed", name)
                let spin = try XCTUnwrap(shown.editor(inItem: 2), name)
                XCTAssertNotEqual(gtk_widget_has_focus(spin), 0, "\(name): the next editor has the focus")
                shown.list.press("Escape")

                // The item deleted while its edit is saved: the editing ends, the result is dropped.
                Self.type("gone", inNameOf: 3, then: "Return", shown, saves, name)
                shown.storage.removeItems(at: [IndexPath(item: 3, section: 0)])
                shown.list.settleFrame()
                XCTAssertNil(shown.table.editedCell, name)
                XCTAssertFalse(shown.table.isSavingCellEdit, name)
                saves.finish(throwing: Conflict())
                shown.list.settle(milliseconds: 50)
                XCTAssertNil(shown.table.editedCell, name)
                XCTAssertEqual(shown.itemsShowingAnEditor(), [], name)
            }
        }
    }

    func testTheCommitGetsTheRowAsTheEditorOpenedOnItThenAsItIsAfterARefusal() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let saves = Saves()
                let shown = Fixture(on: make(), savingNamesWith: saves.save)
                defer { shown.close() }
                XCTAssertTrue(shown.table.beginEditing(at: IndexPath(item: 4, section: 0), column: "name"), name)
                shown.list.settleFrame()
                // Another writer changes the row while the user edits it (a live list's update).
                var theirs = try XCTUnwrap(shown.job(4))
                theirs.note = "changed elsewhere"
                try shown.storage.replaceItem(at: IndexPath(item: 4, section: 0), with: theirs)
                shown.list.settleFrame()
                XCTAssertEqual(shown.table.editedCell?.indexPath, IndexPath(item: 4, section: 0), name)
                shown.replaceText(with: "mine")
                shown.list.press("Return")
                XCTAssertTrue(GtkRuntime.iterate(until: { saves.isWaiting }, timeout: .seconds(5)), name)
                XCTAssertEqual(saves.jobs.last?.note, "note 4", "\(name): the row the user saw and changed")
                saves.finish(throwing: Conflict())
                XCTAssertTrue(GtkRuntime.iterate(until: { !shown.table.isSavingCellEdit }, timeout: .seconds(5)), name)

                // Told why, the user saves again: over the row as it is now.
                shown.list.press("Return")
                XCTAssertTrue(GtkRuntime.iterate(until: { saves.isWaiting }, timeout: .seconds(5)), name)
                XCTAssertEqual(saves.jobs.last?.note, "changed elsewhere", name)
                saves.finish()
                XCTAssertTrue(GtkRuntime.iterate(until: { shown.table.editedCell == nil }, timeout: .seconds(5)), name)
                XCTAssertEqual(shown.job(4)?.name, "mine", name)
                XCTAssertEqual(shown.job(4)?.note, "changed elsewhere", "\(name): the other writer's change kept")
            }
        }
    }
}
