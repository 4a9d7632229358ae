import CGtk

/// What the manager hosts for one model: a Swift object that owns a widget tree.
///
/// Adopt one of its two refinements, which also say how rows are made: ``RowView`` for rows
/// built in code, ``BuilderRow`` for rows loaded from a GtkBuilder definition. A class that
/// needs another way implements ``makeRow(_:)`` itself.
///
/// Rows are made by the manager, filled with models, and reused: when a row leaves the list it
/// goes to a reuse pool and may show another model later.
@MainActor
public protocol ListRow: AnyObject {
    /// The row's root widget. The manager takes a reference to it when the row is made and
    /// shows it, so a floating widget from `gtk_*_new` is fine.
    var widget: UnsafeMutablePointer<GtkWidget> { get }

    /// Makes an empty row; the manager fills it with a model right after. ``RowView`` and
    /// ``BuilderRow`` implement it.
    static func makeRow(_ context: RowMakingContext) throws(RowInterfaceError) -> Self
}

/// A row built in code: build the widget tree in `init()`, fill it in
/// ``ModelTransfer/update(with:)``.
///
/// ```swift
/// final class PostRow: RowView, ModelTransfer {
///     let widget = gtk_label_new(nil)!
///     init() {}
///     func update(with post: Post) { gtk_label_set_text(gcast(widget), post.title) }
/// }
/// ```
///
/// The same protocol serves section headers and footers: on a `GtkListBox` they are rows too.
@MainActor
public protocol RowView: ListRow {
    /// Creates an empty row.
    init()
}

extension RowView {
    /// A new row from `init()`: a row view builds its widgets in code.
    public static func makeRow(_ context: RowMakingContext) -> Self {
        Self()
    }
}

/// A row that renders models of one type: `register(PostRow.self)` infers `Model` from it.
@MainActor
public protocol ModelTransfer: AnyObject {
    /// The type of the models this row shows. A protocol or a superclass matches every
    /// conforming or derived model.
    associatedtype Model
    /// Shows `model`. Called after the registration's handler, when the row is created, reused,
    /// or refreshed in place.
    func update(with model: Model)
}
