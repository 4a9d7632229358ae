/// How rows read reach the storage's state and its observers: one change set per read, whose
/// entries follow each other as the state changes (positions found before the run inserted
/// first, then the rows' updates).
extension PagedStorage {
    func apply(_ rows: [KeyedRow<Source.Row, Source.Key>], of read: PageRead<Source.Key>, generation: Int) {
        guard generation == self.generation else { return }
        var changes = ChangeSet()
        let complete = rows.count < read.limit(pageSize: pageSize)
        switch read {
        case .first: replaceWindow(with: rows, at: 0, reachedStart: true, reachedEnd: complete, in: &changes)
        case .jump(_, let start): replaceWindow(with: rows, at: start, reachedStart: false, reachedEnd: complete, in: &changes)
        case .last: replaceWindowAtEnd(withNearestFirst: rows, complete: complete, in: &changes)
        case .after: extendForward(with: rows, complete: complete, in: &changes)
        case .before: extendBackward(withNearestFirst: rows, complete: complete, in: &changes)
        case .refresh: replaceRefreshed(with: rows, complete: complete, in: &changes)
        }
        let dropped = window.trim(to: capacity, keepingNear: readTarget)
        updateHandedOut(in: dropped, in: &changes)
        handedOut = handedOut.filter { abs($0 - readTarget) <= capacity }
        deliver(changes)
        readSucceeded(rows: true)
        readNext()
    }

    // MARK: - Placing rows

    private func replaceWindow(
        with rows: [KeyedRow<Source.Row, Source.Key>], at start: Int, reachedStart: Bool, reachedEnd: Bool, in changes: inout ChangeSet
    ) {
        let previous = window.positions
        window.replace(with: rows, at: start, reachedStart: reachedStart, reachedEnd: reachedEnd)
        if window.end > count { setCount(window.end, in: &changes) }
        // The rows read before become stand-ins, but where new rows take their place.
        updateHandedOut(in: previous, in: &changes, except: window.positions)
        updateHandedOut(in: window.positions, in: &changes)
        fitPositions(in: &changes)
    }

    /// The last rows (read backward from the end), placed to end at the last position.
    private func replaceWindowAtEnd(withNearestFirst rows: [KeyedRow<Source.Row, Source.Key>], complete: Bool, in changes: inout ChangeSet)
    {
        let previous = window.positions
        if rows.count > count { setCount(rows.count, in: &changes) }
        window.replace(with: rows.reversed(), at: count - rows.count, reachedStart: complete, reachedEnd: true)
        updateHandedOut(in: previous, in: &changes, except: window.positions)
        updateHandedOut(in: window.positions, in: &changes)
        fitPositions(in: &changes)
    }

    private func extendForward(with rows: [KeyedRow<Source.Row, Source.Key>], complete: Bool, in changes: inout ChangeSet) {
        let from = window.end
        window.append(rows, complete: complete)
        if window.end > count { setCount(window.end, in: &changes) }
        updateHandedOut(in: from..<window.end, in: &changes)
        fitPositions(in: &changes)
    }

    private func extendBackward(withNearestFirst rows: [KeyedRow<Source.Row, Source.Key>], complete: Bool, in changes: inout ChangeSet) {
        // More rows before the run than positions: the count was short there.
        if rows.count > window.start { insertPending(rows.count - window.start, in: &changes) }
        window.prepend(nearestFirst: rows, complete: complete)
        updateHandedOut(in: window.start..<(window.start + rows.count), in: &changes)
        fitPositions(in: &changes)
    }

    /// Puts the positions where the rows read say they are: the first row of the source at the
    /// first position, the last at the last (where the exact count puts it, the run's place
    /// found from the end), and as many positions as the exact count, once known, after the run.
    /// Only positions of rows not read are added or removed.
    func fitPositions(in changes: inout ChangeSet) {
        if window.reachedStart, window.start > 0 { deletePositions(before: window.start, in: &changes) }
        // Rows the source has before or after the run keep a position there at least, so that
        // asking for it reads them (positions are approximate across a jump).
        if !window.isEmpty, !window.reachedStart, window.start == 0 { insertPending(1, in: &changes) }
        if !window.isEmpty, !window.reachedEnd, count <= window.end { setCount(window.end + 1, in: &changes) }
        if window.reachedEnd {
            if !window.reachedStart, let exactCount, exactCount >= window.rows.count {
                let start = exactCount - window.rows.count
                if start > window.start { insertPending(start - window.start, in: &changes) }
                if start < window.start { deletePositions(before: window.start - start, in: &changes) }
            }
            setCount(window.end, in: &changes)
        } else if let exactCount {
            setCount(max(exactCount, window.end + 1), in: &changes)
        }
        if window.reachedStart, window.reachedEnd { isCountExact = true }
    }

    // MARK: - Positions

    /// Adds or removes positions at the end, so that there are `newCount`.
    func setCount(_ newCount: Int, in changes: inout ChangeSet) {
        guard newCount != count else { return }
        if newCount > count {
            changes.appendInsertion(of: ModelRun(count: newCount - count) { _ in PendingRow() }, at: IndexPath(item: count, section: 0))
        } else {
            changes.appendDeletion(of: newCount..<count, inSection: 0)
            handedOut = handedOut.filter { $0 < newCount }
        }
        count = newCount
    }

    /// Adds `added` positions before the first: every row moves down by that much.
    func insertPending(_ added: Int, in changes: inout ChangeSet) {
        changes.appendInsertion(of: ModelRun(count: added) { _ in PendingRow() }, at: IndexPath(item: 0, section: 0))
        count += added
        shiftPositions(by: added)
    }

    /// Removes the positions before `position`: every row moves up by that much.
    func deletePositions(before position: Int, in changes: inout ChangeSet) {
        changes.appendDeletion(of: 0..<position, inSection: 0)
        count -= position
        shiftPositions(by: -position)
    }

    private func shiftPositions(by offset: Int) {
        window.shift(by: offset)
        handedOut = Set(handedOut.lazy.map { $0 + offset }.filter { $0 >= 0 })
        wanted = wanted.map { $0 + offset }.filter { $0 >= 0 }
        readTarget = max(0, readTarget + offset)
    }

    /// Tells observers what the positions of `range` (but `skipped`) hold now, for those
    /// handed out.
    func updateHandedOut(in range: Range<Int>, in changes: inout ChangeSet, except skipped: Range<Int> = 0..<0) {
        guard !range.isEmpty else { return }
        let positions = range.count < handedOut.count ? range.filter(handedOut.contains) : handedOut.filter(range.contains).sorted()
        for position in positions where position < count && !skipped.contains(position) {
            changes.append(.updateItem(at: IndexPath(item: position, section: 0), model: window.row(at: position)?.row ?? PendingRow()))
        }
    }

    func deliver(_ changes: ChangeSet) {
        guard !changes.isEmpty else { return }
        broadcaster.deliver(.changes(changes), from: self)
    }
}
