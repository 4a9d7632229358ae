import CGtk
import ModelStorage

extension ListEvent {
    /// Installs a list's drag-and-drop site; no reaction is ever registered for it.
    static let dragSite = ListEvent("dragSite", source: ListDragController.self)
}

/// The GTK 3 drag-and-drop side of one list, shared by reordering and drag and drop.
///
/// - **Drag source**: the list widget itself, not each row (a list-box row has no GdkWindow and
///   never sees button events). A press on a row that may be dragged (`canMove`, or a non-empty
///   `itemsForBeginningDrag`) and inside its ``ReorderableRow/dragHandle`` if it has one is
///   remembered; when the pointer then moves past GTK's drag threshold the drag starts with
///   `gtk_drag_begin_with_coordinates` (as `GtkTreeView` does). Clicks stay clicks. The row,
///   drawn into a cairo surface, is the drag icon.
/// - **Targets**: a reorder target limited to this widget (`GTK_TARGET_SAME_WIDGET`, action
///   move), an in-process model target (`GTK_TARGET_SAME_APP`), `text/uri-list` and GTK's text
///   targets for other applications.
/// - **Drop target**: the list widget (`gtk_drag_dest_set` without defaults); `drag-motion`
///   computes the destination from the pointer's y (the row the host finds there) and has
///   the host highlight that row (``ListHost/setDropHighlight(at:)``); `drag-drop` moves
///   (reorder) or collects the data and performs the drop. Near the top or bottom edge the
///   list scrolls (``DragAutoscroll``), and the host keeps the dragged row bound meanwhile.
///
/// Connected once per list when the first reordering or drag-and-drop reaction is
/// registered; nothing is set up per row.
@MainActor
final class ListDragController: EventSource {
    private unowned let manager: ListManager
    private var widget: UnsafeMutablePointer<GtkWidget> { manager.widget }

    /// A press that may become a drag.
    private struct Press {
        let record: BoundRow
        /// In the list widget's coordinates.
        let x: Int32, y: Int32
    }
    private var press: Press?

    /// The drag started on this list, while it lasts.
    private final class ActiveDrag {
        let record: BoundRow
        let session: DragSession
        let token: String
        /// The press point within the row, for the drag icon's hot spot.
        let offsetX: Int32, offsetY: Int32
        var failed = false
        init(record: BoundRow, session: DragSession, token: String, offsetX: Int32, offsetY: Int32) {
            self.record = record
            self.session = session
            self.token = token
            self.offsetX = offsetX
            self.offsetY = offsetY
        }
    }
    private var activeDrag: ActiveDrag?
    /// The list of this process a drag is running from (GTK runs one drag at a time).
    private static weak var dragging: ListDragController?
    private static var dragSerial = 0

    /// The drop in progress over this list (not a reorder).
    private var dropSession: DropSession?
    private var dropRefused = false
    private var exitPending = false
    /// Data still to request from another application, and where it is collected.
    private var pendingTargets: [GdkAtom] = []
    private var receivedItem = DragItem()
    private var dropTime: guint32 = 0

    /// Scrolls the list while a drag hovers near its edges.
    private lazy var autoscroll = DragAutoscroll(host: manager.host) { [weak self] y in
        guard let self, let context = hoveringDrag else { return }
        _ = evaluateDrag(context, at: (hoveringX, Int32(y.rounded(.down))))
    }
    /// The drag over this list, between its motions and its leaving or dropping, and where the
    /// pointer was across (the autoscroll tells only its height).
    private var hoveringDrag: OpaquePointer?
    private var hoveringX: Int32 = 0

    /// What the destination target list was made for.
    private var destinationTargets: (reorder: Bool, drops: Bool)?

    private enum Info: guint {
        case row = 1, model, uris, text
    }
    private static let rowTarget = "application/x-gtk-list-manager-row"
    private static let modelTarget = "application/x-gtk-list-manager-model"

