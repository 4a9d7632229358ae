import ModelStorage
import Testing

@Suite("Outline moves: reordering and re-parenting, subtrees and flags along")
@MainActor
struct OutlineMoveTests {
    @Test("into, before and after: the item moves with what is under it and its flags")
    func placements() {
        var outline = fileOutline()
        outline.expand(["home", "docs"])
        #expect(outline.move(["docs"], to: .into("etc")) == nil)
        #expect(outline.children(of: "etc") == ["hosts", "docs"])
        #expect(outline.children(of: "docs") == ["a", "b"])
        #expect(outline.isExpanded("docs"), "its flag travels with it")
        #expect(outline.move(["music"], to: .before("home")) == nil)
        #expect(outline.rootItems == ["music", "home", "etc"])
        #expect(outline.move(["b"], to: .after("hosts")) == nil)
        #expect(outline.children(of: "etc") == ["hosts", "b", "docs"])
        #expect(outline.move(["a"], to: .into(nil)) == nil)
        #expect(outline.rootItems == ["music", "home", "etc", "a"])
        #expect(outline.level(of: "a") == 0)
    }

    @Test("an item can't go into itself or under itself; an item under another moved one goes along")
    func refusals() {
        var outline = fileOutline()
        let before = outline.items
        #expect(outline.move(["home"], to: .into("docs")) == .movedRelativeToItself(operation: .moveOutlineItems, identifier: "home"))
        #expect(outline.move(["docs"], to: .before("docs")) != nil)
        #expect(outline.move(["nowhere"], to: .into("etc")) == .itemsNotFound(operation: .moveOutlineItems, identifiers: ["nowhere"]))
        #expect(outline.items == before, "refused moves change nothing")
        #expect(outline.move(["a", "docs"], to: .into("etc")) == nil)
        #expect(outline.children(of: "etc") == ["hosts", "docs"])
        #expect(outline.children(of: "docs") == ["a", "b"])
    }

    @Test("the storage delivers the rows that move as moves, which a replica follows")
    func storageMoves() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home", "docs", "etc"])
        let replica = OutlineReplica(observing: storage)
        let recorder = UpdateRecorder(observing: storage)
        #expect(storage.move(["docs"], to: .after("hosts")))
        #expect(replica.rows == ["home", "music", "etc", "hosts", "docs", "a", "b"])
        let changes = recorder.lastChanges.map(Array.init) ?? []
        #expect(changes.allSatisfy { if case .moveItem = $0 { true } else { false } }, "\(changes)")
        var reported: [SnapshotAnomaly] = []
        storage.anomalyHandler.action = { reported.append($0) }
        #expect(!storage.move(["etc"], to: .into("docs")))
        #expect(reported == [.movedRelativeToItself(operation: .moveOutlineItems, identifier: "etc")])
        #expect(storage.outline(of: "Places").anomalies.isEmpty)
    }
}
