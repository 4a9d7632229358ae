import Foundation
import ModelStorage

extension TypeAheadIndex {
    /// The most rows a change set may bring for the index to follow it: each inserted or
    /// updated model's text is read and folded on the main thread. A bigger change drops the
    /// index, and the next search builds it again in slices.
    static let largestFollowedChange = 4_096

    /// Follows `changes`, applied to the list this index was built from, with `text` giving the
    /// folded text of a model at an index path. False, with the index left half-changed, when
    /// the change is too big to follow (``largestFollowedChange``) or does not fit the index
    /// (an entry out of its range): the caller drops the index then.
    mutating func apply(_ changes: ChangeSet, text: (Any, IndexPath) -> [UInt8]) -> Bool {
        var read = 0
        for segment in changes.segments {
            switch segment {
            case let .insertion(models, _): read += models.count
            case let .splices(splices): read += splices.insertedCount + splices.deletions.count
            default: read += 1
            }
        }
        guard read <= Self.largestFollowedChange else { return false }
        for segment in changes.segments {
            guard apply(segment, text: text) else { return false }
        }
        return true
    }

    private mutating func apply(_ segment: ChangeSet.Segment, text: (Any, IndexPath) -> [UInt8]) -> Bool {
        switch segment {
        case let .entry(change):
            return apply(change, text: text)
        case let .insertion(models, start):
            guard holds(start, asEnd: true) else { return false }
            let texts = models.indices.map { text(models[$0], IndexPath(item: start.item + $0, section: start.section)) }
            sections[start.section].insert(texts, at: start.item)
        case let .deletion(items, section):
            guard sections.indices.contains(section), items.upperBound <= sections[section].count else { return false }
            sections[section].remove(items)
        case let .reordering(reordering):
            guard sections.indices.contains(reordering.section), reordering.sources.count == sections[reordering.section].count
            else { return false }
            sections[reordering.section].reorder(reordering.sources)
        case let .splices(splices):
            for run in splices.segments {
                guard apply(run, text: text) else { return false }
            }
        }
        return true
    }

    private mutating func apply(_ change: StorageChange, text: (Any, IndexPath) -> [UInt8]) -> Bool {
        switch change {
        case let .insertSection(index, _):
            guard index <= sections.count else { return false }
            sections.insert(TypeAheadSection(), at: index)
        case let .deleteSection(index):
            guard sections.indices.contains(index) else { return false }
            sections.remove(at: index)
        case let .moveSection(from, to):
            guard sections.indices.contains(from), sections.indices.contains(to) else { return false }
            sections.insert(sections.remove(at: from), at: to)
        case .updateSection:
            break
        case let .insertItem(indexPath, model):
            guard holds(indexPath, asEnd: true) else { return false }
            sections[indexPath.section].insert([text(model, indexPath)], at: indexPath.item)
        case let .deleteItem(indexPath):
            guard holds(indexPath) else { return false }
            sections[indexPath.section].remove(indexPath.item..<indexPath.item + 1)
        case let .moveItem(from, to):
            guard holds(from) else { return false }
            let moved = Array(self.text(at: from))
            sections[from.section].remove(from.item..<from.item + 1)
            guard holds(to, asEnd: true) else { return false }
            sections[to.section].insert([moved], at: to.item)
        case let .updateItem(indexPath, model):
            guard holds(indexPath) else { return false }
            sections[indexPath.section].replace(indexPath.item, with: text(model, indexPath))
        }
        return true
    }

    /// Whether `indexPath` is an item of the index, or, `asEnd`, also the place after a section's last.
    private func holds(_ indexPath: IndexPath, asEnd: Bool = false) -> Bool {
        guard sections.indices.contains(indexPath.section), indexPath.item >= 0 else { return false }
        return indexPath.item < sections[indexPath.section].count + (asEnd ? 1 : 0)
    }
}
