/// Where the elements of one container (a section, or the list of sections) currently are while
/// the differ replays moves and inserts.
///
/// Slots are the container's old positions. An element that has not been placed yet sits in its
/// slot; an element placed by the differ goes right after an *anchor*, the last element kept in
/// place before it in the new order (or at the front when there is none), so it weighs on the
/// anchor's slot. Positions are then prefix sums: O(log n) per step, never an array shift.
struct PlacementTracker {
    private var slots: FenwickTree
    private var front = 0

    /// `present[slot]` is false for old elements already deleted.
    init(present: [Bool]) {
        slots = FenwickTree(weights: present.map { $0 ? 1 : 0 })
    }

    /// The current position of the unplaced element in `slot`.
    func position(ofSlot slot: Int) -> Int {
        front + slots.sum(before: slot)
    }

    /// Takes the element in `slot` out of the container (it moves elsewhere).
    mutating func remove(slot: Int) {
        slots.add(-1, at: slot)
    }

    /// The position right after `anchor`'s run of placed elements; `anchor` < 0 is the front.
    func insertionPosition(afterAnchor anchor: Int) -> Int {
        anchor < 0 ? front : front + slots.sum(before: anchor + 1)
    }

    /// Records an element placed at ``insertionPosition(afterAnchor:)``.
    mutating func place(afterAnchor anchor: Int) {
        if anchor < 0 { front += 1 } else { slots.add(1, at: anchor) }
    }
}
