import ModelStorage
import Testing

/// An outline records its user actions where it makes them, relative to the parent: a deleted
/// item comes back under its parent after the sibling it followed, with what was under it and its
/// expansion (a collapsed subtree's delete, which changes no row, included); a move goes back; an
/// insert is deleted; redo does it again.
@MainActor
@Suite struct OutlineStorageUndoTests {
    /// "docs" (open) holding a, b (open, holding b1, b2) and c; "pics" holding p; tracked.
    func folders() -> (OutlineStorage<String, String>, UndoHistory) {
        let storage = OutlineStorage<String, String>()
        var outline = OutlineSnapshot<String>()
        _ = outline.append(["docs", "pics"])
        _ = outline.append(["a", "b", "c"], to: "docs")
        _ = outline.append(["b1", "b2"], to: "b")
        _ = outline.append(["p"], to: "pics")
        _ = outline.expand(["docs", "b"])
        storage.apply(outline, to: "Places")
        let history = UndoHistory()
        history.track(storage)
        return (storage, history)
    }

    func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        storage.outline(of: "Places").visibleItems
    }

    @Test func aDeletedSubtreeComesBackWithItsChildrenAndExpansion() {
        let (storage, history) = folders()
        history.group(named: "Delete") { storage.delete(["b"]) }
        #expect(rows(storage) == ["docs", "a", "c", "pics"])

        let restored = history.undo()
        #expect(rows(storage) == ["docs", "a", "b", "b1", "b2", "c", "pics"])
        #expect(storage.isExpanded("b"))
        #expect(restored == [ModelIdentity(of: "b")])

        history.redo()
        #expect(rows(storage) == ["docs", "a", "c", "pics"])
        history.undo()
        #expect(rows(storage) == ["docs", "a", "b", "b1", "b2", "c", "pics"])
    }

    @Test func aDeleteUnderACollapsedParentChangesNoRowAndIsUndone() {
        let (storage, history) = folders()
        storage.collapse(["docs"])
        history.group(named: "Delete") { storage.delete(["b"]) }
        #expect(rows(storage) == ["docs", "pics"])
        #expect(history.undoActionName == "Delete")

        history.undo()
        let outline = storage.outline(of: "Places")
        #expect(outline.children(of: "docs") == ["a", "b", "c"])
        #expect(outline.children(of: "b") == ["b1", "b2"])
    }

    @Test func aDeletedItemReturnsAfterTheSiblingItFollowedWhateverChangedSince() {
        let (storage, history) = folders()
        history.group(named: "Delete") { storage.delete(["c", "a"]) }
        // The app's own change, outside a group: it stays.
        storage.insert(["x"], before: "b")
        #expect(storage.outline(of: "Places").children(of: "docs") == ["x", "b"])

        history.undo()
        #expect(storage.outline(of: "Places").children(of: "docs") == ["a", "x", "b", "c"])
        #expect(!history.canUndo)
    }

    @Test func aMoveGoesBackAndAnInsertIsDeleted() {
        let (storage, history) = folders()
        history.group(named: "Move") { storage.move(["a", "b"], to: .into("pics")) }
        history.group(named: "Add") { storage.append(["d"], to: "docs", inSection: "Places") }
        #expect(storage.outline(of: "Places").children(of: "pics") == ["p", "a", "b"])
        #expect(storage.outline(of: "Places").children(of: "docs") == ["c", "d"])

        history.undo()
        #expect(storage.outline(of: "Places").children(of: "docs") == ["c"])
        history.undo()
        #expect(storage.outline(of: "Places").children(of: "docs") == ["a", "b", "c"])
        #expect(storage.outline(of: "Places").children(of: "pics") == ["p"])
        #expect(storage.outline(of: "Places").children(of: "b") == ["b1", "b2"])

        history.redo()
        #expect(storage.outline(of: "Places").children(of: "pics") == ["p", "a", "b"])
    }

    @Test func rowsMovedByTheirIndexPathsGoBack() {
        let (storage, history) = folders()
        // Row 5 is c: moved before a (row 1).
        history.group(named: "Move") {
            storage.moveRows(at: [IndexPath(item: 5, section: 0)], to: .before(IndexPath(item: 1, section: 0)))
        }
        #expect(rows(storage) == ["docs", "c", "a", "b", "b1", "b2", "pics"])
        history.undo()
        #expect(rows(storage) == ["docs", "a", "b", "b1", "b2", "c", "pics"])
    }

    @Test func aSubtreeDeletedUnderAFilterComesBackShownAsTheFilterShowsIt() {
        let (storage, history) = folders()
        storage.setFilter({ $0.hasPrefix("b") }, execution: .immediate)
        #expect(rows(storage) == ["docs", "b", "b1", "b2"])
        history.group(named: "Delete") { storage.delete(["b"]) }
        #expect(rows(storage) == [])

        history.undo()
        #expect(rows(storage) == ["docs", "b", "b1", "b2"])
        // The items the filter hid came back too, in their places.
        storage.setFilter(nil, execution: .immediate)
        #expect(rows(storage) == ["docs", "a", "b", "b1", "b2", "c", "pics"])
        #expect(storage.outline(of: "Places").children(of: "b") == ["b1", "b2"])
    }

    @Test func aSubtreeDeletedUnderASortComesBackInItsSortedPlace() {
        let (storage, history) = folders()
        let columns = ColumnComparisons<String>().column("name", byText: \.self)
        storage.sort(by: [SortKey("name", ascending: false)], using: columns, execution: .immediate)
        #expect(rows(storage) == ["pics", "docs", "c", "b", "b2", "b1", "a"])
        history.group(named: "Delete") { storage.delete(["b"]) }
        #expect(rows(storage) == ["pics", "docs", "c", "a"])

        history.undo()
        #expect(rows(storage) == ["pics", "docs", "c", "b", "b2", "b1", "a"])
        #expect(storage.isExpanded("b"))
        history.redo()
        #expect(rows(storage) == ["pics", "docs", "c", "a"])
    }
}
