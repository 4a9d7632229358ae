/// The order of sections once the differ has moved and inserted them: the new order, with the
/// doomed old sections still among it (they may hold items that move out before they go).
///
/// A doomed section sits just before the first kept section that followed it in the old order,
/// so it never needs a move; kept sections are a longest increasing subsequence of the matched
/// ones, so the section moves are as few as possible.
struct SectionOrder {
    enum Token: Equatable {
        /// An old section (kept, moved or doomed), by old index.
        case old(Int)
        /// A section inserted from the new state, by new index.
        case inserted(Int)
    }

    /// The sections, in their order after phase 2.
    private(set) var sequence: [Token] = []
    /// Per old section: whether it stays in place (in the subsequence, or doomed).
    private let keptInPlace: [Bool]
    private var currentIndexOfOld: [Int]

    init(matching: IdentityMatching, oldCount: Int, newCount: Int) {
        var matchedOldIndices: [Int] = []
        for new in 0..<newCount where matching.oldIndexOfNew[new] >= 0 {
            matchedOldIndices.append(matching.oldIndexOfNew[new])
        }
        var kept = [Bool](repeating: false, count: oldCount)
        for (index, isKept) in longestIncreasingSubsequence(of: matchedOldIndices).enumerated() where isKept {
            kept[matchedOldIndices[index]] = true
        }
        let doomed = (0..<oldCount).filter { matching.newIndexOfOld[$0] < 0 }
        for section in doomed { kept[section] = true }
        keptInPlace = kept

        var nextDoomed = 0
        sequence.reserveCapacity(oldCount + newCount)
        for new in 0..<newCount {
            let old = matching.oldIndexOfNew[new]
            if old >= 0, kept[old] {
                while nextDoomed < doomed.count, doomed[nextDoomed] < old {
                    sequence.append(.old(doomed[nextDoomed]))
                    nextDoomed += 1
                }
            }
            sequence.append(old >= 0 ? .old(old) : .inserted(new))
        }
        sequence.append(contentsOf: doomed[nextDoomed...].map(Token.old))

        currentIndexOfOld = [Int](repeating: -1, count: oldCount)
        for (position, token) in sequence.enumerated() {
            if case let .old(section) = token { currentIndexOfOld[section] = position }
        }
    }

    /// Where old section `section` is once sections are in order.
    func currentIndex(ofOld section: Int) -> Int {
        currentIndexOfOld[section]
    }

    /// The section moves and inserts that turn the old order into ``sequence``.
    func emitSteps(into script: inout EditScript) {
        var tracker = PlacementTracker(present: repeatElement(true, count: keptInPlace.count))
        var anchor = -1
        for token in sequence {
            switch token {
            case let .old(section) where keptInPlace[section]:
                anchor = section
            case let .old(section):
                let from = tracker.position(ofSlot: section)
                tracker.remove(slot: section)
                script.append(PackedStep(.moveSection, from, tracker.place(afterAnchor: anchor)))
            case let .inserted(section):
                script.append(PackedStep(.insertSection, tracker.place(afterAnchor: anchor), section))
            }
        }
    }
}
