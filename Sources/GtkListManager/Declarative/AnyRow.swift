import ModelStorage

/// A row of a declarative ``Section``, whatever its row class: every ``Row`` is one, so a
/// section's rows can mix classes (`[Row<NameRow>(…), Row<ImageRow>(…)]` is an `[AnyRow]`).
///
/// Only ``Row`` derives from it; it carries what the manager needs without knowing the class.
@MainActor
public class AnyRow {
    /// The identity given explicitly, or nil when the row is identified by its model.
    public let id: AnyHashable?
    /// The model, type-erased.
    let erasedModel: Any
    /// The class that shows the row.
    let rowClass: any ListRow.Type
    /// The rows shown under this one when it is expanded; nil for a row that is not a parent
    /// (an empty array is a parent without children, as an empty folder).
    public let children: [AnyRow]?
    /// Whether the row shows its children at first (see ``Row`` for how the state is kept).
    public let isExpanded: Bool

    init(id: AnyHashable?, model: Any, rowClass: any ListRow.Type, children: [AnyRow]?, isExpanded: Bool) {
        self.id = id
        self.erasedModel = model
        self.rowClass = rowClass
        self.children = children
        self.isExpanded = isExpanded
    }

    /// Makes the item that keeps this row in the manager's declarative storage. ``Row``
    /// overrides it with an item of its class; the plain item shows nothing.
    func makeSlot() -> DeclaredItem {
        DeclaredItem(row: self)
    }

    /// The event groups this row has closures for (``Row`` overrides it).
    var declaredEvents: Set<DeclaredRowEvents> { [] }

    /// What matches this row with a row of the previous update: the explicit ``id``, or the
    /// model's identity together with the row class (two classes showing one model are two
    /// rows). Nil when the model has no identity (see `ModelIdentity` in ModelStorage).
    var identity: RowIdentity? {
        if let id { return .explicit(id) }
        return ModelIdentity(of: erasedModel).map { .model(rowClass: ObjectIdentifier(rowClass), $0) }
    }

    /// Whether `other`, a row with the same identity, shows the same thing: the same class and
    /// the same model content. Closures never count.
    func hasSameContent(as other: AnyRow) -> Bool {
        ObjectIdentifier(rowClass) == ObjectIdentifier(other.rowClass)
            && ModelIdentity.contentIsEqual(erasedModel, other.erasedModel)
    }
}

/// Matches declarative rows across updates.
enum RowIdentity: Hashable {
    /// The row's explicit id.
    case explicit(AnyHashable)
    /// The model's identity, per row class.
    case model(rowClass: ObjectIdentifier, ModelIdentity)
    /// A row without identity: matches nothing, so it is inserted anew on every update.
    case unmatched(Int)
}

/// The groups of GTK events a declarative row can react to; the manager listens to a group
/// only once some declared row needs it.
enum DeclaredRowEvents: Hashable, CaseIterable {
    /// onTap, onSelect, onDeselect.
    case selection
    /// onWillDisplay, onDidEndDisplay.
    case display
    /// onDelete.
    case deletion
    /// canMove, onMove.
    case reordering
}
