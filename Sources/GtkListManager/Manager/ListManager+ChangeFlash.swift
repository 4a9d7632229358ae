// Rows refreshed in place flash (ListConfiguration.changeFlash): the manager decides which row
// flashes and when a flash ends; the host kit's ChangeFlashes styles the widgets.
extension ListManager {
    /// The flashes of the configuration's ``ListConfiguration/changeFlash``, made or updated
    /// when the configuration changes; nil (and every flash ended) when it is off.
    func adoptChangeFlash(_ flash: ChangeFlash?) {
        guard let flash else {
            changeFlashes = nil
            return
        }
        if let changeFlashes { changeFlashes.duration = ChangeFlashes.microseconds(flash) } else { changeFlashes = ChangeFlashes(flash) }
    }

    /// `row` was refreshed in place with its item's new model: its host widget flashes, or,
    /// for an item a feature presents its own way (a table), the parts it says changed.
    func rowDidChange(_ row: BoundRow) {
        guard let changeFlashes else { return }
        if row.role == .item, let presenter = installedFeatures?.itemPresenter {
            presenter.flashChangedParts(of: row, with: changeFlashes)
        } else if let hostWidget = row.hostWidget {
            changeFlashes.flash(hostWidget, ownedBy: ObjectIdentifier(row))
        }
    }
}
