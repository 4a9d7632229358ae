import ModelStorage

extension ListEvent {
    static let willSelect = ListEvent("willSelect", source: SelectionEvents.self)
    static let didSelect = ListEvent("didSelect", source: SelectionEvents.self)
    static let willDeselect = ListEvent("willDeselect", source: SelectionEvents.self)
    static let didDeselect = ListEvent("didDeselect", source: SelectionEvents.self)
    static let selectionDidChange = ListEvent("selectionDidChange", source: SelectionEvents.self)
}

/// Selection events: what the user selects and deselects (by pointer or keyboard), with
/// `willSelect` / `willDeselect` able to refuse or redirect it. Changes made by code
/// (``ListManager/selectItem(at:)``, or calls on the widget itself) are not reported.
///
/// The manager keeps the selection and asks this source, when it is installed, to settle what
/// the user changed and to report the outcome.
@MainActor
final class SelectionEvents: OnDemandFeature {
    /// Called after every change the user makes, with the selected items' index paths.
    var selectionObservers: [([IndexPath]) -> Void] = []
    /// The open streams of the selection, made with the first (ListManager+SelectionStream).
    var streams: StreamFanOut<[IndexPath]>?

    init(manager: ListManager) {}

    /// The selection after `willSelect` and `willDeselect` had their say on the user's change:
    /// `shown` is what the widget shows now (the previous selection with `added` and without
    /// `removed`).
    func settle(added: [IndexPath], removed: [IndexPath], shown: Set<IndexPath>, in manager: ListManager) -> Set<IndexPath> {
        var settled = shown
        let router = manager.events
        let single = manager.selectionMode != .multiple
        for indexPath in added {
            guard let (row, location) = manager.boundRowAndLocation(at: .item(indexPath)),
                let answer: IndexPath? = router.perform(.willSelect, on: row, at: location)
            else { continue }
            guard answer != indexPath else { continue }
            settled.remove(indexPath)
            if let target = answer, manager.boundRowAndLocation(at: .item(target)) != nil {
                if single { settled.removeAll() }
                settled.insert(target)
            } else if single {
                // A refused selection leaves the previous one in place.
                return settled.union(removed)
            }
        }
        for indexPath in removed {
            guard let (row, location) = manager.boundRowAndLocation(at: .item(indexPath)),
                let answer: IndexPath? = router.perform(.willDeselect, on: row, at: location)
            else { continue }
            guard answer != indexPath else { continue }
            settled.insert(indexPath)
            if let target = answer { settled.remove(target) }
        }
        return settled
    }

    /// Reports `didDeselect` and `didSelect` for the difference, in list order, then the
    /// selection to its observers when it changed.
    func report(before: Set<IndexPath>, after: Set<IndexPath>, in manager: ListManager) {
        let router = manager.events
        for indexPath in before.subtracting(after).sorted() {
            guard let (row, location) = manager.boundRowAndLocation(at: .item(indexPath)) else { continue }
            let _: Void? = router.perform(.didDeselect, on: row, at: location)
        }
        for indexPath in after.subtracting(before).sorted() {
            guard let (row, location) = manager.boundRowAndLocation(at: .item(indexPath)) else { continue }
            let _: Void? = router.perform(.didSelect, on: row, at: location)
        }
        guard before != after else { return }
        let selected = manager.selectedIndexPaths
        for observer in selectionObservers { observer(selected) }
    }
}
