import CGtk
import ModelStorage

/// The drop target of one list: the list widget (`gtk_drag_dest_set` without defaults).
///
/// `drag-motion` computes the destination from the pointer (the row the host finds there) and
/// has the host highlight that row (``ListHost/setDropHighlight(at:)``); `drag-drop` moves the
/// row, or all the rows of a drag of several selected ones (a reorder within this list; in a
/// tree before, into or after the row, ``TreeDropPlacement``), or collects the data and
/// performs the drop. In a tree a closed row hovered for half a second opens. Near the top or bottom edge the list scrolls
/// (``DragAutoscroll``), and the host keeps the pressed row bound meanwhile.
@MainActor
final class ListDropTarget {
    private unowned let manager: ListManager
    /// This list's drag source: a drag of its own movable row is a reorder.
    private let source: ListDragSource
    private var widget: UnsafeMutablePointer<GtkWidget> { manager.widget }

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

    init(manager: ListManager, source: ListDragSource) {
        self.manager = manager
        self.source = source
        connect()
    }

    private var reordering: ReorderingEvents? { manager.features.installed(ReorderingEvents.self) }
    private var dragAndDrop: DragAndDropEvents? { manager.features.installed(DragAndDropEvents.self) }

    private func connect() {
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
        // A drag of this list that ends while hovering it.
        Signal.connect(widget, "drag-end", argument: OpaquePointer.self) { [weak self] _, _ in
            self?.autoscroll.stop()
        }
    }

    /// Makes the destination's target list match the sources installed now.
    private func updateDestinationTargets() {
        let wanted = (reorder: reordering != nil, drops: dragAndDrop != nil)
        guard destinationTargets.map({ $0 != wanted }) ?? true else { return }
        guard let targets = gtk_target_list_new(nil, 0) else { return }
        destinationTargets = wanted
        defer { gtk_target_list_unref(targets) }
        if wanted.reorder { DragTargets.addRow(to: targets) }
        if wanted.drops {
            DragTargets.addModel(to: targets)
            gtk_target_list_add_uri_targets(targets, DragTargets.Info.uris.rawValue)
            gtk_target_list_add_text_targets(targets, DragTargets.Info.text.rawValue)
        }
        gtk_drag_dest_set_target_list(widget, targets)
    }

    /// The drag started on this list's own movable row, while it is over this list.
    private func ownReorderDrag(_ context: OpaquePointer) -> ListDragSource.ActiveDrag? {
        guard let drag = source.activeDrag, drag.session.isReordering, source.isSource(of: context) else { return nil }
        return drag
    }

