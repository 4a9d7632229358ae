import ModelStorage

/// One request made to a `MemoryStorage` by the randomized test: concrete values, so a failing
/// sequence prints, replays and shrinks.
indirect enum RandomizedOperation: CustomStringConvertible {
    case addItems([Int], section: Int)
    case insertItem(Int, IndexPath)
    case insertItemsAt([Int], IndexPath)
    case insertItemsTo([Int], [IndexPath])
    case insertSection([Int], at: Int)
    case removeItem(Int)
    case removeItemsHashable([Int])
    case removeItemsEquatable([Int])
    case removeItemsAt([IndexPath])
    case removeItemsFromSection(Int)
    case removeAllItems
    case deleteSections([Int])
    case moveSection(Int, Int)
    case moveItem(IndexPath, IndexPath)
    case moveItemWithoutNotification(IndexPath, IndexPath)
    case reloadItem(Int)
    case reloadItemAt(IndexPath)
    case replaceItem(Int, with: Int)
    case replaceItemAt(IndexPath, with: Int)
    case setItems([Int], section: Int)
    case setItemsForAllSections([[Int]])
    case setHeaders([Int?])
    case reloadSections([Int])
    case transaction([RandomizedOperation])

    /// The operation's kind, for coverage counts.
    var kind: String { String(String(describing: self).prefix { $0 != "(" }) }

    var description: String {
        func p(_ indexPath: IndexPath) -> String { "ip(\(indexPath.item), \(indexPath.section))" }
        return switch self {
        case let .addItems(v, s): "addItems(\(v), section: \(s))"
        case let .insertItem(v, ip): "insertItem(\(v), \(p(ip)))"
        case let .insertItemsAt(v, ip): "insertItemsAt(\(v), \(p(ip)))"
        case let .insertItemsTo(v, ips): "insertItemsTo(\(v), [\(ips.map(p).joined(separator: ", "))])"
        case let .insertSection(v, i): "insertSection(\(v), at: \(i))"
        case let .removeItem(v): "removeItem(\(v))"
        case let .removeItemsHashable(v): "removeItemsHashable(\(v))"
        case let .removeItemsEquatable(v): "removeItemsEquatable(\(v))"
        case let .removeItemsAt(ips): "removeItemsAt([\(ips.map(p).joined(separator: ", "))])"
        case let .removeItemsFromSection(s): "removeItemsFromSection(\(s))"
        case .removeAllItems: "removeAllItems"
        case let .deleteSections(s): "deleteSections(\(s))"
        case let .moveSection(a, b): "moveSection(\(a), \(b))"
        case let .moveItem(a, b): "moveItem(\(p(a)), \(p(b)))"
        case let .moveItemWithoutNotification(a, b): "moveItemWithoutNotification(\(p(a)), \(p(b)))"
        case let .reloadItem(v): "reloadItem(\(v))"
        case let .reloadItemAt(ip): "reloadItemAt(\(p(ip)))"
        case let .replaceItem(v, w): "replaceItem(\(v), with: \(w))"
        case let .replaceItemAt(ip, w): "replaceItemAt(\(p(ip)), with: \(w))"
        case let .setItems(v, s): "setItems(\(v), section: \(s))"
        case let .setItemsForAllSections(v): "setItemsForAllSections(\(v))"
        case let .setHeaders(h): "setHeaders(\(h.map { $0.map(String.init) ?? "nil" }))"
        case let .reloadSections(s): "reloadSections(\(s))"
        case let .transaction(ops): "transaction([\(ops.map(\.description).joined(separator: ", "))])"
        }
    }

    /// Sends the request to `storage` through its public API.
    @MainActor
    func perform(on storage: MemoryStorage) {
        switch self {
        case let .addItems(v, s): storage.addItems(v, toSection: s)
        case let .insertItem(v, ip): try? storage.insertItem(v, to: ip)
        case let .insertItemsAt(v, ip): try? storage.insertItems(v, at: ip)
        case let .insertItemsTo(v, ips): storage.insertItems(v, to: ips)
        case let .insertSection(v, i): storage.insertSection(SectionModel(items: v), at: i)
        case let .removeItem(v): try? storage.removeItem(v)
        case let .removeItemsHashable(v): storage.removeItems(v)
        case let .removeItemsEquatable(v): removeEquatableOnly(v, from: storage)
        case let .removeItemsAt(ips): storage.removeItems(at: ips)
        case let .removeItemsFromSection(s): storage.removeItems(fromSection: s)
        case .removeAllItems: storage.removeAllItems()
        case let .deleteSections(s): storage.deleteSections(s)
        case let .moveSection(a, b): storage.moveSection(a, toSection: b)
        case let .moveItem(a, b): storage.moveItem(at: a, to: b)
        case let .moveItemWithoutNotification(a, b): storage.moveItemWithoutNotification(from: a, to: b)
        case let .reloadItem(v): storage.reloadItem(v)
        case let .reloadItemAt(ip): storage.reloadItem(at: ip)
        case let .replaceItem(v, w): try? storage.replaceItem(v, with: w)
        case let .replaceItemAt(ip, w): try? storage.replaceItem(at: ip, with: w)
        case let .setItems(v, s): storage.setItems(v, forSection: s)
        case let .setItemsForAllSections(v): storage.setItemsForAllSections(v)
        case let .setHeaders(h): storage.setSupplementaryModels(h, ofKind: .header)
        case let .reloadSections(s): storage.reloadSections(s)
        case let .transaction(ops): storage.performUpdates { for op in ops { op.perform(on: storage) } }
        }
    }
}

/// Inside a context that only knows `Equatable`, overload resolution picks the O(N·k) removal.
@MainActor
private func removeEquatableOnly<T: Equatable>(_ items: [T], from storage: MemoryStorage) {
    storage.removeItems(items)
}
