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

    /// The tokens in order: old section `i` as `i`, inserted new section `j` as `~j`.
    private let tokens: UnsafeMutableBufferPointer<Int32>
    /// Per old section: whether it stays in place (in the subsequence, or doomed).
    private let keptInPlace: UnsafeMutableBufferPointer<Bool>
    private let currentIndexOfOld: UnsafeMutableBufferPointer<Int32>
    /// Section moves and inserts (phase 2).
    let movesAndInserts: Int

    /// The order for `sections`, whose new sections in the longest increasing subsequence are
    /// marked `kept` in `newSectionMarks`; the arrays are the workspace's.
    init(
        sections: IdentityMatching, newSectionMarks: UnsafeMutableBufferPointer<DiffMarks>,
        tokens: UnsafeMutableBufferPointer<Int32>, keptInPlace: UnsafeMutableBufferPointer<Bool>,
        currentIndexOfOld: UnsafeMutableBufferPointer<Int32>
    ) {
        let newIndexOfOld = sections.newIndexOfOld
        for old in newIndexOfOld.indices {
            let new = Int(newIndexOfOld[old])
            keptInPlace[old] = new < 0 || newSectionMarks[new].contains(.kept)
        }
        var length = 0
        func append(_ token: Int32) {
            tokens[length] = token
            length += 1
        }
        // Doomed sections wait until the first kept section after them.
        var nextDoomedCandidate = 0
        func appendDoomed(before end: Int) {
            while nextDoomedCandidate < end {
                if newIndexOfOld[nextDoomedCandidate] < 0 { append(Int32(truncatingIfNeeded: nextDoomedCandidate)) }
                nextDoomedCandidate += 1
            }
        }
        var movesAndInserts = 0
        for new in sections.oldIndexOfNew.indices {
            let old = Int(sections.oldIndexOfNew[new])
            if old >= 0, keptInPlace[old] { appendDoomed(before: old) }
            append(old >= 0 ? Int32(truncatingIfNeeded: old) : ~Int32(truncatingIfNeeded: new))
            if old < 0 || !keptInPlace[old] { movesAndInserts += 1 }
        }
        appendDoomed(before: newIndexOfOld.count)
        self.movesAndInserts = movesAndInserts
        self.tokens = UnsafeMutableBufferPointer(rebasing: tokens[..<length])
        self.keptInPlace = keptInPlace
        self.currentIndexOfOld = currentIndexOfOld
        for (position, token) in self.tokens.enumerated() where token >= 0 {
            currentIndexOfOld[Int(token)] = Int32(truncatingIfNeeded: position)
        }
    }

    /// The number of sections in this order: the new ones and the doomed ones.
    var count: Int { tokens.count }

    /// The section at `position`.
    func token(at position: Int) -> Token {
        let token = tokens[position]
        return token >= 0 ? .old(Int(token)) : .inserted(Int(~token))
    }

    /// Where old section `section` is once sections are in order.
    func currentIndex(ofOld section: Int) -> Int {
        Int(currentIndexOfOld[section])
    }

    /// The section moves and inserts that turn the old order into this one; `memory` is the
    /// workspace's room for a tracker over the old sections.
    func emitSteps(into script: inout StepWriter, memory: SlotWeights.Memory) {
        var memory = memory
        var tracker = PlacementTracker(slots: SlotWeights(count: keptInPlace.count, in: &memory) { _ in true })
        var anchor = -1
        for position in 0..<count {
            switch token(at: position) {
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
