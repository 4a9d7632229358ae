import CGtk
import ModelStorage

/// Ctrl+Z and Shift+Ctrl+Z (and Ctrl+Y) on the list undo and redo through the manager's
/// ``ListManager/undoHistory`` (``KeyStage/undo``); keys it has nothing for go on.
@MainActor
final class UndoKeys: ListFeature {
    private unowned let manager: ListManager
    var history: UndoHistory?

    init(manager: ListManager, history: UndoHistory?) {
        self.manager = manager
        self.history = history
    }

    var keyStage: KeyStage? { .undo }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        guard let history, key.modifiers.contains(.control), !key.modifiers.contains(.alt) else { return false }
        let shifted = key.modifiers.contains(.shift)
        switch key.keyval {
        case guint(GDK_KEY_z), guint(GDK_KEY_Z):
            guard shifted ? history.canRedo : history.canUndo else { return false }
            _ = shifted ? manager.redo() : manager.undo()
            return true
        case guint(GDK_KEY_y), guint(GDK_KEY_Y):
            guard !shifted, history.canRedo else { return false }
            _ = manager.redo()
            return true
        default:
            return false
        }
    }
}
