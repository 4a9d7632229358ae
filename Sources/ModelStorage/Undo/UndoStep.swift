/// One step back of a change to a storage's items, by identity (``ModelIdentity``), never by
/// position alone: applied after other changes (a re-sort, a filter, rows added elsewhere), it
/// finds its items where they are then.
///
/// An ``UndoHistory`` records the steps that take a user action back; an ``UndoableStorage``
/// applies them.
public enum UndoStep: @unchecked Sendable {
    // @unchecked: the models are the storage's own values, applied on the main actor only.

    /// Puts `models` back, in order, after the item with identity `predecessor` in `section` (at
    /// the section's start when nil); at `index` when the predecessor is gone.
    case insert(models: [Any], after: ModelIdentity?, section: Int, index: Int)
    /// Takes the items with these identities out (wherever they are).
    case remove([ModelIdentity])
    /// Moves the item with `identity` back after `predecessor` in `section` (at its start when
    /// nil); at `index` when the predecessor is gone.
    case move(ModelIdentity, after: ModelIdentity?, section: Int, index: Int)
    /// Gives the item with `identity` its model `model` back.
    case replace(ModelIdentity, with: Any)
    /// A step only the storage that recorded it reads and applies (an `OutlineStorage`'s
    /// subtree put back under its parent, after the sibling it followed).
    case storageDefined(StorageUndoStep)
}

/// The content of an ``UndoStep/storageDefined(_:)`` step: what the storage that recorded it
/// needs to apply it, opaque to the history, and the items it puts back or changes.
public struct StorageUndoStep: @unchecked Sendable {
    // @unchecked: the storage's own values, applied on the main actor only.
    package let value: Any
    /// The items the step puts back or changes (to select them once it applied).
    public let touchedIdentities: [ModelIdentity]

    package init(_ value: Any, touching touchedIdentities: [ModelIdentity]) {
        self.value = value
        self.touchedIdentities = touchedIdentities
    }
}
