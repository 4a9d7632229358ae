/// Why a row could not be made from its GtkBuilder definition.
public enum RowInterfaceError: Error, Equatable, CustomStringConvertible {
    /// No `.ui` resource of that name in the bundle.
    case resourceNotFound(resource: String, bundlePath: String)
    /// The resource is empty.
    case emptyDefinition(resource: String)
    /// GtkBuilder refused the definition (the message is GtkBuilder's).
    case invalidDefinition(resource: String, message: String)
    /// The definition has no top-level widget to be the row (or several and none with id `root`).
    case noRootWidget(resource: String)
    /// An object the row asks for is not in the definition.
    case missingObject(resource: String, id: String)
    /// An object is not of the class the row asks for (or the root is a window, which cannot be
    /// put in a list).
    case wrongClass(resource: String, id: String, expected: String, found: String)

    public var description: String {
        switch self {
        case let .resourceNotFound(resource, bundlePath):
            "no resource \(resource) in the bundle at \(bundlePath)"
        case let .emptyDefinition(resource):
            "\(resource) is empty"
        case let .invalidDefinition(resource, message):
            "GtkBuilder cannot read \(resource): \(message)"
        case let .noRootWidget(resource):
            "\(resource) has no top-level widget to be the row (give it the id \"root\" when there are several)"
        case let .missingObject(resource, id):
            "\(resource) has no object with the id \"\(id)\""
        case let .wrongClass(resource, id, expected, found):
            "the object \"\(id)\" of \(resource) is a \(found), not a \(expected)"
        }
    }
}
