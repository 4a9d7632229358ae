import ModelStorage

/// A manager's declarative sections: what was declared last, which sections are folded and
/// which rows are open, the storage showing them and the routing of their rows' events. Made by
/// the manager's first declarative call and kept for its lifetime.
@MainActor
final class DeclarativeState {
    private unowned let manager: ListManager
    let storage = DeclarativeStorage()
    private let events: DeclarativeEvents
    private(set) var declared: [Section] = []
    private var folding = DeclaredToggles<AnyHashable>()
    private var expansion = DeclaredToggles<RowIdentity>()
    /// The item classes whose mapping the manager's registry has.
    private var mappedSlotTypes = Set<ObjectIdentifier>()

    init(manager: ListManager) {
        self.manager = manager
        events = DeclarativeEvents(manager: manager)
        storage.expansionRequest = { [unowned self] row, expanded, descendants in
            setExpanded(expanded, row, descendants: descendants)
        }
    }

    /// Shows `sections` from now on.
    func declare(_ sections: [Section], animated: Bool, completion: (() -> Void)? = nil) {
        declared = sections
        folding.follow(sections.lazy.map { (key: $0.id, value: $0.isFolded) })
        expansion.follow(
            Self.parents(in: sections.flatMap(\.rows)).compactMap { row in row.identity.map { (key: $0, value: row.isExpanded) } })
        show(animated: animated, completion: completion)
    }

    func isFolded(_ id: AnyHashable) -> Bool? {
        folding.value(of: id)
    }

    /// Folds or unfolds a declared section; false when no declared section has this id.
    func setFolded(_ folded: Bool, forSection id: AnyHashable, animated: Bool) -> Bool {
        guard let current = folding.value(of: id) else { return false }
        guard current != folded, folding.set(folded, for: id) else { return true }
        show(animated: animated)
        return true
    }

    /// Opens or closes the declared parent `row` (with every parent under it when
    /// `descendants`), animated; rows without identity keep their declared state.
    private func setExpanded(_ expanded: Bool, _ row: AnyRow, descendants: Bool) {
        let rows = descendants ? Self.parents(in: [row]) : [row]
        var changed = false
        for row in rows {
            guard let identity = row.identity, expansion.value(of: identity) != expanded else { continue }
            changed = expansion.set(expanded, for: identity) || changed
        }
        if changed { show(animated: true) }
    }

    /// Whether the declared parent `row` shows its children.
    private func isExpanded(_ row: AnyRow) -> Bool {
        row.identity.flatMap(expansion.value(of:)) ?? row.isExpanded
    }

    /// Every row with children in `rows` and under them, hidden ones included.
    private static func parents(in rows: [AnyRow]) -> [AnyRow] {
        allRows(in: rows).filter { $0.children != nil }
    }

    /// `rows` and every row under them, hidden ones included.
    private static func allRows(in rows: [AnyRow]) -> [AnyRow] {
        var found: [AnyRow] = []
        var pending = rows[...]
        while let row = pending.popFirst() {
            found.append(row)
            if let children = row.children { pending.append(contentsOf: children) }
        }
        return found
    }

    /// Brings the list to the declared sections: a diff from what it shows when the manager
    /// shows this storage already, otherwise a reload into this storage.
    private func show(animated: Bool, completion: (() -> Void)? = nil) {
        events.listen(
            to: declared.reduce(into: []) { groups, section in
                for row in Self.allRows(in: section.rows) { groups.formUnion(row.declaredEvents) }
            })
        let targets = declared.map { section in
            var supplements = SectionSupplements(section.supplementaries)
            if let header = section.header { supplements[.header] = header }
            if let footer = section.footer { supplements[.footer] = footer }
            let folded = folding.value(of: section.id) ?? section.isFolded
            guard !folded else { return DeclarativeTransition.Target(id: section.id, supplements: supplements, rows: []) }
            guard DeclaredOutline.isTree(section.rows) else {
                return DeclarativeTransition.Target(id: section.id, supplements: supplements, rows: section.rows)
            }
            let tree = DeclaredOutline.flatten(section.rows, isExpanded: isExpanded)
            return DeclarativeTransition.Target(id: section.id, supplements: supplements, rows: tree.rows, outline: tree.outline)
        }
        guard manager.storage === storage else {
            // The manager showed another storage (or none of ours yet): nothing to diff from.
            // That storage is left as it is and no longer observed.
            let fresh = DeclarativeTransition(from: [], to: targets)
            if let fresh { report(fresh) }
            install(fresh?.sections ?? [], announcing: nil)
            manager.storage = storage
            completion?()
            return
        }
        guard let transition = DeclarativeTransition(from: storage.sections, to: targets) else {
            // Unreachable unless the differ's script is inconsistent: never show wrong rows.
            let fresh = DeclarativeTransition(from: [], to: targets)
            install(fresh?.sections ?? [], announcing: .reload, then: completion)
            return
        }
        report(transition)
        guard !transition.changes.isEmpty else {
            install(transition.sections, announcing: nil, then: completion)
            return
        }
        if animated {
            install(transition.sections, announcing: .changes(transition.changes), then: completion)
        } else {
            manager.withoutAnimation {
                install(transition.sections, announcing: .changes(transition.changes), then: completion)
            }
        }
    }

    /// Gives the registry a mapping for every new item class, then installs the sections.
    private func install(
        _ sections: [DeclarativeStorage.ShownSection], announcing update: StorageUpdate?, then completion: (() -> Void)? = nil
    ) {
        for section in sections {
            for item in section.items where mappedSlotTypes.insert(ObjectIdentifier(type(of: item))).inserted {
                if let mapping = item.makeMapping() {
                    // The declared closures first, then the manager's reactions for the row class.
                    events.attachReactions(to: mapping)
                    manager.factory.registry.setOwnItemMapping(mapping, forModelsOfTypeOf: item)
                    manager.attachManagerReactions(to: mapping)
                }
            }
        }
        storage.install(sections, announcing: update, then: completion)
    }

    private func report(_ transition: DeclarativeTransition) {
        let anomalies = storage.anomalyHandler
        if transition.duplicateSectionCount > 0 {
            anomalies.report(.duplicateIdentifiers(kind: .sections, count: transition.duplicateSectionCount))
        }
        if transition.duplicateRowCount > 0 {
            anomalies.report(.duplicateIdentifiers(kind: .items, count: transition.duplicateRowCount))
        }
        for typeName in transition.typesWithoutIdentity {
            anomalies.report(.modelWithoutIdentity(typeName: typeName))
        }
    }
}
