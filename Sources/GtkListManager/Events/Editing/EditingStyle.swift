/// What editing a row does, as `editingStyle` answers it and `commitEditing` receives it
/// (UIKit's `UITableViewCell.EditingStyle`).
public enum EditingStyle: Hashable, Sendable, CustomStringConvertible {
    /// The row offers no edit action.
    case none
    /// The row can be deleted: the Delete key on the focused row and the context menu's
    /// delete item commit this style.
    case delete
    /// Something can be inserted at the row: the context menu's insert item commits this style.
    case insert

    public var description: String {
        switch self {
        case .none: "none"
        case .delete: "delete"
        case .insert: "insert"
        }
    }
}
