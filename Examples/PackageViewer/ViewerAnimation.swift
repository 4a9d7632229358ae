import GtkListManager

extension ListConfiguration {
    /// How the viewer's lists show their changes: rows slide to their new places, coming and
    /// going with a short fade (a slide on the list box), in every mode.
    static var viewer: ListConfiguration {
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.slideDown, milliseconds: 150)
        return configuration
    }
}
