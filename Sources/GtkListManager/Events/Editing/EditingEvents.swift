import CGtk
import ModelStorage

extension ListEvent {
    static let canEdit = ListEvent("canEdit", source: EditingEvents.self)
    static let editingStyle = ListEvent("editingStyle", source: EditingEvents.self)
    static let commitEditing = ListEvent("commitEditing", source: EditingEvents.self)
    static let titleForDeleteConfirmationButton = ListEvent("titleForDeleteConfirmationButton", source: EditingEvents.self)
    static let willBeginEditing = ListEvent("willBeginEditing", source: EditingEvents.self)
    static let didEndEditing = ListEvent("didEndEditing", source: EditingEvents.self)
}

/// Editing a row, emulated: GTK has no editing mode, so the edit action a row offers is
/// committed by the Delete key on the focused row (style `.delete`) or by the edit item of the
/// row's context menu (`.delete` or `.insert`, see `ContextMenuEvents`).
///
/// A row offers an edit action when `canEdit` answers true (default false) and a
/// `commitEditing` reaction may answer for it (as UIKit offers swipe-to-delete only when the
/// data source commits edits). Its style is `editingStyle`'s answer, `.delete` when no reaction
/// answers (UIKit's default for an editable row). The manager never changes the storage
/// itself: `commitEditing` does.
///
/// `willBeginEditing` / `didEndEditing` frame each interaction: around the commit for the
/// Delete key, from the opening of a context menu with an edit item to its commit or dismissal.
@MainActor
final class EditingEvents: OnDemandFeature {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
        // The context menu offers the edit action too: its source must listen as well.
        manager.features.require(.contextMenu)
    }

    var keyStage: KeyStage? { .rowEditing }

    /// The edit action the row offers: `.none` unless it can be edited and a `commitEditing`
    /// reaction may answer for it.
    func offeredStyle(for row: BoundRow, at location: RowLocation) -> EditingStyle {
        guard row.role == .item, location.role == .item else { return .none }
        let router = manager.events
        guard router.performModelEvent(.canEdit, model: row.model, at: location, as: Bool.self) == true,
            router.hasReaction(.commitEditing, for: row, at: location)
        else { return .none }
        return router.performModelEvent(.editingStyle, model: row.model, at: location, as: EditingStyle.self) ?? .delete
    }

    /// The label of the context menu's delete item: `titleForDeleteConfirmationButton`, or
    /// "Delete" when it answers nil or an empty title.
    func deleteTitle(for row: BoundRow, at location: RowLocation) -> String {
        let answer: String?? = manager.events.perform(.titleForDeleteConfirmationButton, on: row, at: location)
        guard let title = answer ?? nil, !title.isEmpty else { return "Delete" }
        return title
    }

    // MARK: - One edit interaction

    /// Starts an interaction on a row offering `style`: reports `willBeginEditing`.
    func begin(_ row: BoundRow, at location: RowLocation, style: EditingStyle) -> EditSession {
        let _: Void? = manager.events.perform(.willBeginEditing, on: row, at: location)
        return EditSession(row: row, location: location, style: style)
    }

    /// Commits the session's style through `commitEditing`, if the row is still in the list.
    func commit(_ session: EditSession) {
        guard !session.isEnded, let location = manager.location(of: session.row) else { return }
        manager.asUserAction(named: session.style == .insert ? "Insert" : "Delete") {
            let _: Void? = manager.events.perform(.commitEditing, input: session.style, on: session.row, at: location)
        }
    }

    /// Ends the interaction once: reports `didEndEditing` with the row's bound model, at the
    /// row's location, or where it was when the commit removed it.
    func end(_ session: EditSession) {
        guard !session.isEnded else { return }
        session.markEnded()
        let location = manager.location(of: session.row) ?? session.location
        let _: Void? = manager.events.perform(.didEndEditing, on: session.row, at: location)
    }

    // MARK: - The Delete key

    /// Delete (or keypad Delete) without modifiers on the focused row commits `.delete` when
    /// the row offers it (begin, commit, end); otherwise the key goes on (see
    /// ``KeyStage/rowEditing``). BackSpace is left alone: in GTK applications it means "back" or
    /// deletes text, never a list item.
    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        guard let (row, location) = focused, key.keyval == guint(GDK_KEY_Delete) || key.keyval == guint(GDK_KEY_KP_Delete),
            key.modifiers.isEmpty,
            offeredStyle(for: row, at: location) == .delete
        else { return false }
        let session = begin(row, at: location, style: .delete)
        commit(session)
        end(session)
        return true
    }
}

/// One edit interaction on a row, from `willBeginEditing` to `didEndEditing`.
@MainActor
final class EditSession {
    let row: BoundRow
    /// Where the row was when the interaction began.
    let location: RowLocation
    let style: EditingStyle
    private(set) var isEnded = false

    init(row: BoundRow, location: RowLocation, style: EditingStyle) {
        self.row = row
        self.location = location
        self.style = style
    }

    fileprivate func markEnded() { isEnded = true }
}
