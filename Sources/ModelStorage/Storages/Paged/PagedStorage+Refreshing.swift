/// How a paged storage follows changes others make to its source: the rows around the last
/// read are read again and compared by identity, so a row deleted, inserted, moved or changed
/// there shows as that change; elsewhere only the count moves.
extension PagedStorage {
    /// How many rows a refresh reads again at most: the run is cut to this many around where
    /// reading was last asked for (the viewport) before it is read again.
    var refreshLimit: Int { 4 * pageSize }

    /// Tells the storage that its source's rows changed (a notification from the server): the
    /// rows it keeps are read again, after the read under way, and ``count`` moves by the rows
    /// inserted and deleted, or is read again when the change cannot tell it.
    ///
    /// Changes that come while a refresh is under way are gathered into the next one, so a
    /// burst of changes costs a read or two, not one a change.
    public func sourceDidChange(_ change: PageSourceChange) {
        if isCounting { changedWhileCounting = true }
        unrefreshedChange = unrefreshedChange?.merged(with: change) ?? change
        needsRefresh = true
        scheduleNextRead()
    }

    /// Starts reading the run again for the changes told so far.
    func refresh() {
        needsRefresh = false
        guard let change = unrefreshedChange else { return }
        unrefreshedChange = nil
        guard !window.isEmpty else {
            var changes = ChangeSet()
            moveCount(by: countDelta(of: change), from: count, in: &changes)
            return deliver(changes)
        }
        var changes = ChangeSet()
        let dropped = window.trim(to: refreshLimit, keepingNear: readTarget)
        updateHandedOut(in: dropped, in: &changes)
        deliver(changes)
        refreshingChange = change
        start(.refresh(from: window.reachedStart ? nil : window.rows[0].key, limit: window.rows.count))
    }

    /// Puts the rows read again in place of the run: the differences between the two by
    /// identity as deletions, insertions, moves, and updates of rows handed out whose content
    /// differs; then the count moved by the change.
    func replaceRefreshed(with rows: [KeyedRow<Source.Row, Source.Key>], complete: Bool, in changes: inout ChangeSet) {
        let change = refreshingChange ?? .unknown
        refreshingChange = nil
        let countBefore = count, start = window.start, old = window.rows
        let oldIDs = old.map { source.rowID(of: $0.key) }, newIDs = rows.map { source.rowID(of: $0.key) }
        let script = Differ().script(fromIdentities: oldIDs, to: newIDs) { [handedOut] oldIndex, newIndex in
            // A row no observer holds needs no update; one that is held (or lands where one is)
            // updates when its content differs.
            guard handedOut.contains(start + oldIndex) || handedOut.contains(start + newIndex) else { return true }
            return modelsAreEqual(old[oldIndex].row, rows[newIndex].row)
        }
        var told = Set<Int>()
        for step in script.steps {
            switch step {
            case .deleteItem(let at): changes.append(.deleteItem(at: IndexPath(item: start + at.item, section: 0)))
            case .insertItem(let at, let newItem):
                changes.append(.insertItem(at: IndexPath(item: start + at.item, section: 0), model: rows[newItem.item].row))
                handedOut.insert(start + at.item)
                told.insert(at.item)
            case .moveItem(let from, let to):
                changes.append(
                    .moveItem(from: IndexPath(item: start + from.item, section: 0), to: IndexPath(item: start + to.item, section: 0)))
            case .updateItem(let at):
                changes.append(.updateItem(at: IndexPath(item: start + at.item, section: 0), model: rows[at.item].row))
                told.insert(at.item)
            default: break
            }
        }
        // A row that slid to a position an observer shows, from one it was never handed out at,
        // may be a stand-in there: tell what it is.
        for position in handedOut where (start..<start + rows.count).contains(position) {
            let index = position - start
            if !told.contains(index), index >= oldIDs.count || oldIDs[index] != newIDs[index] {
                changes.append(.updateItem(at: IndexPath(item: position, section: 0), model: rows[index].row))
            }
        }
        let shift = rows.count - old.count
        count += shift
        handedOut = Set(handedOut.lazy.map { $0 >= start + old.count ? $0 + shift : $0 })
        window.replace(with: rows, at: start, reachedStart: window.reachedStart, reachedEnd: complete)
        moveCount(by: countDelta(of: change), from: countBefore, in: &changes)
    }

    /// How the count moves for `change`: nil when it must be read.
    private func countDelta(of change: PageSourceChange) -> Int? {
        source.includesEveryRow ? change.countDelta : nil
    }

    /// Moves the count to `countBefore + delta` (never fewer than the rows kept), or reads the
    /// exact count again when `delta` is unknown.
    private func moveCount(by delta: Int?, from countBefore: Int, in changes: inout ChangeSet) {
        // A count read under way may or may not include this change: read it again after.
        if isCounting { changedWhileCounting = true }
        guard let delta else {
            fitPositions(in: &changes)
            if !isCounting { readCounts(exactOnly: true) }
            return
        }
        if let exactCount { self.exactCount = max(0, exactCount + delta) }
        if window.reachedEnd || exactCount != nil {
            fitPositions(in: &changes)
        } else {
            setCount(max(window.end, countBefore + delta), in: &changes)
        }
        recountWhenQuiet()
    }

    /// How long changes must stop before the count moved by them is read again.
    static var quietPeriod: Duration { .seconds(1) }
    /// How long a count moved by changes that never stop waits to be read again at most.
    static var longestCountDrift: Duration { .seconds(10) }

    /// Reads the exact count again once changes stop for a moment (or every 10 seconds while
    /// they go on). A count moved by the rows a change inserted and deleted drifts when a
    /// notification comes after a count that already included its change; this puts it right.
    func recountWhenQuiet() {
        let now = ContinuousClock.now
        lastCountMove = now
        if countDriftStart == nil { countDriftStart = now }
        guard !isRecountScheduled else { return }
        isRecountScheduled = true
        let handOff = handOff, generation = generation
        Task.detached {
            try? await Task.sleep(for: Self.quietPeriod)
            handOff.handOff { [weak self] in
                guard let self, generation == self.generation else { return }
                isRecountScheduled = false
                guard let lastCountMove, let countDriftStart else { return }
                let now = ContinuousClock.now
                if now - lastCountMove < Self.quietPeriod, now - countDriftStart < Self.longestCountDrift {
                    return recountWhenQuiet()
                }
                self.countDriftStart = nil
                if isCounting { changedWhileCounting = true } else { readCounts(exactOnly: true) }
            }
        }
    }
}
