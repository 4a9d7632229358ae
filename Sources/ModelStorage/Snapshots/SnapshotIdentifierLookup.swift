/// What a list manager asks of the snapshot storage it shows without knowing its identifier
/// types.
@MainActor
package protocol SnapshotIdentifierLookup: AnyObject {
    /// The index path of `item`, or nil when it is not an item identifier of the current snapshot.
    func indexPath(forItemIdentifier item: Any) -> IndexPath?
    /// The identifier of the section at `index`, or nil when there is none.
    func sectionIdentifier(atIndex index: Int) -> Any?
}
