// The OutlineStorage probes: one per entry point that changes a storage of trees, each called
// from the probe's worker thread on a storage holding home ▸ docs ▸ a; etc (home open). Named
// `outline-CALL`; `outline-listed-CALL` attaches a list to the storage first.
import CGtk
import Glibc
import GtkListManager
import ModelStorage

@MainActor
func outlineProbe(_ name: String) -> (() -> Void)? {
    var call = name
    let listed = call.hasPrefix("listed-")
    if listed { call.removeFirst("listed-".count) }
    let storage = OutlineStorage<String, String>()
    var outline = OutlineSnapshot<String>()
    outline.append(["home", "etc"])
    outline.append(["docs"], to: "home")
    outline.append(["a"], to: "docs")
    outline.expand(["home"])
    storage.apply(outline, to: "Places")
    if listed {
        let manager = makeManager()
        manager.register(NameRow.self)
        manager.storage = storage
        // Kept for the process's life: the call must meet a list that shows the storage.
        listedManager = manager
    }
    let root = IndexPath(item: 0, section: 0)
    switch call {
    case "apply": return { storage.apply(OutlineSnapshot(), to: "Places") }
    case "delete-section": return { storage.deleteSection("Places") }
    case "expand": return { storage.expand(["docs"]) }
    case "collapse": return { storage.collapse(["home"]) }
    case "perform-updates": return { storage.performUpdates {} }
    case "append": return { storage.append(["usr"], inSection: "Places") }
    case "insert-before": return { storage.insert(["usr"], before: "etc") }
    case "insert-after": return { storage.insert(["usr"], after: "etc") }
    case "delete": return { storage.delete(["etc"]) }
    case "move": return { storage.move(["etc"], to: .before("home")) }
    case "move-rows": return { _ = storage.moveRows(at: [IndexPath(item: 2, section: 0)], to: .before(root)) }
    case "expand-descendants": return { storage.expandDescendants(of: "home") }
    case "expand-all": return { storage.expandAll() }
    case "collapse-all": return { storage.collapseAll() }
    case "retry-children": return { storage.retryChildren(of: "docs") }
    case "refresh-children": return { storage.refreshChildren(of: "docs") }
    case "set-expanded-at": return { storage.setExpanded(false, at: root) }
    case "expand-descendants-at": return { storage.expandDescendants(at: root) }
    case "children-provider": return { storage.childrenProvider = .immediate { _ in [] } }
    default: return nil
    }
}

final class NameRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
}

@MainActor var listedManager: ListManager?
