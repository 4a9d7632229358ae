import ModelStorage
import Testing

/// Model types whose equality rules the change-set specifications pin down.
private enum Models {
    /// Neither Equatable nor a class: compared by its reflected description.
    struct Plain {
        var name: String
    }

    /// A class that is not Equatable: compared by identity.
    final class Reference {
        let name: String
        init(name: String) { self.name = name }
    }

    /// A class that is Equatable: compared by its `==`, like any Equatable value.
    class EquatableReference: Equatable {
        let name: String
        init(name: String) { self.name = name }
        static func == (lhs: EquatableReference, rhs: EquatableReference) -> Bool { lhs.name == rhs.name }
    }

    /// A subclass that inherits its superclass's `==`.
    final class EquatableSubclass: EquatableReference {}
}

@Suite("ChangeSet and StorageChange: equality")
struct ChangeSetEqualityTests {
    @Test("Two logs with the same entries in the same order are equal")
    func sameEntriesSameOrderAreEqual() {
        let lhs: ChangeSet = [.insertSection(0), .insertItem(at: ip(0, 0), model: 1), .deleteItem(at: ip(3, 1))]
        let rhs = ChangeSet([.insertSection(0), .insertItem(at: ip(0, 0), model: 1), .deleteItem(at: ip(3, 1))])
        #expect(lhs == rhs)
    }

    @Test("Order matters: the same entries in another order make another log")
    func orderMatters() {
        let lhs: ChangeSet = [.deleteItem(at: ip(2, 0)), .deleteItem(at: ip(0, 0))]
        let rhs: ChangeSet = [.deleteItem(at: ip(0, 0)), .deleteItem(at: ip(2, 0))]
        #expect(lhs != rhs)
    }

    @Test("A log that is a prefix of another is not equal to it")
    func prefixIsNotEqual() {
        let full: ChangeSet = [.insertSection(0), .insertItem(at: ip(0, 0), model: 1)]
        let prefix: ChangeSet = [.insertSection(0)]
        #expect(full != prefix)
        #expect(ChangeSet() != prefix)
        #expect(ChangeSet() == [])
    }

    @Test("Equatable models are compared by value")
    func equatableModelsByValue() {
        #expect(StorageChange.insertItem(at: ip(0, 0), model: "apple") == .insertItem(at: ip(0, 0), model: "apple"))
        #expect(StorageChange.insertItem(at: ip(0, 0), model: "apple") != .insertItem(at: ip(0, 0), model: "pear"))
        #expect(StorageChange.updateItem(at: ip(1, 2), model: 4) == .updateItem(at: ip(1, 2), model: 4))
        #expect(StorageChange.updateItem(at: ip(1, 2), model: 4) != .updateItem(at: ip(1, 2), model: 5))
    }

    @Test("Models of different types are never equal, even when they print alike")
    func differentTypesAreNotEqual() {
        #expect(StorageChange.insertItem(at: ip(0, 0), model: 1) != .insertItem(at: ip(0, 0), model: "1"))
        #expect(StorageChange.insertItem(at: ip(0, 0), model: 1) != .insertItem(at: ip(0, 0), model: 1.0))
    }

    @Test("Class models that are not Equatable are compared by identity")
    func classModelsByIdentity() {
        let model = Models.Reference(name: "a")
        let twin = Models.Reference(name: "a")
        #expect(StorageChange.insertItem(at: ip(0, 0), model: model) == .insertItem(at: ip(0, 0), model: model))
        #expect(StorageChange.insertItem(at: ip(0, 0), model: model) != .insertItem(at: ip(0, 0), model: twin))
    }

    @Test("Equatable class models are compared by their ==")
    func equatableClassModelsByValue() {
        let model = Models.EquatableReference(name: "a")
        let twin = Models.EquatableReference(name: "a")
        #expect(StorageChange.updateItem(at: ip(0, 0), model: model) == .updateItem(at: ip(0, 0), model: twin))
    }

    @Test("Equality is symmetric, also for models of an Equatable class hierarchy")
    func equalityIsSymmetricAcrossSubclasses() {
        let base = StorageChange.insertItem(at: ip(0, 0), model: Models.EquatableReference(name: "a"))
        let sub = StorageChange.insertItem(at: ip(0, 0), model: Models.EquatableSubclass(name: "a"))
        // The inherited `==` says the two models are equal, whichever side it is asked from.
        #expect(base == sub)
        #expect(sub == base)
    }

    @Test("Models that are neither Equatable nor classes are compared by their reflected value")
    func plainValuesByReflection() {
        #expect(
            StorageChange.insertItem(at: ip(0, 0), model: Models.Plain(name: "a"))
                == .insertItem(at: ip(0, 0), model: Models.Plain(name: "a")))
        #expect(
            StorageChange.insertItem(at: ip(0, 0), model: Models.Plain(name: "a"))
                != .insertItem(at: ip(0, 0), model: Models.Plain(name: "b")))
    }

    @Test("Index paths and section indices take part in equality")
    func positionsMatter() {
        #expect(StorageChange.insertItem(at: ip(0, 0), model: 1) != .insertItem(at: ip(0, 1), model: 1))
        #expect(StorageChange.deleteItem(at: ip(1, 0)) != .deleteItem(at: ip(0, 1)))
        #expect(StorageChange.moveItem(from: ip(0, 0), to: ip(1, 0)) != .moveItem(from: ip(1, 0), to: ip(0, 0)))
        #expect(StorageChange.moveSection(from: 0, to: 1) != .moveSection(from: 1, to: 0))
        #expect(StorageChange.deleteSection(2) != .deleteSection(3))
    }

    @Test("Entries of different kinds are never equal")
    func differentKindsAreNotEqual() {
        #expect(StorageChange.insertSection(0) != .updateSection(0))
        #expect(StorageChange.insertSection(0) != .deleteSection(0))
        #expect(StorageChange.insertItem(at: ip(0, 0), model: 1) != .updateItem(at: ip(0, 0), model: 1))
        #expect(StorageChange.deleteItem(at: ip(0, 0)) != .moveItem(from: ip(0, 0), to: ip(0, 0)))
    }

    @Test("Section entries compare their supplementary models")
    func supplementsAreCompared() {
        #expect(
            StorageChange.insertSection(0, supplements: [.header: "Fruit"])
                == .insertSection(0, supplements: [.header: "Fruit"]))
        #expect(
            StorageChange.insertSection(0, supplements: [.header: "Fruit"])
                != .insertSection(0, supplements: [.header: "Vegetables"]))
        #expect(StorageChange.insertSection(0, supplements: [.header: "Fruit"]) != .insertSection(0))
        #expect(
            StorageChange.updateSection(1, supplements: [.header: "H"])
                != .updateSection(1, supplements: [.footer: "H"]))
        #expect(
            StorageChange.updateSection(1, supplements: [.header: "H", .footer: "F"])
                == .updateSection(1, supplements: [.footer: "F", .header: "H"]))
    }
}

