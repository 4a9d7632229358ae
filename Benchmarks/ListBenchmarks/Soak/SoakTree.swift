import CGtk
import GtkListManager
import ModelStorage

/// A tree on the virtualized host: an `OutlineStorage` of numbered nodes, two levels, whose
/// parents are expanded and collapsed and whose nodes are inserted, deleted and moved.
@MainActor
final class SoakTree: SoakSubject {
    /// A node's row: its number.
    final class NodeRow: RowView, ModelTransfer, SoakShownText {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with node: Int) { gtk_label_set_text(gcast(widget), "node \(node)") }
        var shownText: String { String(cString: gtk_label_get_text(gcast(widget))) }
        static func expectedText(for model: Any) -> String? { (model as? Int).map { "node \($0)" } }
    }

    let name = "tree (OutlineStorage)"
    let manager = ListManager(host: VirtualListHost.virtualized)
    let storage = OutlineStorage<String, Int>(handOff: GLibMainActorHandOff())
    private let shown: BenchmarkWindow
    private static let section = "nodes"
    /// The tree as the soak made it: each parent's children (order aside).
    private var children: [Int: [Int]] = [:]
    private var nextID = 0

    init() {
        // 20 parents of 10 children, numbered in order.
        var outline = OutlineSnapshot<Int>()
        for parent in stride(from: 1, through: 20 * 11, by: 11) {
            let added = Array(parent + 1...parent + 10)
            _ = outline.append([parent])
            _ = outline.append(added, to: parent)
            children[parent] = added
        }
        nextID = 20 * 11
        storage.apply(outline, to: Self.section)
        manager.register(NodeRow.self)
        manager.storage = storage
        manager.selectionMode = .multiple
        shown = BenchmarkWindow(showing: manager.widget, width: 480, height: 400)
        gtk_window_set_title(gcast(shown.window), name)
    }

    var shownStorage: any Storage { storage }

    func step(_ random: inout SoakRandom) {
        let parents = Array(children.keys)
        let parent = parents[random.below(parents.count)]
        let siblings = children[parent] ?? []
        switch random.below(100) {
        case 0..<25: random.below(2) == 0 ? storage.expand([parent]) : storage.collapse([parent])
        case 25..<40 where siblings.count < 20, _ where siblings.isEmpty: insertChild(under: parent, &random)
        case 25..<50: deleteChild(siblings[random.below(siblings.count)], of: parent)
        case 50..<62: moveChild(of: parent, &random)
        case 62..<70: changeParents(&random)
        case 70..<85:
            let range = shown.scrollRange
            gtk_adjustment_set_value(shown.adjustment, range * Double(random.below(1001)) / 1000)
        default:
            let count = storage.numberOfItems(inSection: 0)
            if count > 0 { _ = manager.selectItem(at: IndexPath(item: random.below(count), section: 0)) }
        }
    }

    private func makeID() -> Int {
        nextID += 1
        return nextID
    }

    private func edit(_ change: (inout OutlineSnapshot<Int>) -> Void) {
        var outline = storage.outline(of: Self.section)
        change(&outline)
        storage.apply(outline, to: Self.section)
    }

    private func insertChild(under parent: Int, _ random: inout SoakRandom) {
        let child = makeID()
        let siblings = children[parent] ?? []
        edit { outline in
            if siblings.isEmpty || random.below(3) == 0 {
                _ = outline.append([child], to: parent)
            } else {
                _ = outline.insert([child], before: siblings[random.below(siblings.count)])
            }
        }
        children[parent, default: []].append(child)
    }

    private func deleteChild(_ child: Int, of parent: Int) {
        edit { outline in _ = outline.delete([child]) }
        children[parent]?.removeAll { $0 == child }
    }

    /// A child moved under another parent, through the storage's move.
    private func moveChild(of parent: Int, _ random: inout SoakRandom) {
        guard let child = children[parent]?.first else { return }
        let parents = Array(children.keys)
        let target = parents[random.below(parents.count)]
        guard storage.move([child], to: .into(target)) else { return }
        children[parent]?.removeAll { $0 == child }
        children[target, default: []].append(child)
    }

    /// A parent and its children added, or one removed (at least 5 stay).
    private func changeParents(_ random: inout SoakRandom) {
        if children.count > 30 || (children.count > 5 && random.below(2) == 0) {
            let parent = Array(children.keys)[random.below(children.count)]
            edit { outline in _ = outline.delete([parent]) }
            children[parent] = nil
        } else {
            let parent = makeID()
            let added = (0..<random.below(12)).map { _ in makeID() }
            edit { outline in
                _ = outline.append([parent])
                _ = outline.append(added, to: parent)
            }
            children[parent] = added
        }
    }
}
