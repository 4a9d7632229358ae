import DifferChecks
import ModelStorage
import SeededRandom
import Testing

// ModelIdentity hashes an identity once and keeps integer identifiers (and objects) as their own
// hash; ModelInspector remembers what the last model type conforms to. Neither may change what
// is equal to what: these tests hold them to the rules, across mixed model types.

@Suite("ModelIdentity and ModelInspector")
struct ModelIdentityTests {
    /// Models of many kinds, each with the name of its expected identity: two models have equal
    /// identities exactly when their names are equal.
    private static func namedModels() -> [(model: Any, identity: String)] {
        let node = Node()
        let account = Account()
        return [
            (Card(1), "Card 1"), (Card(1, content: 5), "Card 1"), (Card(2), "Card 2"),
            (User(id: 1), "User 1"), (User(id: 1, name: "renamed"), "User 1"), (Post(id: 1), "Post 1"),
            (Named(id: "a"), "Named a"), (Named(id: "a", note: 3), "Named a"), (Named(id: "b"), "Named b"),
            (Tag(name: "a"), "Tag a"), (Tag(name: "a"), "Tag a"), ("a", "String a"),
            (1, "Int 1"), (Int8(1), "Int8 1"), (Int64(1), "Int64 1"), (UInt32(1), "UInt32 1"),
            // The same bits, three types: −1, UInt64.max and UInt.max.
            (-1, "Int -1"), (UInt64.max, "UInt64 max"), (UInt.max, "UInt max"), (Int.min, "Int min"), (Int.max, "Int max"),
            // Diffable wins over Identifiable.
            (Keyed(id: 1, key: 9), "Keyed 9"), (Keyed(id: 2, key: 9), "Keyed 9"), (Keyed(id: 1, key: 8), "Keyed 8"),
            (node, "node"), (node, "node"), (Node(), "another node"),
            // Identifiable by its default `id`, the object identifier.
            (account, "account"), (account, "account"), (Account(), "another account"),
            (Document(id: 1), "Document 1"), (Document(id: 1, revision: 2), "Document 1"), (Draft(id: 1), "Draft 1"),
            // Held as its superclass, as in an array of the superclass: still a draft.
            (Draft(id: 1, revision: 3) as Document, "Draft 1"), (Square(side: 1) as Shape, "Square"),
            (Square(side: 2) as Shape, "another Square"),
        ]
    }