@Suite("ChangeSet: collection behaviour")
struct ChangeSetCollectionTests {
    @Test("A change set is an ordered collection of its entries")
    func collectionOfEntries() {
        let changeSet: ChangeSet = [.insertSection(0), .insertItem(at: ip(0, 0), model: "a")]
        #expect(changeSet.count == 2)
        #expect(changeSet[0] == .insertSection(0))
        #expect(changeSet[1] == .insertItem(at: ip(0, 0), model: "a"))
        #expect(changeSet.changes == [.insertSection(0), .insertItem(at: ip(0, 0), model: "a")])
        #expect(ChangeSet().isEmpty)
    }

    @Test("Appending adds entries at the end, in order")
    func appendingKeepsOrder() {
        var changeSet = ChangeSet()
        changeSet.append(.insertSection(0))
        changeSet.append(contentsOf: [.insertItem(at: ip(0, 0), model: 1), .insertItem(at: ip(1, 0), model: 2)])
        #expect(
            changeSet == [.insertSection(0), .insertItem(at: ip(0, 0), model: 1), .insertItem(at: ip(1, 0), model: 2)])
    }
}

@Suite("ChangeSet, StorageChange and StorageUpdate: descriptions")
struct ChangeSetDescriptionTests {
    @Test("A change set prints one entry per line, in order")
    func changeSetDescription() {
        let changeSet: ChangeSet = [
            .insertSection(0, supplements: [.header: "Fruit"]),
            .insertItem(at: ip(0, 0), model: "apple"),
            .moveItem(from: ip(0, 0), to: ip(2, 1)),
            .deleteSection(2),
        ]
        #expect(
            changeSet.description == """
                ChangeSet(
                  insert section 0 {header: Fruit}
                  insert s0.i0 = apple
                  move s0.i0 → s1.i2
                  delete section 2
                )
                """)
    }

    @Test("An empty change set says so")
    func emptyChangeSetDescription() {
        #expect(ChangeSet().description == "ChangeSet(empty)")
    }

    @Test("Section inserts print their supplementary models, sorted by kind, and nothing when there are none")
    func insertSectionDescription() {
        #expect(StorageChange.insertSection(3).description == "insert section 3")
        #expect(
            StorageChange.insertSection(0, supplements: [.header: "H", .footer: "F"]).description
                == "insert section 0 {footer: F, header: H}")
    }

    @Test("Section updates always print their supplementary models")
    func updateSectionDescription() {
        #expect(StorageChange.updateSection(1, supplements: [.header: "H"]).description == "update section 1 {header: H}")
        #expect(StorageChange.updateSection(1).description == "update section 1 {}")
    }

    @Test("Section deletes and moves print their indices")
    func deleteAndMoveSectionDescription() {
        #expect(StorageChange.deleteSection(4).description == "delete section 4")
        #expect(StorageChange.moveSection(from: 0, to: 2).description == "move section 0 → 2")
    }

    @Test("Item inserts and updates print the position as s<section>.i<item> and the model")
    func insertAndUpdateItemDescription() {
        #expect(StorageChange.insertItem(at: ip(4, 1), model: 42).description == "insert s1.i4 = 42")
        #expect(StorageChange.updateItem(at: ip(0, 2), model: "pear").description == "update s2.i0 = pear")
    }

    @Test("Item deletes and moves print their positions")
    func deleteAndMoveItemDescription() {
        #expect(StorageChange.deleteItem(at: ip(3, 0)).description == "delete s0.i3")
        #expect(StorageChange.moveItem(from: ip(0, 0), to: ip(1, 1)).description == "move s0.i0 → s1.i1")
    }

    @Test("A storage update prints its change set, or \"reload\"")
    func storageUpdateDescription() {
        #expect(StorageUpdate.reload.description == "reload")
        #expect(StorageUpdate.changes([.deleteSection(0)]).description == "ChangeSet(\n  delete section 0\n)")
    }

    @Test("Section supplements expose header, footer and other kinds, and print sorted by kind")
    func sectionSupplements() {
        var supplements: SectionSupplements = [.header: "H", "badge": 3]
        supplements[.footer] = "F"
        #expect(supplements.header as? String == "H")
        #expect(supplements.footer as? String == "F")
        #expect(supplements["badge"] as? Int == 3)
        #expect(supplements.isEmpty == false)
        #expect(SectionSupplements().isEmpty)
        #expect(supplements.description == "badge: 3, footer: F, header: H")
    }
}
