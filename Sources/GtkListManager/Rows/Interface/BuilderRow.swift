import CGtk
import Foundation

/// A row whose widget tree comes from a GtkBuilder `.ui` definition, the analogue of a cell
/// loaded from a XIB.
///
/// The manager loads the definition named after the class (`PackageRow.ui`) from
/// ``interfaceBundle``, or the one the mapping names in ``RowMapping/interfaceResource``, and
/// makes each row from a fresh copy of its objects. Take the widgets you need in
/// ``init(interface:)``:
///
/// ```swift
/// final class PackageRow: BuilderRow, ModelTransfer {
///     static var interfaceBundle: Bundle { .module }
///     let widget: UnsafeMutablePointer<GtkWidget>
///     private let name: UnsafeMutablePointer<GtkLabel>
///
///     init(interface: RowInterface) throws(RowInterfaceError) {
///         widget = interface.root
///         name = try interface.object("name", of: gtk_label_get_type())
///     }
///     func update(with package: Package) { gtk_label_set_text(name, package.name) }
/// }
/// ```
///
/// A definition that is missing, empty, malformed, without a root widget, or whose objects are
/// not of the classes the row asks for is reported as ``ManagerAnomaly/rowInterfaceFailed(rowClass:error:)``
/// once per mapping; the list shows empty rows in its place and keeps its positions.
@MainActor
public protocol BuilderRow: ListRow {
    /// The bundle that holds the definition: `.module` for a resource of your target.
    static var interfaceBundle: Bundle { get }
    /// The definition's resource name, without the `.ui` extension. Default: the class name.
    static var interfaceName: String { get }
    /// Makes a row around a fresh instance of the definition.
    ///
    /// - Throws: ``RowInterfaceError`` when an object the row needs is missing or of another
    ///   class (see ``RowInterface/object(_:of:)``).
    init(interface: RowInterface) throws(RowInterfaceError)
}

extension BuilderRow {
    public static var interfaceName: String { String(describing: self) }

    public static func makeRow(_ context: RowMakingContext) throws(RowInterfaceError) -> Self {
        let resource = context.resource ?? InterfaceResource(named: interfaceName, in: interfaceBundle)
        return try Self(interface: context.instantiate(resource))
    }
}
