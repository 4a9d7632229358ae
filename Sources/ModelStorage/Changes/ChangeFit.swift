/// An entry of a change log that the state it applies to cannot take: an item index past the
/// items of its section, a section index past the sections, or an index path that is not an
/// (item, section) pair. A storage that reports one contradicts its own earlier changes.
package struct ChangeMismatch: Error, Sendable, Equatable {
    /// The entry, described without its models.
    package let change: String
    /// What the state held: the items of ``section``, or the sections when it is nil.
    package let count: Int
    /// The section whose items ``count`` counts; nil when it counts sections.
    package let section: Int?
}

/// Checks of a change log against the counts of the state it applies to, before anyone indexes
/// with it: integer comparisons per segment, never a read of a model. A reader that follows a
/// storage's changes (a filter, a list) checks each segment against the state the ones before
/// it left, and reads the storage again when one does not fit.
package enum ChangeFit {
    /// Throws when `segment` does not fit a state of `sectionCount` sections, whose items
    /// `itemCount` counts (called with a valid section only).
    package static func check(_ segment: ChangeSet.Segment, sectionCount: Int, itemCount: (Int) -> Int) throws(ChangeMismatch) {
        /// The items of `section`, or a mismatch naming the sections when there is no such section.
        func items(of section: Int, _ change: @autoclosure () -> String) throws(ChangeMismatch) -> Int {
            guard section >= 0, section < sectionCount else {
                throw ChangeMismatch(change: change(), count: sectionCount, section: nil)
            }
            return itemCount(section)
        }
        /// Checks that `indexPath` is a pair whose item is in `0..<count + extra` of its section.
        func item(_ indexPath: IndexPath, extra: Int, _ change: @autoclosure () -> String) throws(ChangeMismatch) {
            guard indexPath.count == 2 else { throw ChangeMismatch(change: change(), count: sectionCount, section: nil) }
            let count = try items(of: indexPath.section, change())
            guard indexPath.item >= 0, indexPath.item < count + extra else {
                throw ChangeMismatch(change: change(), count: count, section: indexPath.section)
            }
        }
        func section(_ index: Int, extra: Int, _ change: @autoclosure () -> String) throws(ChangeMismatch) {
            guard index >= 0, index < sectionCount + extra else {
                throw ChangeMismatch(change: change(), count: sectionCount, section: nil)
            }
        }
        switch segment {
        case let .entry(change):
            switch change {
            case let .insertSection(index, _): try section(index, extra: 1, describe(segment))
            case let .deleteSection(index), let .updateSection(index, _): try section(index, extra: 0, describe(segment))
            case let .moveSection(from, to):
                try section(from, extra: 0, describe(segment))
                try section(to, extra: 0, describe(segment))
            case let .insertItem(indexPath, _): try item(indexPath, extra: 1, describe(segment))
            case let .deleteItem(indexPath), let .updateItem(indexPath, _): try item(indexPath, extra: 0, describe(segment))
            case let .moveItem(from, to):
                try item(from, extra: 0, describe(segment))
                // Without the item moved, the destination's section holds one item less.
                try item(to, extra: to.count == 2 && from.section == to.section ? 0 : 1, describe(segment))
            }
        case let .insertion(_, start):
            try item(start, extra: 1, describe(segment))
        case let .deletion(range, section):
            let count = try items(of: section, describe(segment))
            guard range.lowerBound >= 0, range.upperBound <= count else {
                throw ChangeMismatch(change: describe(segment), count: count, section: section)
            }
        case let .reordering(reordering):
            let count = try items(of: reordering.section, describe(segment))
            guard reordering.sources.count == count else {
                throw ChangeMismatch(change: describe(segment), count: count, section: reordering.section)
            }
        case let .splices(splices):
            // The runs are in order and apart (`ItemSplices` checks it): the first deletion is
            // the lowest, the last insertion the highest.
            let count = try items(of: splices.section, describe(segment))
            let after = count - splices.deletedCount + splices.insertedCount
            guard (splices.deletions.first?.upperBound ?? 0) <= count, (splices.insertions.last?.upperBound ?? 0) <= after else {
                throw ChangeMismatch(change: describe(segment), count: count, section: splices.section)
            }
        }
    }

    /// The first segment of `changes` that does not fit the state before it, read from a state
    /// of `sectionCount` sections whose items `itemCount` counts; nil when every one fits.
    /// O(segments), plus one read of each section's count once a section entry moves them.
    package static func firstMismatch(in changes: ChangeSet, sectionCount: Int, itemCount: (Int) -> Int) -> ChangeMismatch? {
        var counts = Counts(sectionCount: sectionCount)
        for segment in changes.segments {
            // An item update changes no count, and a storm of them comes one per change set:
            // its index path alone is compared (a mismatch is described by `check` below).
            if let indexPath = segment.itemUpdate?.indexPath, indexPath.count == 2,
                (0..<counts.sectionCount).contains(indexPath.section),
                (0..<counts.items(of: indexPath.section, reading: itemCount)).contains(indexPath.item)
            {
                continue
            }
            do throws(ChangeMismatch) {
                try check(segment, sectionCount: counts.sectionCount) { counts.items(of: $0, reading: itemCount) }
            } catch {
                return error
            }
            counts.follow(segment, reading: itemCount)
        }
        return nil
    }

    /// The counts as the segments checked so far left them: the items of the sections they
    /// changed, over the state's own, until a section entry makes every count its own.
    private struct Counts {
        var sectionCount: Int
        /// Every section's items, once a section entry shifted the sections.
        var all: [Int]?
        /// The items of the sections item entries changed, before that.
        var changed: [Int: Int] = [:]

        func items(of section: Int, reading itemCount: (Int) -> Int) -> Int {
            if let all { return all[section] }
            return changed.isEmpty ? itemCount(section) : changed[section] ?? itemCount(section)
        }

        mutating func add(_ delta: Int, toSection section: Int, reading itemCount: (Int) -> Int) {
            guard delta != 0 else { return }
            if all != nil {
                all![section] += delta
            } else {
                changed[section] = items(of: section, reading: itemCount) + delta
            }
        }

        /// Every count its own, for a section entry to shift.
        mutating func ownAll(reading itemCount: (Int) -> Int) {
            guard all == nil else { return }
            all = (0..<sectionCount).map { changed[$0] ?? itemCount($0) }
        }

        mutating func follow(_ segment: ChangeSet.Segment, reading itemCount: (Int) -> Int) {
            switch segment {
            case let .entry(change):
                switch change {
                case let .insertSection(index, _):
                    ownAll(reading: itemCount)
                    all!.insert(0, at: index)
                    sectionCount += 1
                case let .deleteSection(index):
                    ownAll(reading: itemCount)
                    all!.remove(at: index)
                    sectionCount -= 1
                case let .moveSection(from, to):
                    ownAll(reading: itemCount)
                    all!.insert(all!.remove(at: from), at: to)
                case let .insertItem(indexPath, _): add(1, toSection: indexPath.section, reading: itemCount)
                case let .deleteItem(indexPath): add(-1, toSection: indexPath.section, reading: itemCount)
                case let .moveItem(from, to):
                    add(-1, toSection: from.section, reading: itemCount)
                    add(1, toSection: to.section, reading: itemCount)
                case .updateSection, .updateItem: break
                }
            case let .insertion(models, start): add(models.count, toSection: start.section, reading: itemCount)
            case let .deletion(items, section): add(-items.count, toSection: section, reading: itemCount)
            case .reordering: break
            case let .splices(splices):
                add(splices.insertedCount - splices.deletedCount, toSection: splices.section, reading: itemCount)
            }
        }
    }

    /// The segment, described without its models.
    package static func describe(_ segment: ChangeSet.Segment) -> String {
        switch segment {
        case let .entry(.insertItem(indexPath, _)): "insert \(indexPath.shortDescription)"
        case let .entry(.updateItem(indexPath, _)): "update \(indexPath.shortDescription)"
        case let .entry(.insertSection(index, _)): "insert section \(index)"
        case let .entry(.updateSection(index, _)): "update section \(index)"
        case let .entry(change): change.description
        case let .insertion(models, start): "insert \(models.count) items at \(start.shortDescription)"
        case let .deletion(items, section): "delete items \(items.lowerBound)..<\(items.upperBound) of section \(section)"
        case let .reordering(reordering): "reorder the \(reordering.sources.count) items of section \(reordering.section)"
        case let .splices(splices):
            "splice section \(splices.section): delete \(splices.deletedCount), insert \(splices.insertedCount) items"
        }
    }
}
