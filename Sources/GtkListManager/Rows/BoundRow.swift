import CGtk
import ModelStorage

/// What a list holds at a position: an item, or a supplementary view of a section — its header,
/// its footer, or a view of any other kind (`SupplementaryKind`) placed before or after its items.
public enum RowRole: Hashable, Sendable, CustomStringConvertible {
    /// An item of a section.
    case item
    /// A view of `kind` around a section's items: its header, its footer, or another kind.
    case supplementary(SupplementaryKind)

    /// A section's header: the first of its supplementary views.
    public static let header = RowRole.supplementary(.header)
    /// A section's footer: the last of its supplementary views.
    public static let footer = RowRole.supplementary(.footer)

    /// The supplementary kind; nil for an item.
    public var supplementaryKind: SupplementaryKind? {
        if case let .supplementary(kind) = self { kind } else { nil }
    }

    public var description: String {
        switch self {
        case .item: "item"
        case let .supplementary(kind): kind.rawValue
        }
    }
}

/// A row view the manager bound to a position of its list: the view (your ``ListRow``), the
/// model it shows, and whether it is an item or a supplementary view (a header, a footer, …).
///
/// Hosts ask the manager for a bound row when a position needs a widget and hand it back when
/// they let it go; the manager then keeps it in its reuse pool for another position. A host
/// that binds only the visible positions has no bound row for the others: look rows up with
/// ``ListManager/boundRow(at:)``, which returns nil there.
///
/// A bound row owns a reference to the view's widget for as long as the view lives, in the list
/// or in the reuse pool, and drops it when it goes away.
///
/// Its public properties keep their storage private (CONTRIBUTING, Hot paths: 1).
@MainActor
public final class BoundRow {
    /// The row view (a ``ListRow`` class instance).
    public let view: any ListRow
    /// What the row is: an item or a supplementary view.
    public internal(set) var role: RowRole {
        get { storedRole }
        set { storedRole = newValue }
    }
    /// The model the row was last updated with. Events report this model, not a re-read one.
    public internal(set) var model: Any {
        get { storedModel }
        set { storedModel = newValue }
    }
    /// The widget the host shows the row in (a `GtkListBoxRow` for ``ListBoxHost``): set by the
    /// host when it places the row, nil while the row is in no host.
    public var hostWidget: UnsafeMutablePointer<GtkWidget>? {
        get { storedHostWidget }
        set { storedHostWidget = newValue }
    }
    /// The mapping that built and updates the row.
    var mapping: (any AnyRowMapping)?
    /// The binding of the model the row shows, for a ``LateContentTransfer`` row: a new one ends
    /// the one before.
    var binding: RowBinding? {
        get { storedBinding }
        set {
            if newValue !== storedBinding { storedBinding?.end() }
            storedBinding = newValue
        }
    }
    /// Whether the view's parts are bound rows of their own (a table row's cells).
    private let viewHoldsBoundRows: Bool
    /// Whether the row shows its model now: from when it is filled until ``endShowing()``.
    private var isShowing = true

    private var storedRole: RowRole
    private var storedModel: Any
    private var storedHostWidget: UnsafeMutablePointer<GtkWidget>?
    /// Ended by `deinit` too: a row released without being recycled (the list gone) ends it.
    private nonisolated(unsafe) var storedBinding: RowBinding?

    /// The view's root widget.
    public var widget: UnsafeMutablePointer<GtkWidget> { view.widget }

    /// The reference the bound row owns, released by `deinit`. Bound rows are main-actor objects
    /// that never leave the GTK thread, so the deinit needs no hop to the main actor (a
    /// measurable cost per row when a list of thousands goes away).
    private nonisolated(unsafe) let ownedWidget: UnsafeMutablePointer<GtkWidget>

    init(view: any ListRow, role: RowRole, model: Any, mapping: (any AnyRowMapping)?) {
        self.view = view
        storedRole = role
        storedModel = model
        self.mapping = mapping
        ownedWidget = view.widget
        viewHoldsBoundRows = mapping?.rowsHoldBoundRows ?? false
        g_object_ref_sink(ownedWidget)
        gtk_widget_show_all(ownedWidget)
    }

    deinit {
        storedBinding?.end()
        g_object_unref(ownedWidget)
    }

    /// Shows `model` through `mapping`, a new showing: the one before ends first.
    func show(_ model: Any, through mapping: any AnyRowMapping, at indexPath: IndexPath) {
        endShowing()
        self.mapping = mapping
        self.model = model
        binding = mapping.configure(view, with: model, at: indexPath)
        isShowing = true
    }

    /// The row stops showing its model (it leaves the list, or shows another model next): a
    /// ``StatefulRow``'s state for the model is kept, the binding ends, and so do the showings
    /// of the view's parts. Once per showing: a row pooled after it was detached is not read
    /// again.
    func endShowing() {
        guard isShowing else { return }
        isShowing = false
        mapping?.keepState(of: view, showing: model)
        binding = nil
        for part in parts { part.endShowing() }
    }

    /// A ``StatefulRow`` (and its view's parts) shows its model's default state again.
    func resetState() {
        mapping?.resetState(of: view)
        for part in parts { part.resetState() }
    }

    /// The bound rows the view holds (a table row's cells); none for most rows.
    private var parts: [BoundRow] {
        viewHoldsBoundRows ? (view as! any HoldsBoundRows).boundRows : []
    }
}

/// A row view whose parts are bound rows of their own (a table row's cells), whose showings end
/// with the row's.
@MainActor
protocol HoldsBoundRows: ListRow {
    /// The parts showing models now.
    var boundRows: [BoundRow] { get }
}
