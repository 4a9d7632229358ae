import CGtk

/// A row class: a Swift object that owns the widget shown for one model in a list.
///
/// Rows are created by the manager (`init()`), filled with models, and reused: when a row leaves
/// the list it goes to a reuse pool and may show another model later. Build the widget tree in
/// `init()`; fill it in ``ModelTransfer/update(with:)``.
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
public protocol RowView: AnyObject {
    /// Creates an empty row; the manager fills it with a model right after.
    init()
    /// The row's root widget. The manager takes a reference to it when the row is created and
    /// shows it, so a floating widget from `gtk_*_new` is fine.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
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
