import CGtk

/// What a list's drags offer and its drop site accepts, and GTK's drag actions in the terms of
/// ``DropProposal``.
@MainActor
enum DragTargets {
    /// What a target carries, as GTK hands it back (`info`).
    enum Info: guint {
        case row = 1, model, uris, text
    }

    /// A row moved within its own list (`GTK_TARGET_SAME_WIDGET`).
    static let row = "application/x-gtk-list-manager-row"
    /// Models dragged between the lists of this process (`GTK_TARGET_SAME_APP`).
    static let model = "application/x-gtk-list-manager-model"

    static func addRow(to targets: OpaquePointer) {
        gtk_target_list_add(targets, gdk_atom_intern(row, 0), GTK_TARGET_SAME_WIDGET.rawValue, Info.row.rawValue)
    }

    static func addModel(to targets: OpaquePointer) {
        gtk_target_list_add(targets, gdk_atom_intern(model, 0), GTK_TARGET_SAME_APP.rawValue, Info.model.rawValue)
    }

    /// The action that performs `operation`, when the drag allows it; none otherwise.
    static func action(of operation: DropProposal.Operation, allowed: GdkDragAction) -> GdkDragAction {
        let wanted: GdkDragAction
        switch operation {
        case .cancel: return GdkDragAction(0)
        case .copy: wanted = GDK_ACTION_COPY
        case .move: wanted = GDK_ACTION_MOVE
        }
        return allowed.rawValue & wanted.rawValue != 0 ? wanted : GdkDragAction(0)
    }

    static func operation(of action: GdkDragAction) -> DropProposal.Operation {
        if action.rawValue & GDK_ACTION_MOVE.rawValue != 0 { return .move }
        if action.rawValue & GDK_ACTION_COPY.rawValue != 0 { return .copy }
        return .cancel
    }
}
