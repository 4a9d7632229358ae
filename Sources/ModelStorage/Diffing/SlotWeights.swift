/// The weights of a container's slots while the differ replays moves and inserts, and their
/// prefix sums (see ``PlacementTracker``).
///
/// A slot weighs 1 while its old element is there, plus the elements placed right after it.
/// Slots are grouped by 64: a bit per slot says whether its element is there, so the weight of
/// the slots before one inside its group is one population count, and a ``FenwickTree`` sums
/// the groups before it. Placed elements follow kept ones only, so few slots have any: a second
/// mask flags those, and a group without any costs nothing more. Compared with a tree over every
/// slot, a walk is six levels shorter and reads a few cache lines rather than one per level,
/// which is what the differ's placement spends its time on.
struct SlotWeights {
    /// Per group, a bit per slot whose old element is still there.
    private let present: UnsafeMutableBufferPointer<UInt64>
    /// Per group, a bit per slot with elements placed after it; how many is in `placed`.
    private let anchors: UnsafeMutableBufferPointer<UInt64>
    /// Per slot, the elements placed after it, where `anchors` has its bit.
    private let placed: UnsafeMutableBufferPointer<Int32>
    /// The weight of each group.
    private let groups: FenwickTree

    /// The weights of `count` slots in `memory`, each slot's element there when `isPresent`
    /// says so.
    init(count: Int, in memory: inout Memory, isPresent: (Int) -> Bool) {
        let groupCount = (count + 63) / 64
        present = memory.words(groupCount)
        anchors = memory.words(groupCount)
        placed = memory.placed(count)
        for group in 0..<groupCount {
            var word: UInt64 = 0
            for slot in group * 64..<min(group * 64 + 64, count) where isPresent(slot) {
                word |= 1 &<< UInt64(slot & 63)
            }
            present[group] = word
            anchors[group] = 0
        }
        let present = present
        groups = FenwickTree(nodes: memory.nodes(groupCount + 1)) { Int32(present[$0].nonzeroBitCount) }
    }

    /// The sum of the weights of the slots before `slot` (`slot` itself excluded).
    func sum(before slot: Int) -> Int {
        let group = slot &>> 6
        let before = groups.sum(before: group)
        // The slots of `group` before `slot`; none when it starts the group (which may then be
        // past the last one).
        let below = (1 &<< UInt64(slot & 63)) &- 1
        guard below != 0 else { return before }
        var total = before + (present[group] & below).nonzeroBitCount
        var anchorsBelow = anchors[group] & below
        while anchorsBelow != 0 {
            total += Int(placed[group &<< 6 + anchorsBelow.trailingZeroBitCount])
            anchorsBelow &= anchorsBelow &- 1
        }
        return total
    }

    /// The element of `slot` leaves it.
    func remove(slot: Int) {
        present[slot &>> 6] &= ~(1 &<< UInt64(slot & 63))
        groups.add(-1, at: slot &>> 6)
    }

    /// `count` more elements are placed right after `slot`.
    func addPlaced(_ count: Int, after slot: Int) {
        let bit: UInt64 = 1 &<< UInt64(slot & 63)
        if anchors[slot &>> 6] & bit == 0 {
            anchors[slot &>> 6] |= bit
            placed[slot] = 0
        }
        placed[slot] += Int32(truncatingIfNeeded: count)
        groups.add(Int32(truncatingIfNeeded: count), at: slot &>> 6)
    }
}

extension SlotWeights {
    /// Where the slot weights of several containers live in a workspace.
    struct Regions {
        let words: Region<UInt64>
        let nodes: Region<Int32>
        let placed: Region<Int32>

        /// Room for `slots` slots over `containers` containers: each container's groups round
        /// its slots up to 64, and its tree has a node more than its groups.
        init(_ allocator: inout RegionAllocator, slots: Int, containers: Int) {
            words = allocator.reserve(UInt64.self, count: 2 * (slots / 64 + containers))
            nodes = allocator.reserve(Int32.self, count: slots / 64 + 2 * containers)
            placed = allocator.reserve(Int32.self, count: slots)
        }
    }

    /// The memory of ``Regions``, handed out to one container after the other.
    struct Memory {
        private var words: UnsafeMutableBufferPointer<UInt64>
        private var nodes: UnsafeMutableBufferPointer<Int32>
        private var placed: UnsafeMutableBufferPointer<Int32>

        init(_ regions: Regions, in workspace: DiffWorkspace) {
            words = workspace[regions.words]
            nodes = workspace[regions.nodes]
            placed = workspace[regions.placed]
        }

        mutating func words(_ count: Int) -> UnsafeMutableBufferPointer<UInt64> { Self.take(count, from: &words) }
        mutating func nodes(_ count: Int) -> UnsafeMutableBufferPointer<Int32> { Self.take(count, from: &nodes) }
        mutating func placed(_ count: Int) -> UnsafeMutableBufferPointer<Int32> { Self.take(count, from: &placed) }

        private static func take<Element>(_ count: Int, from buffer: inout UnsafeMutableBufferPointer<Element>)
            -> UnsafeMutableBufferPointer<Element>
        {
            let taken = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            buffer = UnsafeMutableBufferPointer(rebasing: buffer[count...])
            return taken
        }
    }
}
