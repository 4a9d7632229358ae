import ModelStorage

/// A reference differ, for the benchmark only: Heckel's matching by identity with the greedy
/// move test of IGListKit's `IGListDiff` and the Heckel ports modelled on it.
///
/// An element counts as moved when its old index, shifted by the deletes before it in the old
/// list and the inserts before it in the new one, is not its new index. That test is local: one
/// element taken from the front and put at the back shifts every element in between, so each of
/// them is reported as a move too (n − 1 moves where one suffices). ``Differ`` keeps a longest
/// increasing subsequence in place instead and moves only the rest.
///
/// Identities must be unique (the benchmark's are).
enum GreedyHeckelDiff {
    struct Operations {
        var inserts = 0
        var deletes = 0
        var moves = 0
        var updates = 0
    }

    static func operations<Element: Diffable>(from old: [Element], to new: [Element]) -> Operations {
        var operations = Operations()
        var oldIndexOfIdentity: [Element.DiffIdentifier: Int] = [:]
        oldIndexOfIdentity.reserveCapacity(old.count)
        for (index, element) in old.enumerated() { oldIndexOfIdentity[element.diffIdentifier] = index }

        var oldIndexOfNew = [Int](repeating: -1, count: new.count)
        var isMatched = [Bool](repeating: false, count: old.count)
        for (index, element) in new.enumerated() {
            guard let oldIndex = oldIndexOfIdentity[element.diffIdentifier] else { continue }
            oldIndexOfNew[index] = oldIndex
            isMatched[oldIndex] = true
        }

        // Deletes before each old index.
        var deleteOffsets = [Int](repeating: 0, count: old.count)
        var deletes = 0
        for index in old.indices {
            deleteOffsets[index] = deletes
            if !isMatched[index] { deletes += 1 }
        }
        operations.deletes = deletes

        var inserts = 0
        for (index, oldIndex) in oldIndexOfNew.enumerated() {
            guard oldIndex >= 0 else {
                inserts += 1
                continue
            }
            if !old[oldIndex].isContentEqual(to: new[index]) { operations.updates += 1 }
            if oldIndex - deleteOffsets[oldIndex] + inserts != index { operations.moves += 1 }
        }
        operations.inserts = inserts
        return operations
    }
}
