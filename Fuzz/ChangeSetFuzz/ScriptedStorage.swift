import ModelStorage

/// An item: its identity stays while an update gives it a new version.
struct Item: Hashable, CustomStringConvertible {
    let id: Int
    let version: Int
    var description: String { "i\(id).\(version)" }
}

/// A section: its header and footer are strings the manager shows with its built-in title rows,
/// `h<id>#<version>` and `f<id>#<version>`, whose identity is the part before `#`.
struct ScriptedSection: Equatable {
    var id: Int
    var header: String?
    var footer: String?
    var items: [Item] = []

    var supplements: SectionSupplements {
        var models: [SupplementaryKind: Any] = [:]
        if let header { models[.header] = header }
        if let footer { models[.footer] = footer }
        return SectionSupplements(models)
    }
}

/// A custom storage that reports whatever change log it is given, whatever its sections are:
/// one that keeps its contract (the log leads from the sections before to the sections after)
/// or one with a bug in its log.
@MainActor
final class ScriptedStorage: BroadcastingStorage, SupplementaryStorage {
    let broadcaster = UpdateBroadcaster()
    var sections: [ScriptedSection]

    init(_ sections: [ScriptedSection]) { self.sections = sections }

    var numberOfSections: Int { sections.count }

    func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    func item(at indexPath: IndexPath) -> Any? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        guard sections.indices.contains(section) else { return nil }
        return sections[section].supplements[kind]
    }

    func deliver(_ update: StorageUpdate) {
        broadcaster.deliver(update, from: self)
    }
}

/// The identity of a model the list shows: an item's id, a title's part before `#`.
func identity(of model: Any?) -> String? {
    switch model {
    case let item as Item: "i\(item.id)"
    case let title as String: String(title.prefix { $0 != "#" })
    default: model.map { "other \($0)" }
    }
}
