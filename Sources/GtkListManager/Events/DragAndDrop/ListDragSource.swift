import CGtk
import ModelStorage

/// The drag source of one list: the list widget itself, not each row (a list-box row has no
/// GdkWindow and never sees button events).
///
/// A primary press on a row that may be dragged (`canMove`, or a non-empty
/// `itemsForBeginningDrag`) and inside its ``ReorderableRow/dragHandle`` if it has one is
/// remembered; when the pointer then moves past GTK's drag threshold the drag starts with
/// `gtk_drag_begin_with_coordinates` (as `GtkTreeView` does). Clicks stay clicks. A press on
/// one of several selected rows drags them all (``DraggedRows``). The pressed row, drawn into
/// a cairo surface with a count badge when it drags others along, is the drag icon. It offers
/// a reorder target limited to this widget, an in-process model target, `text/uri-list` and
/// GTK's text targets (``DragTargets``).
@MainActor
final class ListDragSource {
    private unowned let manager: ListManager
    private var widget: UnsafeMutablePointer<GtkWidget> { manager.widget }

    /// A press that may become a drag.
    private struct Press {
        let row: BoundRow
        /// In the list widget's coordinates.
        let x: Int32, y: Int32
    }
    private var press: Press?

    /// The drag started on this list, while it lasts.
    final class ActiveDrag {
        /// The pressed row, kept bound while the drag lasts.
        let row: BoundRow
        let session: DragSession
        let token: String
        /// The press point within the row, for the drag icon's hot spot.
        let offsetX: Int32, offsetY: Int32
        var failed = false
        /// Where the other dragged rows are now (they may have no widget): followed through
        /// every change of the list while the drag lasts, dropped when their item goes.
        var otherIndexPaths: [IndexPath]
        init(row: BoundRow, session: DragSession, token: String, offsetX: Int32, offsetY: Int32) {
            self.row = row
            self.session = session
            self.token = token
            self.offsetX = offsetX
            self.offsetY = offsetY
            otherIndexPaths = session.sourceIndexPaths.filter { $0 != session.sourceIndexPath }
        }

        /// The index paths of all the dragged rows now, in list order, the pressed row at
        /// `pressed`.
        func indexPaths(pressedAt pressed: IndexPath) -> [IndexPath] {
            (otherIndexPaths + [pressed]).sorted()
        }
    }
    private(set) var activeDrag: ActiveDrag?
    /// The list of this process a drag is running from (GTK runs one drag at a time).
    private(set) static weak var dragging: ListDragSource?
    private static var dragSerial = 0

    init(manager: ListManager) {
        self.manager = manager
        gtk_widget_add_events(widget, Int32(GDK_BUTTON1_MOTION_MASK.rawValue))
        if let window = gtk_widget_get_window(widget), gtk_widget_get_has_window(widget) != 0 {
            gdk_window_set_events(window, GdkEventMask(gdk_window_get_events(window).rawValue | GDK_BUTTON1_MOTION_MASK.rawValue))
        }
        connect()
    }

    /// The manager whose list this is.
    var listManager: ListManager { manager }

    /// True when `context` is a drag of this list's widget.
    func isSource(of context: OpaquePointer) -> Bool {
        gtk_drag_get_source_widget(context) == widget
    }

    private var reordering: ReorderingEvents? { manager.features.installed(ReorderingEvents.self) }
    private var dragAndDrop: DragAndDropEvents? { manager.features.installed(DragAndDropEvents.self) }

    private func connect() {
        Signal.connectEvent(widget, "motion-notify-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event else { return false }
            return pointerMoved(event)
        }
        Signal.connect(widget, "drag-begin", argument: OpaquePointer.self) { [weak self] _, context in
            guard let self, let context else { return }
            dragBegan(context)
        }
        DragSignal.connectDataGet(widget) { [weak self] _, selection, info in
            self?.provideData(selection, info: info)
        }
        DragSignal.connectFailed(widget) { [weak self] _, _ in
            self?.activeDrag?.failed = true
            return false
        }
        Signal.connect(widget, "drag-end", argument: OpaquePointer.self) { [weak self] _, context in
            guard let self, let context else { return }
            dragEnded(context)
        }
    }

