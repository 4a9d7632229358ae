/// Where a feature takes keys among the others (``ListFeature/keyStage``): a key goes to the
/// stages in this order, and the first feature that handles it wins. Features of one stage are
/// asked in the order they were installed. Keys no stage handles go on to GTK (arrow
/// navigation, Enter activation, …).
struct KeyStage: Comparable, Sendable {
    let order: Int

    /// F2 edits the focused row's text in place; while it edits, its keys.
    static let textEditing = KeyStage(order: 10)
    /// F2 and Enter open a table cell's editor on the cell cursor's editable cell.
    static let cellEditing = KeyStage(order: 15)
    /// Delete (no modifier) deletes the focused row, when editing offers deletion.
    static let rowEditing = KeyStage(order: 20)
    /// Alt+Up and Alt+Down move the focused row, when it can move.
    static let rowMoving = KeyStage(order: 30)
    /// The app's `keyPress` reactions.
    static let appReactions = KeyStage(order: 40)
    /// Ctrl+Z and Shift+Ctrl+Z undo and redo, when the list has an undo history (after the
    /// app's reactions: an app's own Ctrl+Z wins).
    static let undo = KeyStage(order: 45)
    /// Ctrl+Left and Ctrl+Right move a cell cursor across the focused row (a table).
    static let cellNavigation = KeyStage(order: 50)
    /// A tree's keys: opening, closing, moving to parents and children.
    static let treeNavigation = KeyStage(order: 60)
    /// Type-ahead find opens on a typed character or Ctrl+F (while open, it captures every key:
    /// ``ListFeature/capturesKeys``).
    static let search = KeyStage(order: 70)

    static func < (lhs: KeyStage, rhs: KeyStage) -> Bool { lhs.order < rhs.order }
}

/// Where a feature takes pointer presses among the others (``ListFeature/pointerStage``): a
/// press goes to the stages in this order, and the first feature that handles it wins; a press
/// no stage handles reaches the host's own handling last (the selection and activation of
/// `GtkListBox` and `GtkFlowBox`, or the virtualized host's handler).
struct PointerStage: Comparable, Sendable {
    let order: Int

    /// A tree's disclosure arrow opens or closes its row, and takes the press.
    static let disclosure = PointerStage(order: 10)
    /// A drag source remembers a press on a row that may be dragged; it never takes the press,
    /// so a click stays a click.
    static let dragging = PointerStage(order: 20)
    /// A table's editable cell remembers a press on it when it is the focused row's cursor
    /// cell, and opens its editor when the button is released there without a drag; it never
    /// takes the press.
    static let cellEditing = PointerStage(order: 24)
    /// A table's toggle cell remembers a press on it, and toggles when the button is released
    /// there without a drag; it never takes the press, so the click still selects the row.
    static let cellPress = PointerStage(order: 25)
    /// The context menu opens on a press that triggers one, and takes it.
    static let contextMenu = PointerStage(order: 30)

    static func < (lhs: PointerStage, rhs: PointerStage) -> Bool { lhs.order < rhs.order }
}
