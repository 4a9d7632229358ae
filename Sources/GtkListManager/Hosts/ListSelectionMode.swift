/// How many rows a user may select.
public enum ListSelectionMode: Sendable, Equatable {
    /// None.
    case none
    /// At most one; a click on the selected row keeps it (GTK's default for list boxes).
    case single
    /// Exactly one once the user selected a row (GTK's "browse").
    case browse
    /// Any number, with Ctrl and Shift.
    case multiple
}
