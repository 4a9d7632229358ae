/// Where the elements of one container (a section, or the list of sections) currently are while
/// the differ replays moves and inserts.
///
/// Slots are the container's old positions. An element that has not been placed yet sits in its
/// slot; an element placed by the differ goes right after an *anchor*, the last element kept in
/// place before it in the new order (or at the front when there is none), so it weighs on the
/// anchor's slot. Positions are then prefix sums (``SlotWeights``): O(log n) per step, never an
/// array shift.
///
/// Anchors only advance along the new order, and the elements placed after one anchor form a
/// run: the run's end is tracked directly and its weight added to the slots once the anchor
/// changes, so placing costs no walk, and a moved element two (where it was, and its removal).
struct PlacementTracker {
    private let slots: SlotWeights
    private var front = 0
    /// The anchor of the run being placed, or −1.
    private var runAnchor = -1
    /// Elements placed after `runAnchor` and not in `slots` yet.
    private var runCount = 0
    /// The position right after the run.
    private var runEnd = 0

    /// A tracker over `slots`, none of them placed after yet.
    init(slots: SlotWeights) {
        self.slots = slots
    }

    /// The current position of the unplaced element in `slot`.
    func position(ofSlot slot: Int) -> Int {
        front + slots.sum(before: slot) + (runAnchor >= 0 && slot > runAnchor ? runCount : 0)
    }

    /// Takes the element in `slot` out of the container (it moves elsewhere). It is never an
    /// anchor: anchors are kept in place.
    mutating func remove(slot: Int) {
        slots.remove(slot: slot)
        if runAnchor >= 0, slot < runAnchor { runEnd -= 1 }
    }

    /// Places an element right after `anchor`'s run of placed elements (`anchor` < 0: the
    /// front) and returns its position.
    mutating func place(afterAnchor anchor: Int) -> Int {
        guard anchor >= 0 else {
            front += 1
            if runAnchor >= 0 { runEnd += 1 }
            return front - 1
        }
        if anchor != runAnchor {
            if runAnchor >= 0, runCount > 0 { slots.addPlaced(runCount, after: runAnchor) }
            runAnchor = anchor
            runCount = 0
            runEnd = front + slots.sum(before: anchor + 1)
        }
        runCount += 1
        runEnd += 1
        return runEnd - 1
    }
}