    // MARK: - From press to drag

    /// A primary mouse press may start a drag; a touch press may not (a moving finger
    /// scrolls), until it is held long enough (``arm(atX:y:)``).
    func pressed(_ event: UnsafeMutablePointer<GdkEvent>) {
        press = nil
        var button: guint = 0
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, gdk_event_get_button(event, &button) != 0, button == 1,
            !TouchInput.isTouch(event), let point = PointerLocation.point(of: event, in: widget)
        else { return }
        arm(atX: point.x, y: point.y)
    }

    /// Remembers a press at the point (list coordinates) when it is on a row that may be
    /// dragged from there: the next motion past GTK's threshold starts the drag.
    func arm(atX pointX: Double, y pointY: Double) {
        press = nil
        let x = Int32(pointX.rounded(.down)), y = Int32(pointY.rounded(.down))
        guard activeDrag == nil, let position = manager.host.position(atX: Double(x), y: Double(y)),
            let (row, location) = manager.boundRowAndLocation(atPosition: position), location.role == .item,
            isOnHandle(row, x: x, y: y)
        else { return }
        press = Press(row: row, x: x, y: y)
    }

    func released() {
        press = nil
    }

    /// The point of `event` in the list's coordinates, rounded down (the event may come from a
    /// child with its own window, such as an event box handle).
    private func listPoint(of event: UnsafeMutablePointer<GdkEvent>) -> (Int32, Int32)? {
        guard let point = PointerLocation.point(of: event, in: widget) else { return nil }
        return (Int32(point.x.rounded(.down)), Int32(point.y.rounded(.down)))
    }

    /// True when the point is on the row's drag handle, or the row has none.
    private func isOnHandle(_ row: BoundRow, x: Int32, y: Int32) -> Bool {
        guard let handle = (row.view as? any ReorderableRow)?.dragHandle else { return true }
        var handleX: Int32 = 0, handleY: Int32 = 0
        guard gtk_widget_translate_coordinates(widget, handle, x, y, &handleX, &handleY) != 0 else { return false }
        return handleX >= 0 && handleY >= 0
            && handleX < gtk_widget_get_allocated_width(handle) && handleY < gtk_widget_get_allocated_height(handle)
    }

    private func pointerMoved(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        var state = GdkModifierType(0)
        guard let press, gdk_event_get_state(event, &state) != 0 else { return false }
        guard state.rawValue & GDK_BUTTON1_MASK.rawValue != 0 else {
            self.press = nil
            return false
        }
        guard let (x, y) = listPoint(of: event), gtk_drag_check_threshold(widget, press.x, press.y, x, y) != 0 else {
            return false
        }
        self.press = nil
        return beginDrag(from: press, event: event)
    }

