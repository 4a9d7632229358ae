import CAccessibility
import CGtk
import CVirtualList

/// The library's cells that show a screen reader more than a text: a check box, an icon, a
/// progress bar, a spinner. A table makes one to tell a reader about a cell with no widget even
/// when its class names its rows (``AccessibleRow``): the name is not all it says.
@MainActor
protocol ContentCell: RowView {}

extension ToggleCell: ContentCell {}
extension IconCell: ContentCell {}
extension ProgressCell: ContentCell {}
extension SpinnerCell: ContentCell {}

/// What a screen reader hears of the content of a table cell with no widget (scrolled away),
/// read from a cell widget filled for the question: as its own accessible would say it.
@MainActor
enum CellContent {
    /// Tells `unbound` the role, value and states of the library cell `widget` is, or of the
    /// one it holds (the app's class around a toggle cell): what its accessible says. Returns
    /// the name the content says (an icon's description, a progress bar's text, "Spinner"),
    /// nil when it says none or `widget` is no such cell.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, to unbound: UnsafeMutablePointer<GlmAccessibleRow>) -> String? {
        if let toggle = ToggleState(of: widget) {
            toggle.describe(unbound)
            return nil
        }
        if let icon = glm_icon_cell_of_widget(widget) {
            unbound.pointee.cell_role = role(ATK_ROLE_ICON)
            return glm_icon_cell_get_description(icon).map { String(cString: $0) }
        }
        if let progress = glm_progress_cell_of_widget(widget) {
            unbound.pointee.cell_role = role(ATK_ROLE_PROGRESS_BAR)
            unbound.pointee.has_value = 1
            unbound.pointee.value = glm_progress_cell_get_fraction(progress) * 100
            unbound.pointee.value_min = 0
            unbound.pointee.value_max = 100
            return glm_progress_cell_get_label(progress).map { String(cString: $0) }
        }
        if let spinner = glm_spinner_cell_of_widget(widget) {
            unbound.pointee.cell_role = role(ATK_ROLE_ANIMATION)
            unbound.pointee.busy = glm_spinner_cell_get_active(spinner)
            return String(cString: glm_spinner_cell_accessible_name())
        }
        return nil
    }

    private static func role(_ role: AtkRole) -> Int32 {
        Int32(bitPattern: role.rawValue)
    }
}
