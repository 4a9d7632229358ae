import ModelStorage

// A change set checked against what the list shows before any of it is applied: a storage
// whose log contradicts itself (a custom storage with a bug) would make the row map and the
// host index past their rows, or show a model in a wrong row.
extension ListManager {
    /// Whether `changes` fits the sections and items the list shows; when it does not, the
    /// first entry that does not is reported and the list reloads from the storage instead.
    /// Integer comparisons per segment of the change set, nothing per row.
    func changeSetFits(_ changes: ChangeSet) -> Bool {
        let rowMap = updater.rowMap
        guard
            let mismatch = ChangeFit.firstMismatch(
                in: changes, sectionCount: rowMap.sectionCount, itemCount: rowMap.itemCount(inSection:))
        else { return true }
        anomalyHandler.report(
            .inconsistentChangeSet(
                storageTypeName: String(reflecting: type(of: storage)), change: mismatch.change, count: mismatch.count,
                section: mismatch.section))
        reload()
        return false
    }
}