    /// Starts a drag of the pressed row (and the selected rows with it) when it may be moved or
    /// offers items.
    private func beginDrag(from press: Press, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let row = press.row
        guard let location = manager.location(of: row), let hostWidget = row.hostWidget,
            let rows = DraggedRows.pressed(row, at: location, in: manager, reordering: reordering, dragAndDrop: dragAndDrop)
        else { return false }
        let isReordering = rows.isReordering
        let items = rows.items

        let session = DragSession(rows: rows, pressedAt: location.indexPath, model: row.model)
        guard let targets = gtk_target_list_new(nil, 0) else { return false }
        defer { gtk_target_list_unref(targets) }
        var actions = GdkDragAction(0)
        if isReordering {
            DragTargets.addRow(to: targets)
            actions = GdkDragAction(actions.rawValue | GDK_ACTION_MOVE.rawValue)
        }
        if !items.isEmpty {
            DragTargets.addModel(to: targets)
            if items.contains(where: { !$0.uris.isEmpty }) { gtk_target_list_add_uri_targets(targets, DragTargets.Info.uris.rawValue) }
            if items.contains(where: { $0.text != nil }) { gtk_target_list_add_text_targets(targets, DragTargets.Info.text.rawValue) }
            let allowsMove = dragAndDrop?.allowsMove?(session) ?? true
            actions = GdkDragAction(actions.rawValue | GDK_ACTION_COPY.rawValue | (allowsMove ? GDK_ACTION_MOVE.rawValue : 0))
        }

        var rowX: Int32 = 0, rowY: Int32 = 0
        gtk_widget_translate_coordinates(widget, hostWidget, press.x, press.y, &rowX, &rowY)
        Self.dragSerial += 1
        activeDrag = ActiveDrag(row: row, session: session, token: "gtk-list-manager-drag-\(Self.dragSerial)", offsetX: rowX, offsetY: rowY)
        Self.dragging = self
        guard gtk_drag_begin_with_coordinates(widget, targets, actions, 1, event, press.x, press.y) != nil else {
            activeDrag = nil
            Self.dragging = nil
            return false
        }
        manager.host.keepBound(row)  // wherever the list scrolls, the drop must find it
        return true
    }

    // MARK: - While the drag lasts

    private func dragBegan(_ context: OpaquePointer) {
        guard let drag = activeDrag else { return }
        setIcon(of: drag, on: context)
        for observer in dragAndDrop?.willBegin ?? [] { observer(drag.session) }
    }

    /// The pressed row drawn into a surface, held where it was pressed, with the number of rows
    /// dragged when there are several.
    private func setIcon(of drag: ActiveDrag, on context: OpaquePointer) {
        guard let rowWidget = drag.row.hostWidget,
            let surface = DragIcon.surface(
                of: rowWidget, heldAt: drag.offsetX, drag.offsetY, count: drag.session.sourceIndexPaths.count)
        else { return }
        defer { cairo_surface_destroy(surface) }
        gtk_drag_set_icon_surface(context, surface)
    }

    private func provideData(_ selection: OpaquePointer, info: guint) {
        guard let drag = activeDrag else { return }
        switch DragTargets.Info(rawValue: info) {
        case .row, .model:
            let bytes = Array(drag.token.utf8)
            gtk_selection_data_set(selection, gtk_selection_data_get_target(selection), 8, bytes, Int32(bytes.count))
        case .uris:
            let uris = drag.session.items.flatMap(\.uris)
            var pointers: [UnsafeMutablePointer<CChar>?] = uris.map { strdup($0) } + [nil]
            defer { pointers.forEach { free($0) } }
            _ = pointers.withUnsafeMutableBufferPointer { gtk_selection_data_set_uris(selection, $0.baseAddress) }
        case .text:
            let text = drag.session.items.compactMap(\.text).joined(separator: "\n")
            gtk_selection_data_set_text(selection, text, -1)
        case nil:
            break
        }
    }

    /// Follows the other dragged rows through the changes the list applied.
    func listDidApply(_ changes: ChangeSet) {
        guard let drag = activeDrag, !drag.otherIndexPaths.isEmpty else { return }
        for segment in changes.segments {
            drag.otherIndexPaths = drag.otherIndexPaths.compactMap(segment.destination(ofItemAt:))
        }
    }

    /// A reload makes every row new: the drag keeps the pressed row only (if it stays bound).
    func listWillReload() {
        activeDrag?.otherIndexPaths = []
    }

    private func dragEnded(_ context: OpaquePointer) {
        press = nil
        guard let drag = activeDrag else { return }
        activeDrag = nil
        manager.host.keepBound(nil)
        if Self.dragging === self { Self.dragging = nil }
        let action = gdk_drag_context_get_selected_action(context)
        if drag.session.endedInSameList {
            drag.session.operation = .move
        } else if !drag.failed {
            drag.session.operation = DragTargets.operation(of: action)
        }
        for observer in dragAndDrop?.didEnd ?? [] { observer(drag.session) }
    }
}
