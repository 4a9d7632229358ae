import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// One test per event group on the virtualized host, with the same reactions and real input
/// as the list-box suites (`Events/`): what a list box gets from GTK, this host does itself.
final class VirtualListEventGroupTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    private static func at(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    /// A manager over a virtualized host showing `names` in a 300×300 window (set up with
    /// `configure` before the rows are made).
    @MainActor private static func makeList(
        _ names: [String], _ configure: (ListManager) -> Void = { _ in }
    ) -> (ListManager, VirtualListHost, ShownList) {
        let host = VirtualListHost()
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        configure(manager)
        manager.memoryStorage?.setItems(names)
        let list = ShownList(manager, width: 300, height: 300)
        return (manager, host, list)
    }

    private static let letters = (0..<200).map { "row \($0)" }

    // MARK: - Selection

    func testWillSelectRefusesOrRedirectsAndObserversGetTheSelectedModels() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.selectionEvents()
        }
    }

    @MainActor private static func selectionEvents() throws {
        var selected: [String] = [], deselected: [String] = [], changes: [[String]] = []
        let (manager, _, list) = makeList(["target", "locked", "alias", "plain"]) { manager in
            manager.willSelect(NameRow.self) { _, model, indexPath in
                switch model {
                case "locked": nil
                case "alias": IndexPath(item: 0, section: 0)
                default: indexPath
                }
            }
            manager.didSelect(NameRow.self) { _, model, _ in selected.append(model) }
            manager.didDeselect(NameRow.self) { _, model, _ in deselected.append(model) }
            manager.selectionDidChange(of: String.self) { models, _ in changes.append(models) }
        }
        defer { list.close() }
        list.click(at(3))
        list.click(at(1))
        XCTAssertEqual(manager.selectedIndexPaths, [at(3)], "a refused selection keeps the previous one")
        list.click(at(2))
        XCTAssertEqual(manager.selectedIndexPaths, [at(0)], "redirected to the target row")
        XCTAssertEqual(selected, ["plain", "target"])
        XCTAssertEqual(deselected, ["plain"])
        XCTAssertEqual(changes, [["plain"], ["target"]])
    }

    // MARK: - Activation and highlight

    func testActivationBySingleClickAndHighlightFollowingThePressedButton() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.activationAndHighlight()
        }
    }

    @MainActor private static func activationAndHighlight() throws {
        var events: [String] = []
        let (manager, _, list) = makeList(["a", "flat", "c"]) { manager in
            manager.shouldHighlight(NameRow.self) { _, model, _ in model != "flat" }
            manager.didHighlight(NameRow.self) { _, model, _ in events.append("on \(model)") }
            manager.didUnhighlight(NameRow.self) { _, model, _ in events.append("off \(model)") }
            manager.didActivate(NameRow.self) { _, model, _ in events.append("activate \(model)") }
        }
        defer { list.close() }
        list.click(at(2), release: false)
        XCTAssertEqual(events, ["on c"])
        list.releaseButton()
        list.settle()
        XCTAssertEqual(events, ["on c", "off c"])
        list.click(at(1))
        XCTAssertEqual(events, ["on c", "off c"], "a row that should not highlight is not pressed")

        manager.activatesOnSingleClick = true
        list.settle(milliseconds: 400)
        list.click(at(0))
        XCTAssertEqual(events.suffix(3), ["on a", "activate a", "off a"], "a single click activates while pressed")
    }

    // MARK: - Display and sizes

    func testHeadersAndFootersAreDisplayedWhileBoundAtTheirHeightsAndRowsIndented() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.displayAndSizes()
        }
    }

    @MainActor private static func displayAndSizes() throws {
        var log: [String] = []
        let host = VirtualListHost()
        let manager = ListManager(host: host)
        manager.register(NameRow.self)
        manager.registerHeader(CaptionRow.self) { mapping in
            mapping.willDisplayHeader { _, model, section in log.append("will \(model)@\(section)") }
            mapping.didEndDisplayingHeader { _, model, section in log.append("end \(model)@\(section)") }
        }
        manager.heightForHeader(String.self) { _, section in 50 + section }
        manager.indentationLevel(String.self) { model, _ in model.hasSuffix("1") ? 2 : 0 }
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setItemsForAllSections([letters, letters])
        let list = ShownList(manager, width: 300, height: 300)
        defer { list.close() }
        XCTAssertEqual(log, ["will H0@0"], "only the bound header is displayed")
        XCTAssertEqual(host.rowFrame(at: 0)?.height, 50, "heightForHeader")
        let indented = try XCTUnwrap(manager.boundRow(at: at(1))), plain = try XCTUnwrap(manager.boundRow(at: at(0)))
        XCTAssertEqual(
            gtk_widget_get_margin_start(indented.widget) - gtk_widget_get_margin_start(plain.widget), 32,
            "indentationLevel 2 at the default width")

        manager.scrollTo(at(0, 1), alignment: .center)
        list.settle()
        // H0 has the window's first focus: it keeps its widget off screen, and ends display there.
        XCTAssertEqual(Set(log), ["will H0@0", "end H0@0", "will H1@1"], "scrolled away: no longer displayed")
        let header = try XCTUnwrap(host.positionsOnScreen?.first { host.boundRow(at: $0)?.role == .header })
        XCTAssertEqual(host.boundRow(at: header)?.model as? String, "H1")
        XCTAssertEqual(host.rowFrame(at: header)?.height, 51)
    }

    // MARK: - Focus and keys

    func testDidFocusKeyPressesPreferredFocusAndTabLeavingTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.focusAndKeys()
        }
    }

    @MainActor private static func focusAndKeys() throws {
        var focused: [String] = [], keys: [String] = []
        var preferred: IndexPath? = at(3)
        let (_, host, list) = makeList(letters) { manager in
            manager.didFocus(NameRow.self) { row, model, indexPath in
                XCTAssertEqual(row.text, model)
                focused.append("\(model)@\(indexPath.item)")
            }
            manager.keyPress(NameRow.self) { key, _, model, _ in
                keys.append(model)
                return key.keyval == UInt32(GDK_KEY_Down) && model == "row 5"
            }
            manager.preferredFocusedIndexPath { preferred }
        }
        defer { list.close() }
        list.wait(until: { host.focusedPosition != nil })
        XCTAssertEqual(host.focusedPosition, 3, "the window's initial focus enters the list on the preferred row")
        list.press("Down", "Down", "Down")
        list.settle()
        XCTAssertEqual(focused.suffix(3), ["row 3@3", "row 4@4", "row 5@5"])
        XCTAssertEqual(host.focusedPosition, 5, "the key reaction stopped the third Down")
        XCTAssertEqual(keys, ["row 3", "row 4", "row 5"], "each key reached the focused row's reaction first")

        // The window has no other focusable widget: Tab leaves the list, the window wraps
        // around, and the focus enters the list again on the preferred row.
        preferred = at(150)
        list.press("Tab")
        list.wait(until: { host.focusedPosition == 150 })
        XCTAssertEqual(host.focusedPosition, 150, "Tab left the list and came back on the preferred row, bound for it")
        XCTAssertEqual(focused.last, "row 150@150")
    }

    func testCanFocusFalseKeepsTheKeyboardOffTheRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.canFocus()
        }
    }

    @MainActor private static func canFocus() throws {
        let (manager, host, list) = makeList(["a", "b", "c", "d"]) { manager in
            manager.canFocus(NameRow.self) { _, model, _ in model != "b" }
        }
        defer { list.close() }
        list.focus(at(0))
        list.press("Down")
        list.settle()
        XCTAssertEqual(host.focusedPosition, 2, "Down passes over the row that cannot take the focus")
        XCTAssertEqual(manager.selectedIndexPaths, [at(2)])
        list.press("Up")
        list.settle()
        XCTAssertEqual(host.focusedPosition, 0)
    }

    // MARK: - Scrolling

    func testDidScrollReportsTheOffsetForWheelAndCode() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.didScroll()
        }
    }

    @MainActor private static func didScroll() throws {
        var offsets: [Double] = []
        let (_, host, list) = makeList(letters) { manager in manager.didScroll { offsets.append($0) } }
        defer { list.close() }
        list.settle()
        XCTAssertEqual(offsets, [], "showing the list does not scroll it")
        list.moveMouse(to: host.boundRow(at: 2)!.hostWidget!)
        list.xdotool(["click", "--repeat", "3", "--delay", "30", "5"])  // wheel down
        let adjustment = try XCTUnwrap(host.verticalAdjustment)
        list.wait(until: { offsets.last.map { $0 > 0 && $0 == gtk_adjustment_get_value(adjustment) } ?? false })
        XCTAssertGreaterThan(offsets.last ?? 0, 0, "the wheel scrolled the list down")
        gtk_adjustment_set_value(adjustment, 123)
        XCTAssertEqual(offsets.last, 123)
    }

    // MARK: - Editing

    func testTheDeleteKeyCommitsOnlyAnOfferedDeleteAndTheMenuOffersIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.editing()
        }
    }

    @MainActor private static func editing() throws {
        var commits: [String] = []
        let (manager, _, list) = makeList(["a", "b", "c"]) { manager in
            manager.canEdit(String.self) { _, _ in true }
            manager.editingStyle(String.self) { model, _ in model == "a" ? .none : .delete }
            manager.commitEditing(NameRow.self) { style, _, model, _ in commits.append("\(style) \(model)") }
        }
        defer { list.close() }
        list.focus(at(0))
        list.press("Delete")
        XCTAssertEqual(commits, [], "style .none is not committed")
        list.focus(at(2))
        list.press("Delete")
        XCTAssertEqual(commits, ["delete c"])
        list.click(at(1), button: 3)
        let menu = try XCTUnwrap(manager.shownContextMenu, "an editable row gets a menu with its edit item")
        gtk_menu_shell_deactivate(gcast(menu))
        list.settle()
    }

    // MARK: - Reordering

    func testAltArrowsMoveOnlyMovableRowsWhereTargetIndexPathSays() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.reordering()
        }
    }

    @MainActor private static func reordering() throws {
        var moves: [String] = []
        let (manager, host, list) = makeList(["a", "b", "c", "d", "e"]) { manager in
            manager.canMove(NameRow.self) { _, model, _ in model != "e" }
            manager.targetIndexPathForMove(NameRow.self) { proposed, _, model, _ in
                model == "b" ? IndexPath(item: 3, section: 0) : proposed
            }
            manager.moveItem { from, to in moves.append("\(from.item)→\(to.item)") }
        }
        defer { list.close() }
        let storage = try XCTUnwrap(manager.memoryStorage)
        list.focus(at(4))
        list.press("alt+Up")
        list.settle()
        XCTAssertEqual(storage.items(inSection: 0)?.map { $0 as? String }, ["a", "b", "c", "d", "e"], "e cannot move")
        list.focus(at(1))
        list.press("alt+Down")
        list.settle()
        XCTAssertEqual(storage.items(inSection: 0)?.map { $0 as? String }, ["a", "c", "d", "b", "e"], "redirected to 3")
        XCTAssertEqual(moves, ["1→3"])
        XCTAssertEqual(host.focusedPosition, 3, "the moved row keeps the focus")
    }
}
