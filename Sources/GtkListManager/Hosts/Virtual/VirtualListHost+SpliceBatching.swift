import CGtk

/// The splices of one change at once: the index takes them in one pass, and the bound rows,
/// the anchor and the keyboard's marks move once, each by a binary search over the splices.
extension VirtualListHost: SpliceBatching {
    public func insertRows(_ insertions: [(position: Int, count: Int)]) {
        willSplice()
        let shift = InsertionShift(insertions)
        guard !shift.insertions.isEmpty else { return }
        if motion.isNoting {
            for (position, count) in shift.insertions { motion.inserted.insert(count, at: position) }
        }
        index.insert(
            shift.insertions, locations: { [delegate] in delegate?.location(ofPosition: $0) },
            arrangement: delegate?.supplementaryArrangement ?? SupplementaryArrangement())
        placedRows = Dictionary(uniqueKeysWithValues: placedRows.map { (shift.moved($0.key), $0.value) })
        pendingScroll = pendingScroll.map { (shift.moved($0.position), $0.alignment) }
        pendingFocus = pendingFocus.map(shift.moved)
        selectionRangeStart = selectionRangeStart.map(shift.moved)
        // The anchor follows each insertion in turn, as `insertRows(at:count:)` moves it.
        var wasEmpty = count == 0
        for (position, count) in shift.insertions {
            if !wasEmpty, position < anchor || (position == anchor && (anchor > 0 || anchorOffset > 0)) {
                anchor += count
            }
            wasEmpty = false
        }
        count += shift.total
        layoutChanged()
    }

    public func removeRows(_ removals: [Range<Int>]) {
        willSplice()
        let shift = RemovalShift(bottomToTop: removals)
        guard !shift.removals.isEmpty else { return }
        if motion.isNoting { motion.inserted.moveBoundaries(shift.movedBoundary) }
        // The rows leaving, unbound removal by removal from the bottom, as one at a time would.
        var leaving: [Int: [(Int, PlacedRow)]] = [:]
        for (position, placed) in placedRows {
            if let removal = shift.place(of: position).removal { leaving[removal, default: []].append((position, placed)) }
        }
        for removal in leaving.keys.sorted() {
            let rows = leaving[removal]!.sorted { $0.0 < $1.0 }
            for (position, placed) in rows { delegate?.willUnbind(placed.row, at: position) }
            for (position, placed) in rows {
                leaveGhost(of: placed, at: position)
                placedRows[position] = nil
                release(placed)
            }
        }
        index.remove(shift.removals)
        placedRows = Dictionary(uniqueKeysWithValues: placedRows.compactMap { entry in shift.moved(entry.key).map { ($0, entry.value) } })
        // A scroll to a removed row goes to the row that takes its place.
        pendingScroll = pendingScroll.map { scroll in
            if let moved = shift.moved(scroll.position) { return (moved, scroll.alignment) }
            let start = shift.removals.first { $0.contains(scroll.position) }?.lowerBound ?? scroll.position
            let before = shift.removals.filter { $0.upperBound <= start }.reduce(0) { $0 + $1.count }
            return (start - before, scroll.alignment)
        }
        pendingFocus = pendingFocus.flatMap(shift.moved)
        selectionRangeStart = selectionRangeStart.flatMap(shift.moved)
        // The anchor follows each removal in turn, from the bottom, as `removeRows(at:)` moves it.
        for removal in shift.removals {
            if anchor >= removal.upperBound {
                anchor -= removal.count
            } else if anchor >= removal.lowerBound {
                // The first row after the ones removed takes the top row's place, at its pixel (its
                // offset clamped to its height).
                anchor = removal.lowerBound
            }
        }
        count -= shift.total
        layoutChanged()
    }
}

// Many moves of one section (a storage that writes a re-sort as moves): the bound rows follow
// all the moves in one pass of plain positions, and are placed anew once, instead of re-keying
// them per move.
extension VirtualListHost {
    public func moveRows(_ moves: [(from: Int, to: Int)]) {
        willSplice()
        // A grid's index reads each move's section from the layout as it is then: one by one.
        guard !index.isGrid else {
            for move in moves { moveRow(from: move.from, to: move.to) }
            return
        }
        let rows = Array(placedRows)
        var positions = rows.map(\.key)
        for (source, destination) in moves where source != destination {
            index.move(from: source, to: destination, location: nil)
            if motion.isNoting { motion.inserted.move(from: source, to: destination) }
            // As a removal at the source, then an insertion at the destination.
            for slot in positions.indices {
                var position = positions[slot]
                if position == source {
                    position = destination
                } else {
                    if position > source { position -= 1 }
                    if position >= destination { position += 1 }
                }
                positions[slot] = position
            }
            if anchor > source { anchor -= 1 }
            if destination <= anchor { anchor += 1 }
        }
        placedRows = Dictionary(uniqueKeysWithValues: zip(positions, rows.map(\.value)))
        layoutChanged()
    }
}
