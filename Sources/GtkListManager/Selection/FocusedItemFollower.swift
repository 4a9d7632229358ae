import Foundation
import ModelStorage

/// The item that had the keyboard focus, followed through a change set's runs: where it is
/// afterwards, or, once a run removed it, the place of the item that took its place, followed
/// on through the runs after. O(1) per run, O(log runs) for a filter's splices, and once a scan
/// of the splices' deletions when they remove it.
struct FocusedItemFollower {
    /// The focused item, or the place of the removed one: the item after it, or one past its
    /// section's end.
    private(set) var indexPath: IndexPath
    /// Whether a run removed the focused item.
    private(set) var wasRemoved = false
    /// Whether a run removed its section: then only its flat position is left.
    private(set) var sectionWasRemoved = false
    /// Its flat position before the change set.
    let position: Int

    init(indexPath: IndexPath, position: Int) {
        self.indexPath = indexPath
        self.position = position
    }

    /// Whether `changes` can remove an item: only deletions can (moves and updates keep every
    /// item), so a storm of updates never looks the focused row up.
    static func isNeeded(for changes: ChangeSet) -> Bool {
        for segment in changes.segments {
            switch segment {
            case .deletion, .splices: return true
            case .insertion, .reordering: continue
            case let .entry(change):
                switch change {
                case .deleteItem, .deleteSection: return true
                default: continue
                }
            }
        }
        return false
    }

    mutating func follow(_ run: ChangeRun) {
        guard !sectionWasRemoved else { return }
        if let destination = run.destination(ofItemAt: indexPath) {
            indexPath = destination
            return
        }
        wasRemoved = true
        switch run {
        case let .deleteItems(items, _):
            indexPath.item = items.lowerBound
        case .single(.deleteItem):
            break  // the item after it now has its index
        case let .spliceItems(splices):
            // The first item after the removed run it was in, where the splices take it.
            let end = splices.deletions.first { $0.contains(indexPath.item) }?.upperBound ?? indexPath.item + 1
            indexPath = splices.destination(ofItemAt: IndexPath(item: end, section: indexPath.section)) ?? indexPath
        default:
            sectionWasRemoved = true
        }
    }
}
