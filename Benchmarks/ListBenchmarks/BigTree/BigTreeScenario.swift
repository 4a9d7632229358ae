import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Our side of the big-tree benchmark, one part in this process, measured as the C peers measure
/// theirs: the manager over the virtualized host with an `OutlineStorage` of `Int` items (the
/// parents negative, the children `0..<N`), one label a row, a 400×600 window, the outlines made
/// before the clock starts. Public API only (the storage's expand, collapse and
/// expandDescendants, the manager), so that it measures what an application gets.
@MainActor
struct BigTreeScenario {
    static let side = "virtual-tree"
    static let section = "tree"
    static let childrenPerParent = 100
    /// The parent of the one-parent parts.
    static let parentID = -1

    /// A label reading `row <i>` for a child, `parent <p>` for a parent.
    final class LabelRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: Int) { gtk_label_set_text(gcast(widget), Self.text(of: model)) }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
        static func text(of model: Int) -> String { model < 0 ? "parent \(-model - 1)" : "row \(model)" }
    }

    let part: BigTreePart
    let count: Int
    let host = VirtualListHost()
    let manager: ListManager
    let shown: BenchmarkWindow

    /// The empty list, shown and drawn once.
    init(part: BigTreePart, count: Int) {
        self.part = part
        self.count = count
        manager = ListManager(host: host)
        manager.register(LabelRow.self)
        shown = BenchmarkWindow(showing: manager.widget, width: 400, height: 600)
    }

    func run() -> BigTreeResult {
        let values: [String: Double]
        switch part {
        case .expand: values = measureExpand()
        case .scroll: values = measureScrolling(Self.tree(parents: 1, children: count, expanded: true))
        case .flatScroll: values = measureScrolling(Self.flatList(count))
        case .pinnedScroll:
            manager.pinsParentRows = true
            values = measureScrolling(Self.tree(parents: 1, children: count, expanded: true)).merging(
                ["parent_lookup_ns": measureParentLookup()]) { _, lookup in lookup }
        case .expandAll: values = measureExpandAll()
        case .selectAll: values = measureSelectAll()
        case .fill: values = measureFill(inOneCall: false)
        case .fillBatch: values = measureFill(inOneCall: true)
        case .memory: values = OutlineMemory.measure(count: count, wide: false)
        case .memoryWide: values = OutlineMemory.measure(count: count, wide: true)
        }
        return BigTreeResult(side: Self.side, part: part, count: count, values: values)
    }

    // MARK: - Parts

    private func measureExpand() -> [String: Double] {
        let storage = show(Self.tree(parents: 1, children: count, expanded: false))
        // What the expand adds beyond the models: the outline's nodes exist already.
        let memoryBefore = ProcessProbes.residentMiB()
        let start = ProcessProbes.wallMilliseconds()
        var values = ["expand_ms": timeToFrame { storage.expand([Self.parentID]) }]
        // As for GtkTreeView, which measures rows off screen in idle handlers after the frame.
        while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
        values["expand_idle_ms"] = ProcessProbes.wallMilliseconds() - start
        values["expand_mb"] = ProcessProbes.residentMiB() - memoryBefore
        values["collapse_ms"] = timeToFrame { storage.collapse([Self.parentID]) }
        return values
    }

    private func measureScrolling(_ storage: some Storage) -> [String: Double] {
        show(storage)
        return ScrollSampling(shown: shown, viewportIsRight: viewportShowsItsRows).measure()
    }

    /// What one look-up of a row's parent costs the pinning (asked a few times per layout).
    private func measureParentLookup() -> Double {
        guard let parentOfRow = host.parentOfRow else { return .nan }
        let lookups = 100_000
        var found = 0
        let start = ProcessProbes.cpuMilliseconds()
        for position in 1...lookups where parentOfRow(position) != nil { found += 1 }
        let elapsed = ProcessProbes.cpuMilliseconds() - start
        return found == lookups ? elapsed * 1_000_000 / Double(lookups) : .nan
    }

    /// Every parent opened by `expandAll()`, as GtkTreeView's `expand_all`, and closed by
    /// `collapseAll()`; then by `expand(_:)` with all their ids (each looked up); then the same
    /// tree under one top item, opened by `expandDescendants(of:)`.
    private func measureExpandAll() -> [String: Double] {
        let parents = count / Self.childrenPerParent
        let storage = show(Self.tree(parents: parents, children: Self.childrenPerParent, expanded: false))
        var values = ["expand_all_ms": timeToFrame { storage.expandAll() }]
        values["collapse_all_ms"] = timeToFrame { storage.collapseAll() }
        let parentIDs = (0..<parents).map(Self.parentID(_:))
        values["expand_listed_ms"] = timeToFrame { storage.expand(parentIDs) }

        let top = Self.parentID(parents)  // past the parents: an id of its own
        let single = show(Self.storage(Self.outline(parents: parents, children: Self.childrenPerParent, under: top)))
        values["expand_descendants_ms"] = timeToFrame { single.expandDescendants(of: top) }
        return values
    }

    /// Select all through the manager (`selectAll()`, what Ctrl+A and an application call),
    /// then through the list's `AtkSelection` (`select_all_selection`, what a screen reader
    /// calls: a user selection, told to the selection events).
    private func measureSelectAll() -> [String: Double] {
        manager.selectionMode = .multiple
        _ = show(Self.tree(parents: 1, children: count, expanded: true))
        var values = ["select_all_ms": timeToFrame { _ = manager.selectAll() }]
        values["selected"] = Double(manager.selectedIndexPaths.count)
        manager.deselectAll()
        let accessible = OpaquePointer(gtk_widget_get_accessible(host.widget))
        values["select_all_atk_ms"] = timeToFrame { _ = atk_selection_select_all_selection(accessible) }
        return values
    }

    /// One `append` each to the parent's outline, then one `apply` (or, `inOneCall`, one
    /// `append` of every child). The parent stays collapsed, as in the C peers.
    private func measureFill(inOneCall: Bool) -> [String: Double] {
        let children = Array(0..<count)
        let storage = show(Self.tree(parents: 1, children: 0, expanded: false))
        let time = timeToFrame {
            var outline = storage.outline(of: Self.section)
            if inOneCall {
                outline.append(children, to: Self.parentID)
            } else {
                for child in children { outline.append([child], to: Self.parentID) }
            }
            storage.apply(outline, to: Self.section)
            // Nothing on screen changes: the frame shows the list after the work.
            gtk_widget_queue_draw(manager.widget)
        }
        return [inOneCall ? "fill_batch_ms" : "fill_ms": time]
    }

    // MARK: - Steps

    /// Gives the manager `storage` and waits for the frame that shows it.
    @discardableResult
    private func show<Shown: Storage>(_ storage: Shown) -> Shown {
        manager.storage = storage
        shown.frames.waitForNextFrame()
        return storage
    }

    /// Wall time from `change` to the frame that shows it, however long the main loop stays
    /// busy (the parent process's time limit caps it).
    private func timeToFrame(_ change: () -> Void) -> Double {
        let start = ProcessProbes.wallMilliseconds()
        change()
        shown.frames.waitForNextFrame(limit: .max)
        return ProcessProbes.wallMilliseconds() - start
    }

    // MARK: - Models

    static func parentID(_ index: Int) -> Int { -index - 1 }

    /// `parents` parents (at the top level, or under `top`), each with `children` children
    /// numbered across the parents.
    static func outline(parents: Int, children: Int, under top: Int? = nil) -> OutlineSnapshot<Int> {
        var outline = OutlineSnapshot<Int>()
        if let top { outline.append([top]) }
        outline.append((0..<parents).map(parentID(_:)), to: top)
        for parent in 0..<parents where children > 0 {
            outline.append(Array(parent * children..<(parent + 1) * children), to: parentID(parent))
        }
        return outline
    }

    static func tree(parents: Int, children: Int, expanded: Bool) -> OutlineStorage<String, Int> {
        var outline = outline(parents: parents, children: children)
        if expanded { outline.expand((0..<parents).map(parentID(_:))) }
        return storage(outline)
    }

    static func storage(_ outline: OutlineSnapshot<Int>) -> OutlineStorage<String, Int> {
        let storage = OutlineStorage<String, Int>()
        storage.apply(outline, to: section)
        return storage
    }

    static func flatList(_ count: Int) -> MemoryStorage {
        let storage = MemoryStorage()
        storage.setItems(Array(0..<count))
        return storage
    }
}