    // MARK: - Hovering

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
        manager.features.dragDidHover(over: itemIndexPath(at: (x, y)))
        return true
    }

    /// The item of the row under `point`; nil over a header, a footer or no row.
    private func itemIndexPath(at point: (x: Int32, y: Int32)) -> IndexPath? {
        guard let position = manager.host.position(atX: Double(point.x), y: Double(point.y)),
            let location = manager.location(ofPosition: position), location.role == .item
        else { return nil }
        return location.indexPath
    }

    /// What dropping the drag at `point` would do (no action when refused there), with the
    /// destination highlighted and the drop session's proposal updated; nil when the list
    /// takes no drop of this drag at all.
    private func evaluateDrag(_ context: OpaquePointer, at point: (x: Int32, y: Int32)) -> GdkDragAction? {
        if let drag = ownReorderDrag(context), treeHolding(drag) != nil {
            let placement = treePlacement(of: drag, at: point)
            highlightRow(at: placement == nil ? nil : point)
            return placement == nil ? GdkDragAction(0) : GDK_ACTION_MOVE
        }
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
        let proposed = DropInsertion(manager: manager).indexPath(at: point)
        session.destinationIndexPath = proposed
        let proposal = events.proposal(for: session, at: proposed)
        if let redirect = proposal.destinationIndexPath, manager.acceptsItemIndexPath(redirect, from: "A DropProposal") {
            session.destinationIndexPath = redirect
        }
        session.proposal = proposal
        let action = DragTargets.action(of: proposal.operation, allowed: gdk_drag_context_get_actions(context))
        session.proposal.operation = DragTargets.operation(of: action)
        highlightRow(at: action.rawValue == 0 ? nil : point)
        return action
    }

    /// A new drop session for a drag entering the list: asks `canHandleDrop`, tells
    /// `dropSessionDidEnter`.
    private func enterDrop(_ context: OpaquePointer, events: DragAndDropEvents) -> DropSession {
        let source = ListDragSource.dragging.flatMap { $0.isSource(of: context) ? $0 : nil }
        let drag = source?.activeDrag
        let session = DropSession(
            items: drag?.session.items ?? [], isLocal: drag != nil, sourceManager: source?.listManager,
            sourceIndexPath: drag?.session.sourceIndexPath, sourceIndexPaths: drag?.session.sourceIndexPaths ?? [],
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
            guard let self, exitPending, let session = dropSession else { return }
            exitPending = false
            endDrop(session, exited: true)
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

    // MARK: - Dropping

    private func dropped(_ context: OpaquePointer, x: Int32, y: Int32, time: guint) -> Bool {
        stopHovering()
        if let drag = ownReorderDrag(context), let outline = treeHolding(drag) {
            var moved = false
            if let placement = treePlacement(of: drag, at: (x, y)), let from = manager.location(of: drag.row)?.indexPath {
                moved = outline.moveRows(at: drag.indexPaths(pressedAt: from), to: placement)
                drag.session.endedInSameList = moved
            }
            gtk_drag_finish(context, moved ? 1 : 0, 0, time)
            return true
        }
        if let drag = ownReorderDrag(context) {
            let destination = reorderDestination(of: drag, at: (x, y))
            if let destination, let reordering, let from = manager.location(of: drag.row)?.indexPath {
                if drag.otherIndexPaths.isEmpty {
                    reordering.move(drag.row, from: from, to: destination)
                } else {
                    reordering.move(drag.indexPaths(pressedAt: from), pressed: drag.row, at: from, to: destination)
                }
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
            switch DragTargets.Info(rawValue: info) {
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
        if let perform = dragAndDrop?.perform { manager.asUserAction(named: "Drop") { perform(session) } }
        endDrop(session, exited: false)
        gtk_drag_finish(context, performed ? 1 : 0, performed && session.proposal.operation == .move ? 1 : 0, time)
    }

    // MARK: - Destinations from the pointer

    /// Where the dragged row of this list would go with the pointer at `point`, after
    /// `targetIndexPathForMove`; nil when nowhere.
    private func reorderDestination(of drag: ListDragSource.ActiveDrag, at point: (x: Int32, y: Int32)) -> IndexPath? {
        guard let reordering, let from = manager.location(of: drag.row)?.indexPath else { return nil }
        let proposed = reordering.destination(forGap: DropInsertion(manager: manager).indexPath(at: point), from: from)
        return reordering.destination(for: drag.row, from: from, proposed: proposed)
    }

    /// Where the dragged rows of this tree would go with the pointer at `point`: before, into or
    /// after the row there (``TreeDropPlacement``); nil on a dragged row, or when the list
    /// takes no reorder.
    /// The storage's tree when the dragged row is a row of one; a row of a plain section
    /// reorders as in any list.
    private func treeHolding(_ drag: ListDragSource.ActiveDrag) -> (any OutlineProviding)? {
        guard let outline = manager.storage as? any OutlineProviding, let from = manager.location(of: drag.row)?.indexPath,
            outline.outlinePlace(at: from) != nil
        else { return nil }
        return outline
    }

    private func treePlacement(of drag: ListDragSource.ActiveDrag, at point: (x: Int32, y: Int32)) -> OutlineRowPlacement? {
        guard reordering != nil, let from = manager.location(of: drag.row)?.indexPath,
            let placement = TreeDropPlacement(manager: manager).placement(at: point),
            !drag.indexPaths(pressedAt: from).contains(placement.indexPath)
        else { return nil }
        return placement
    }

    private func stopHovering() {
        manager.features.dragDidHover(over: nil)
        hoveringDrag = nil
        autoscroll.stop()
        highlightRow(at: nil)
    }

    private func highlightRow(at point: (x: Int32, y: Int32)?) {
        manager.host.setDropHighlight(at: point.flatMap { manager.host.position(atX: Double($0.x), y: Double($0.y)) })
    }
}
