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

/// One row view in the manager's care, with what it currently shows.
///
/// The record owns a reference to the view's widget for as long as the view lives, in the list
/// or in the reuse pool, and drops it when the record goes away.
///
/// Its public properties keep their storage private: Swift checks exclusive access at run time
/// on each access to a public stored property of a class, a cost on every row of a load, while
/// for private storage the optimizer proves the checks away.
@MainActor
public final class HostedRow {
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
    /// The mapping that built and updates the row.
    var mapping: (any AnyRowMapping)?
    /// True while the row's widget is still on screen in a closing revealer: not reusable.
    var isLeaving = false
    /// The `GtkListBoxRow` holding the row while it is in a list box; nil otherwise.
    public internal(set) var listRow: UnsafeMutablePointer<GtkListBoxRow>? {
        get { storedListRow }
        set { storedListRow = newValue }
    }

    private var storedRole: RowRole
    private var storedModel: Any
    private var storedListRow: UnsafeMutablePointer<GtkListBoxRow>?

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
