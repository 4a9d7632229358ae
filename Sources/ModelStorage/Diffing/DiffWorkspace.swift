/// The working memory of one diff: a single allocation, carved into the typed regions its phases
/// use (see ``Plan``).
///
/// A diff needs a dozen arrays of its sizes: the pairings, the hash table, the subsequence's
/// buffers, the placement's slot weights. Allocated one by one they cost a `malloc` and a `free` each and
/// land all over the heap; here they are laid out once, sized up front, and regions that are
/// never alive at the same time share their bytes. Indices are 32-bit, which halves the memory
/// a diff streams through compared with `Int`.
///
/// The one who makes a workspace deallocates it, once the diff is done.
@usableFromInline
struct DiffWorkspace {
    @usableFromInline let plan: Plan
    @usableFromInline let memory: UnsafeMutableRawPointer

    /// Allocates the memory `plan` lays out.
    @inlinable
    init(_ plan: Plan) {
        self.plan = plan
        memory = .allocate(byteCount: plan.byteCount, alignment: plan.alignment)
    }

    @inlinable
    func deallocate() {
        memory.deallocate()
    }

    /// The memory of `region`, bound to its element type. A region's bytes may have held another
    /// type in an earlier phase: binding them again is what makes reusing them legal.
    @inlinable
    subscript<Element>(region: Region<Element>) -> UnsafeMutableBufferPointer<Element> {
        let start = (memory + region.offset).bindMemory(to: Element.self, capacity: region.count)
        return UnsafeMutableBufferPointer(start: start, count: region.count)
    }

    /// The memory of a region laid out for values of a type known only to the generic caller
    /// (copied identities), bound to `type`.
    @inlinable
    func buffer<Element>(_ region: RawRegion, of type: Element.Type) -> UnsafeMutableBufferPointer<Element> {
        let count = region.byteCount / MemoryLayout<Element>.stride
        let start = (memory + region.offset).bindMemory(to: Element.self, capacity: count)
        return UnsafeMutableBufferPointer(start: start, count: count)
    }
}

/// `count` values of `Element` at `offset` bytes into a workspace.
@usableFromInline
struct Region<Element> {
    @usableFromInline let offset: Int
    @usableFromInline let count: Int
}

/// `byteCount` bytes at `offset`, for values whose type the plan does not know.
@usableFromInline
struct RawRegion {
    @usableFromInline let offset: Int
    @usableFromInline let byteCount: Int
}

/// Lays regions out one after another, each aligned for its type.
struct RegionAllocator {
    private(set) var end = 0

    mutating func reserve<Element>(_ type: Element.Type, count: Int) -> Region<Element> {
        let offset = aligned(MemoryLayout<Element>.alignment)
        end = offset + MemoryLayout<Element>.stride * count
        return Region(offset: offset, count: count)
    }

    mutating func reserve(bytes byteCount: Int, alignment: Int) -> RawRegion {
        let offset = aligned(alignment)
        end = offset + byteCount
        return RawRegion(offset: offset, byteCount: byteCount)
    }

    private func aligned(_ alignment: Int) -> Int {
        (end + alignment - 1) & -alignment
    }
}
