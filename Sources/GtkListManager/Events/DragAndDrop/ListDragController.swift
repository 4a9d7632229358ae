import CGtk
import ModelStorage

extension ListEvent {
    /// Installs a list's drag-and-drop site; no reaction is ever registered for it.
    static let dragSite = ListEvent("dragSite", source: ListDragController.self)
}

/// The GTK 3 drag-and-drop site of one list, shared by reordering and drag and drop: the list
/// widget is both the drag source (``ListDragSource``) and the drop target
/// (``ListDropTarget``); nothing is set up per row.
///
/// Installed once per list when the first reordering or drag-and-drop reaction is registered.
/// Presses reach it through the list's ``PointerDispatcher``.
@MainActor
final class ListDragController: OnDemandFeature {
    let source: ListDragSource
    private let target: ListDropTarget

    init(manager: ListManager) {
        source = ListDragSource(manager: manager)
        target = ListDropTarget(manager: manager, source: source)
    }

    var pointerStage: PointerStage? { .dragging }

    /// Remembers a press on a row that may be dragged; never takes it: a click stays a click.
    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        source.pressed(event)
        return false
    }

    /// A touch held still at the point: moving it on now drags the row there.
    func touchHeld(atX x: Double, y: Double) {
        source.arm(atX: x, y: y)
    }

    func pointerReleased() {
        source.released()
    }

    func listDidApply(_ changes: ChangeSet) {
        source.listDidApply(changes)
    }

    func listWillReload() {
        source.listWillReload()
    }
}
