import CGtk
import ModelStorage

/// What a list holds: an item, a section header or a section footer.
public enum RowRole: Hashable, Sendable, CustomStringConvertible {
    case item
    case header
    case footer

    public var description: String {
        switch self {
        case .item: "item"
        case .header: "header"
        case .footer: "footer"
        }
    }
}

/// A row view the manager bound to a position of its list: the view (your ``ListRow``), the
/// model it shows, and whether it is an item, a header or a footer.
///
/// Hosts ask the manager for a bound row when a position needs a widget and hand it back when
/// they let it go; the manager then keeps it in its reuse pool for another position. A host
/// that binds only the visible positions has no bound row for the others: look rows up with
/// ``ListManager/boundRow(at:)``, which returns nil there.
///
/// The record owns a reference to the view's widget for as long as the view lives, in the list
/// or in the reuse pool, and drops it when the record goes away.
///
/// Its public properties keep their storage private: Swift checks exclusive access at run time
/// on each access to a public stored property of a class, a cost on every row of a load, while
/// for private storage the optimizer proves the checks away.
@MainActor
public final class BoundRow {
    /// The row view (a ``ListRow`` class instance).
    public let view: any ListRow
    /// What the row is: item, header or footer.
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

    private var storedRole: RowRole
    private var storedModel: Any
    private var storedHostWidget: UnsafeMutablePointer<GtkWidget>?

    /// The view's root widget.
    public var widget: UnsafeMutablePointer<GtkWidget> { view.widget }

    /// The reference the record owns, released by `deinit`. Records are main-actor objects
    /// that never leave the GTK thread, so the deinit needs no hop to the main actor (a
    /// measurable cost per row when a list of thousands goes away).
    private nonisolated(unsafe) let ownedWidget: UnsafeMutablePointer<GtkWidget>

    init(view: any ListRow, role: RowRole, model: Any, mapping: (any AnyRowMapping)?) {
        self.view = view
        storedRole = role
        storedModel = model
        self.mapping = mapping
        ownedWidget = view.widget
        g_object_ref_sink(ownedWidget)
        gtk_widget_show_all(ownedWidget)
    }

    deinit {
        g_object_unref(ownedWidget)
    }
}