    init(manager: ListManager) {
        self.manager = manager
        gtk_widget_add_events(
            widget, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_BUTTON1_MOTION_MASK.rawValue))
        if let window = gtk_widget_get_window(widget), gtk_widget_get_has_window(widget) != 0 {
            let mask = GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_BUTTON1_MOTION_MASK.rawValue
            gdk_window_set_events(window, GdkEventMask(gdk_window_get_events(window).rawValue | mask))
        }
        connectSource()
        connectDestination()
    }

    private var reordering: ReorderingEvents? { manager.events.source(ReorderingEvents.self) }
    private var dragAndDrop: DragAndDropEvents? { manager.events.source(DragAndDropEvents.self) }

    // MARK: - Drag source

    private func connectSource() {
        Signal.connectEvent(widget, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            if let self, let event { self.pressed(event) }
            return false  // GTK still selects and activates
        }
        Signal.connectEvent(widget, "motion-notify-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event else { return false }
            return self.pointerMoved(event)
        }
        Signal.connectEvent(widget, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, _ in
            self?.press = nil
            return false
        }
        Signal.connect(widget, "drag-begin", argument: OpaquePointer.self) { [weak self] _, context in
            guard let self, let context else { return }
            self.dragBegan(context)
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
            self.dragEnded(context)
        }
    }

    /// The point of `event` in the list's coordinates, rounded down (the event may come from a
    /// child with its own window, such as an event box handle).
    private func listPoint(of event: UnsafeMutablePointer<GdkEvent>) -> (Int32, Int32)? {
        guard let point = PointerLocation.point(of: event, in: widget) else { return nil }
        return (Int32(point.x.rounded(.down)), Int32(point.y.rounded(.down)))
    }

    private func pressed(_ event: UnsafeMutablePointer<GdkEvent>) {
        press = nil
        var button: guint = 0
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, gdk_event_get_button(event, &button) != 0, button == 1,
            activeDrag == nil, let (x, y) = listPoint(of: event),
            let position = manager.host.position(atX: Double(x), y: Double(y)),
            let (record, location) = manager.boundRowAndLocation(atPosition: position), location.role == .item,
            isOnHandle(record, x: x, y: y)
        else { return }
        press = Press(record: record, x: x, y: y)
    }

    /// True when the point is on the row's drag handle, or the row has none.
    private func isOnHandle(_ record: BoundRow, x: Int32, y: Int32) -> Bool {
        guard let handle = (record.view as? any ReorderableRow)?.dragHandle else { return true }
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

    /// Starts a drag of the pressed row when it may be moved or offers items.
    private func beginDrag(from press: Press, event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let record = press.record
        guard let location = manager.location(of: record), let hostWidget = record.hostWidget else { return false }
        let isReordering = reordering?.canMove(record, at: location) ?? false
        let items = dragAndDrop?.items(for: record, at: location) ?? []
        guard isReordering || !items.isEmpty else { return false }

        let session = DragSession(items: items, sourceIndexPath: location.indexPath, model: record.model, isReordering: isReordering)
        guard let targets = gtk_target_list_new(nil, 0) else { return false }
        defer { gtk_target_list_unref(targets) }
        var actions = GdkDragAction(0)
        if isReordering {
            gtk_target_list_add(targets, gdk_atom_intern(Self.rowTarget, 0), GTK_TARGET_SAME_WIDGET.rawValue, Info.row.rawValue)
            actions = GdkDragAction(actions.rawValue | GDK_ACTION_MOVE.rawValue)
        }
        if !items.isEmpty {
            gtk_target_list_add(targets, gdk_atom_intern(Self.modelTarget, 0), GTK_TARGET_SAME_APP.rawValue, Info.model.rawValue)
            if items.contains(where: { !$0.uris.isEmpty }) { gtk_target_list_add_uri_targets(targets, Info.uris.rawValue) }
            if items.contains(where: { $0.text != nil }) { gtk_target_list_add_text_targets(targets, Info.text.rawValue) }
            let allowsMove = dragAndDrop?.allowsMove?(session) ?? true
            actions = GdkDragAction(actions.rawValue | GDK_ACTION_COPY.rawValue | (allowsMove ? GDK_ACTION_MOVE.rawValue : 0))
        }

        var rowX: Int32 = 0, rowY: Int32 = 0
        gtk_widget_translate_coordinates(widget, hostWidget, press.x, press.y, &rowX, &rowY)
        Self.dragSerial += 1
        activeDrag = ActiveDrag(
            record: record, session: session, token: "gtk-list-manager-drag-\(Self.dragSerial)", offsetX: rowX, offsetY: rowY)
        Self.dragging = self
        guard gtk_drag_begin_with_coordinates(widget, targets, actions, 1, event, press.x, press.y) != nil else {
            activeDrag = nil
            Self.dragging = nil
            return false
        }
        manager.host.keepBound(record)  // wherever the list scrolls, the drop must find it
        return true
    }

    private func dragBegan(_ context: OpaquePointer) {
        guard let drag = activeDrag else { return }
        setIcon(of: drag, on: context)
        for observer in dragAndDrop?.willBegin ?? [] { observer(drag.session) }
    }

    /// The row drawn into a surface, held where it was pressed.
    private func setIcon(of drag: ActiveDrag, on context: OpaquePointer) {
        guard let rowWidget = drag.record.hostWidget else { return }
        let width = gtk_widget_get_allocated_width(rowWidget), height = gtk_widget_get_allocated_height(rowWidget)
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        let style = gtk_widget_get_style_context(rowWidget)
        gtk_style_context_add_class(style, ListTheme.StyleClass.dragIcon)  // an opaque background (theme.css)
        gtk_widget_draw(rowWidget, cairo)
        gtk_style_context_remove_class(style, ListTheme.StyleClass.dragIcon)
        cairo_destroy(cairo)
        cairo_surface_set_device_offset(surface, -Double(drag.offsetX), -Double(drag.offsetY))
        gtk_drag_set_icon_surface(context, surface)
    }

    private func provideData(_ selection: OpaquePointer, info: guint) {
        guard let drag = activeDrag else { return }
        switch Info(rawValue: info) {
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

    private func dragEnded(_ context: OpaquePointer) {
        press = nil
        guard let drag = activeDrag else { return }
        activeDrag = nil
        manager.host.keepBound(nil)
        autoscroll.stop()
        if Self.dragging === self { Self.dragging = nil }
        let action = gdk_drag_context_get_selected_action(context)
        if drag.session.endedInSameList {
            drag.session.operation = .move
        } else if !drag.failed {
            drag.session.operation = Self.operation(of: action)
        }
        for observer in dragAndDrop?.didEnd ?? [] { observer(drag.session) }
    }

    // MARK: - Drop target

    private func connectDestination() {
        gtk_drag_dest_set(widget, GtkDestDefaults(0), nil, 0, GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
        DragSignal.connectPoint(widget, "drag-motion") { [weak self] context, x, y, time in
            self?.dragMoved(context, x: x, y: y, time: time) ?? false
        }
        DragSignal.connectLeave(widget) { [weak self] _, _ in
            self?.dragLeft()
        }
        DragSignal.connectPoint(widget, "drag-drop") { [weak self] context, x, y, time in
            self?.dropped(context, x: x, y: y, time: time) ?? false
        }
        DragSignal.connectDataReceived(widget) { [weak self] context, selection, info in
            self?.received(selection, info: info, context: context)
        }
    }

    /// Makes the destination's target list match the sources installed now.
    private func updateDestinationTargets() {
        let wanted = (reorder: reordering != nil, drops: dragAndDrop != nil)
        guard destinationTargets.map({ $0 != wanted }) ?? true else { return }
        guard let targets = gtk_target_list_new(nil, 0) else { return }
        destinationTargets = wanted
        defer { gtk_target_list_unref(targets) }
        if wanted.reorder {
            gtk_target_list_add(targets, gdk_atom_intern(Self.rowTarget, 0), GTK_TARGET_SAME_WIDGET.rawValue, Info.row.rawValue)
        }
        if wanted.drops {
            gtk_target_list_add(targets, gdk_atom_intern(Self.modelTarget, 0), GTK_TARGET_SAME_APP.rawValue, Info.model.rawValue)
            gtk_target_list_add_uri_targets(targets, Info.uris.rawValue)
            gtk_target_list_add_text_targets(targets, Info.text.rawValue)
        }
        gtk_drag_dest_set_target_list(widget, targets)
    }

    /// The drag started on this list's own movable row, while it is over this list.
    private func ownReorderDrag(_ context: OpaquePointer) -> ActiveDrag? {
        guard let drag = activeDrag, drag.session.isReordering, gtk_drag_get_source_widget(context) == widget else { return nil }
        return drag
    }

    private func dragMoved(_ context: OpaquePointer, x: Int32, y: Int32, time: guint) -> Bool {
        updateDestinationTargets()
        hoveringX = x
        guard let action = evaluateDrag(context, at: (x, y)) else {
            gdk_drag_status(context, GdkDragAction(0), time)
            return false
        }
        gdk_drag_status(context, action, time)
        hoveringDrag = context
        autoscroll.pointerMoved(toY: Double(y))
        return true
    }

    /// What dropping the drag at `point` would do (no action when refused there), with the
    /// destination highlighted and the drop session's proposal updated; nil when the list
    /// takes no drop of this drag at all.
    private func evaluateDrag(_ context: OpaquePointer, at point: (x: Int32, y: Int32)) -> GdkDragAction? {
        if let drag = ownReorderDrag(context) {
            let destination = reorderDestination(of: drag, at: point)
            highlightRow(at: destination == nil ? nil : point)
            return destination == nil ? GdkDragAction(0) : GDK_ACTION_MOVE
        }
        guard let events = dragAndDrop, events.acceptsDrops, gtk_drag_dest_find_target(widget, context, nil) != nil else {
            return nil
        }
        exitPending = false
        let session = dropSession ?? enterDrop(context, events: events)
        guard !dropRefused else { return GdkDragAction(0) }
        let proposed = insertionIndexPath(at: point)
        session.destinationIndexPath = proposed
        let proposal = events.proposal(for: session, at: proposed)
        if let redirect = proposal.destinationIndexPath { session.destinationIndexPath = redirect }
        session.proposal = proposal
        let action = Self.action(of: proposal.operation, allowed: gdk_drag_context_get_actions(context))
        session.proposal.operation = Self.operation(of: action)
        highlightRow(at: action.rawValue == 0 ? nil : point)
        return action
    }

    /// A new drop session for a drag entering the list: asks `canHandleDrop`, tells
    /// `dropSessionDidEnter`.
    private func enterDrop(_ context: OpaquePointer, events: DragAndDropEvents) -> DropSession {
        let source = Self.dragging.flatMap { $0.widget == gtk_drag_get_source_widget(context) ? $0 : nil }
        let drag = source?.activeDrag
        let session = DropSession(
            items: drag?.session.items ?? [], isLocal: drag != nil, sourceManager: source?.manager,
            sourceIndexPath: drag?.session.sourceIndexPath,
            offersText: drag.map { $0.session.items.contains { $0.text != nil } } ?? offers(context, uris: false),
            offersURIs: drag.map { $0.session.items.contains { !$0.uris.isEmpty } } ?? offers(context, uris: true),
            allowsMove: gdk_drag_context_get_actions(context).rawValue & GDK_ACTION_MOVE.rawValue != 0)
        dropSession = session
        dropRefused = !(events.canHandle?(session) ?? true)
        if !dropRefused {
            for observer in events.didEnter { observer(session) }
        }
        return session
    }

    /// The target the drag offers for URIs (or text), if any.
    private func offeredTarget(_ context: OpaquePointer, uris: Bool) -> GdkAtom? {
        guard let targets = gtk_target_list_new(nil, 0) else { return nil }
        defer { gtk_target_list_unref(targets) }
        if uris { gtk_target_list_add_uri_targets(targets, 0) } else { gtk_target_list_add_text_targets(targets, 0) }
        return gtk_drag_dest_find_target(widget, context, targets)
    }

    private func offers(_ context: OpaquePointer, uris: Bool) -> Bool {
        offeredTarget(context, uris: uris) != nil
    }

    private func dragLeft() {
        stopHovering()
        guard dropSession != nil else { return }
        // GTK sends drag-leave before drag-drop too: the exit is told only if no drop follows.
        exitPending = true
        GtkRuntime.after(milliseconds: 0) { [weak self] in
            guard let self, self.exitPending, let session = self.dropSession else { return }
            self.exitPending = false
            self.endDrop(session, exited: true)
        }
    }

    private func endDrop(_ session: DropSession, exited: Bool) {
        dropSession = nil
        pendingTargets = []
        let wasRefused = dropRefused
        dropRefused = false
        guard !wasRefused, let events = dragAndDrop else { return }
        if exited { for observer in events.didExit { observer(session) } }
        for observer in events.dropDidEnd { observer(session) }
    }

    private func dropped(_ context: OpaquePointer, x: Int32, y: Int32, time: guint) -> Bool {
        stopHovering()
        if let drag = ownReorderDrag(context) {
            let destination = reorderDestination(of: drag, at: (x, y))
            if let destination, let reordering, let source = manager.location(of: drag.record)?.indexPath {
                reordering.move(drag.record, from: source, to: destination)
                drag.session.endedInSameList = true
            }
            gtk_drag_finish(context, destination != nil ? 1 : 0, 0, time)
            return true
        }
        exitPending = false
        guard let session = dropSession, !dropRefused, session.proposal.operation != .cancel else {
            if let session = dropSession { endDrop(session, exited: true) }
            gtk_drag_finish(context, 0, 0, time)
            return true
        }
        if session.isLocal {
            finishDrop(session, context: context, time: time)
            return true
        }
        // From another application: fetch the URIs and the text it offers, one request at a time.
        pendingTargets = [offeredTarget(context, uris: true), offeredTarget(context, uris: false)].compactMap { $0 }
        receivedItem = DragItem()
        dropTime = time
        guard let first = pendingTargets.first else {
            finishDrop(session, context: context, time: time)
            return true
        }
        gtk_drag_get_data(widget, context, first, time)
        return true
    }

    private func received(_ selection: OpaquePointer, info: guint, context: OpaquePointer) {
        guard let session = dropSession, !pendingTargets.isEmpty else { return }
        if gtk_selection_data_get_length(selection) >= 0 {
            switch Info(rawValue: info) {
            case .uris:
                if let uris = gtk_selection_data_get_uris(selection) {
                    var index = 0
                    while let uri = uris[index] {
                        receivedItem.uris.append(String(cString: uri))
                        index += 1
                    }
                    g_strfreev(uris)
                }
            case .text:
                if let text = gtk_selection_data_get_text(selection) {
                    receivedItem.text = String(cString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
                    g_free(text)
                }
            default:
                break
            }
        }
        pendingTargets.removeFirst()
        if let next = pendingTargets.first {
            gtk_drag_get_data(widget, context, next, dropTime)
            return
        }
        session.items = receivedItem.text != nil || !receivedItem.uris.isEmpty ? [receivedItem] : []
        finishDrop(session, context: context, time: dropTime)
    }

    /// Tells `performDrop`, then ends the session and GTK's drop (a move asks the source to
    /// delete its data).
    private func finishDrop(_ session: DropSession, context: OpaquePointer, time: guint) {
        let performed = dragAndDrop?.perform != nil
        dragAndDrop?.perform?(session)
        endDrop(session, exited: false)
        gtk_drag_finish(context, performed ? 1 : 0, performed && session.proposal.operation == .move ? 1 : 0, time)
    }

    // MARK: - Destinations from the pointer

    /// Where the dragged row of this list would go with the pointer at `point`, after
    /// `targetIndexPathForMove`; nil when nowhere.
    private func reorderDestination(of drag: ActiveDrag, at point: (x: Int32, y: Int32)) -> IndexPath? {
        guard let reordering, let source = manager.location(of: drag.record)?.indexPath else { return nil }
        let proposed = reordering.destination(forGap: insertionIndexPath(at: point), from: source)
        return reordering.destination(for: drag.record, from: source, proposed: proposed)
    }

    /// The index path an item inserted at the pointer would get: before the item under the
    /// pointer (its upper half, or a grid cell's leading half) or after it; the start of a
    /// section on its header (or a view placed before its items), its end on its footer (or
    /// a view placed after them); the end of the list below the rows.
    func insertionIndexPath(at point: (x: Int32, y: Int32)) -> IndexPath {
        let host = manager.host
        let (x, y) = (Double(point.x), Double(point.y))
        // Between a grid's cells: the last cell of the line that starts before the pointer.
        let hit = host.position(atX: x, y: y) ?? host.position(atY: y).map { cell(onLineOf: $0, startingBefore: x) }
        if let position = hit, let location = manager.location(ofPosition: position) {
            let section = location.section
            switch location.role {
            case .item:
                let after =
                    if let span = host.cellSpan(at: position) {
                        x >= span.x + (span.width / 2).rounded(.down)
                    } else {
                        host.rowFrame(at: position).map { y >= $0.y + ($0.height / 2).rounded(.down) } ?? false
                    }
                return IndexPath(item: location.indexPath.item + (after ? 1 : 0), section: section)
            case let .supplementary(kind):
                let beforeItems = manager.supplementaryArrangement.placement(of: kind) == .beforeItems
                return IndexPath(item: beforeItems ? 0 : manager.shownItemCount(inSection: section), section: section)
            }
        }
        let sections = manager.shownSectionCount
        guard sections > 0, y >= 0 else { return IndexPath(item: 0, section: 0) }
        return IndexPath(item: manager.shownItemCount(inSection: sections - 1), section: sections - 1)
    }

    /// From `position`, the last cell of its line (in a grid) whose leading edge is before `x`.
    private func cell(onLineOf position: Int, startingBefore x: Double) -> Int {
        var current = position
        while let span = manager.host.cellSpan(at: current), let next = manager.host.cellSpan(at: current + 1),
            next.x > span.x, next.x <= x
        {
            current += 1
        }
        return current
    }

    private func stopHovering() {
        hoveringDrag = nil
        autoscroll.stop()
        highlightRow(at: nil)
    }

    private func highlightRow(at point: (x: Int32, y: Int32)?) {
        manager.host.setDropHighlight(at: point.flatMap { manager.host.position(atX: Double($0.x), y: Double($0.y)) })
    }

    // MARK: - Actions

    private static func action(of operation: DropProposal.Operation, allowed: GdkDragAction) -> GdkDragAction {
        let wanted: GdkDragAction
        switch operation {
        case .cancel: return GdkDragAction(0)
        case .copy: wanted = GDK_ACTION_COPY
        case .move: wanted = GDK_ACTION_MOVE
        }
        return allowed.rawValue & wanted.rawValue != 0 ? wanted : GdkDragAction(0)
    }

    private static func operation(of action: GdkDragAction) -> DropProposal.Operation {
        if action.rawValue & GDK_ACTION_MOVE.rawValue != 0 { return .move }
        if action.rawValue & GDK_ACTION_COPY.rawValue != 0 { return .copy }
        return .cancel
    }
}