    @Test("Identities are equal exactly when the model type and identifier are, and equal identities hash alike")
    func equalityFollowsTypeAndIdentifier() throws {
        let models = Self.namedModels()
        let identities = try models.map { try #require(ModelIdentity(of: $0.model), "\($0.identity) has an identity") }
        for (first, firstIdentity) in identities.enumerated() {
            for (second, secondIdentity) in identities.enumerated() {
                let expected = models[first].identity == models[second].identity
                #expect((firstIdentity == secondIdentity) == expected, "\(models[first].identity) vs \(models[second].identity)")
                if expected { #expect(firstIdentity.hashValue == secondIdentity.hashValue) }
            }
        }
        #expect(Set(identities).count == Set(models.map(\.identity)).count)
        #expect(ModelIdentity(of: Plain(value: 1)) == nil)
    }

    @Test("An inspector answers as the one-off calls and the plain casts do, whatever order the types come in")
    func inspectorAgreesWithOneOffCalls() {
        var random = SplitMix64(seed: 30)
        let models = Self.namedModels().map(\.model) + [Plain(value: 1), Shape(side: 1), Square(side: 1), Square(side: 2)]
        var inspector = ModelInspector()
        for round in 0..<20 {
            // Runs of one type and alternations both: the inspector's memory must never leak
            // from one type to the next.
            let order = round.isMultiple(of: 2) ? models.shuffled(using: &random) : models.sorted { "\(type(of: $0))" < "\(type(of: $1))" }
            for model in order {
                #expect(inspector.identity(of: model) == ModelIdentity(of: model), "\(model)")
            }
            for old in order {
                for new in order {
                    let expected = referenceContentIsEqual(old, new)
                    #expect(inspector.contentIsEqual(old, new) == expected, "\(old) vs \(new)")
                    #expect(ModelIdentity.contentIsEqual(old, new) == expected, "\(old) vs \(new)")
                }
            }
        }
    }

    @Test("Diffing models through their identities gives the typed script, duplicates included", arguments: [false, true])
    func erasedDiffAgreesWithTypedDiff(allowsDuplicates: Bool) {
        var states = RandomShelfStates(seed: allowsDuplicates ? 31 : 32, allowsDuplicates: allowsDuplicates)
        for round in 0..<500 {
            let (old, new, _) = states.next()
            let oldCards = old.flatMap(\.items)
            let newCards = new.flatMap(\.items)
            let oldModels: [Any] = oldCards
            let newModels: [Any] = newCards
            var inspector = ModelInspector()
            let erased = Differ().script(
                fromIdentities: oldModels.map { inspector.identity(of: $0)! }, to: newModels.map { inspector.identity(of: $0)! },
                contentEqual: { inspector.contentIsEqual(oldModels[$0], newModels[$1]) })
            #expect(erased == Differ().script(from: oldCards, to: newCards), "round \(round)")
            // String identifiers are boxed rather than kept as their hash: the same script.
            let named = { (cards: [Card]) in cards.map { Named(id: "card \($0.id)", note: $0.content) } }
            let boxed = Differ().script(
                fromIdentities: named(oldCards).map { ModelIdentity(of: $0)! }, to: named(newCards).map { ModelIdentity(of: $0)! },
                contentEqual: { ModelIdentity.contentIsEqual(named(oldCards)[$0], named(newCards)[$1]) })
            #expect(boxed == erased, "round \(round)")
        }
    }

    @Test("Models of different types with the same identifier are different items")
    func mixedTypesInOneDiff() {
        let old: [Any] = [Card(1), User(id: 1), Card(2), "1"]
        let new: [Any] = [User(id: 1), Card(1), 1]
        let script = Differ().script(
            fromIdentities: old.map { ModelIdentity(of: $0)! }, to: new.map { ModelIdentity(of: $0)! },
            contentEqual: { ModelIdentity.contentIsEqual(old[$0], new[$1]) })
        let counts = script.counts
        #expect([counts.deletes, counts.moves, counts.inserts, counts.updates] == [2, 1, 1, 0])
    }

    /// Content equality as ModelIdentity defined it before the inspector: a cast per call.
    private func referenceContentIsEqual(_ old: Any, _ new: Any) -> Bool {
        func isContentEqual<Model: Diffable>(_ old: Model, _ new: Any) -> Bool {
            guard let new = new as? Model else { return false }
            return old.isContentEqual(to: new)
        }
        if let diffable = old as? any Diffable { return isContentEqual(diffable, new) }
        return modelsAreEqual(old, new)
    }
}

/// Identifiable only: neither Equatable nor Hashable.
private struct Post: Identifiable {
    let id: Int
}

private struct User: Identifiable, Equatable {
    let id: Int
    var name = ""
}

/// String identifiers: boxed in the identity.
private struct Named: Identifiable, Equatable {
    let id: String
    var note = 0
}

/// Hashable only: the value is the identity.
private struct Tag: Hashable {
    let name: String
}

/// Diffable and Identifiable, with different identifiers: the diff identifier is the identity.
private struct Keyed: Diffable, Identifiable {
    let id: Int
    let key: UInt64
    var diffIdentifier: UInt64 { key }
    func isContentEqual(to other: Keyed) -> Bool { id == other.id }
}

/// No identity at all.
private struct Plain {
    let value: Int
}

/// Identified by object.
private final class Node {}

/// Identified by its default `id`, its object identifier.
private final class Account: Identifiable {}

/// A Diffable class and its subclass: content is compared across them one way only.
private class Document: Diffable {
    let id: Int
    let revision: Int
    init(id: Int, revision: Int = 0) {
        self.id = id
        self.revision = revision
    }
    var diffIdentifier: Int { id }
    func isContentEqual(to other: Document) -> Bool { revision == other.revision }
}

private final class Draft: Document {}

/// An Equatable class and its subclass: equal across them by the class's `==`.
private class Shape: Equatable {
    let side: Int
    init(side: Int) { self.side = side }
    static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.side == rhs.side }
}

private final class Square: Shape {}
