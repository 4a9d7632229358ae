/// The rows a ``PagedStorage`` has read: one run of consecutive positions, the only rows it
/// keeps. A read next to it extends it; a read elsewhere (a jump) replaces it; rows furthest from
/// where reads were last asked for leave it first when it grows beyond its capacity.
struct PagedWindow<Row> {
    /// The position of `rows[0]`.
    private(set) var start = 0
    private(set) var rows: [Row] = []
    /// No row comes before the first one, or after the last one, in the source.
    private(set) var reachedStart = false
    private(set) var reachedEnd = false

    var end: Int { start + rows.count }
    var isEmpty: Bool { rows.isEmpty }
    var positions: Range<Int> { start..<end }

    func row(at position: Int) -> Row? {
        positions.contains(position) ? rows[position - start] : nil
    }

    /// Replaces the window with `rows` from `start`.
    mutating func replace(with rows: [Row], at start: Int, reachedStart: Bool, reachedEnd: Bool) {
        self.start = start
        self.rows = rows
        self.reachedStart = reachedStart
        self.reachedEnd = reachedEnd
    }

    /// Adds `rows`, read forward from the last row; `complete` when the source had no more.
    mutating func append(_ rows: [Row], complete: Bool) {
        self.rows += rows
        reachedEnd = complete
    }

    /// Adds `rows`, read backward from the first row (nearest first); `complete` when the
    /// source had no more.
    mutating func prepend(nearestFirst rows: [Row], complete: Bool) {
        self.rows.insert(contentsOf: rows.reversed(), at: 0)
        start -= rows.count
        reachedStart = complete
    }

    /// Moves every row by `offset` positions (the window anchored again).
    mutating func shift(by offset: Int) { start += offset }

    /// Drops rows from the end furthest from `position` until at most `capacity` are left;
    /// returns the positions dropped.
    mutating func trim(to capacity: Int, keepingNear position: Int) -> Range<Int> {
        let excess = rows.count - capacity
        guard excess > 0 else { return start..<start }
        if position - start >= end - position {
            let dropped = start..<(start + excess)
            rows.removeFirst(excess)
            start += excess
            reachedStart = false
            return dropped
        } else {
            let dropped = (end - excess)..<end
            rows.removeLast(excess)
            reachedEnd = false
            return dropped
        }
    }

    mutating func clear() {
        replace(with: [], at: 0, reachedStart: false, reachedEnd: false)
    }
}
