import ModelStorage

/// One step from the sections a ``DeclarativeStorage`` shows to newly declared ones: the item
/// each new row uses and the ordered change set that brings the list there.
///
/// Sections are matched by id, with their header and footer as content (never their rows);
/// rows by ``AnyRow/identity`` across all sections, with ``AnyRow/hasSameContent(as:)`` as
/// content, and in a tree its level. A matched row keeps its item (so its widget) and takes the
/// new declaration; the ``Differ`` emits the fewest moves and an update for each changed row.
@MainActor
struct DeclarativeTransition {
    /// A section to show: its id, header and footer, the rows visible in it, and their tree
    /// when the section declares one.
    struct Target {
        let id: AnyHashable
        let supplements: SectionSupplements
        let rows: [AnyRow]
        var outline: DeclaredOutline? = nil
    }

    /// The sections after the step.
    let sections: [DeclarativeStorage.ShownSection]
    /// What the list applies, in order.
    let changes: ChangeSet
    /// How many declared sections repeat an id of an earlier one (matched in order anyway).
    let duplicateSectionCount: Int
    /// How many declared rows repeat the identity of an earlier visible row, in any section.
    let duplicateRowCount: Int
    /// The model types of new rows that have neither an explicit id nor an identity.
    let typesWithoutIdentity: [String]

    /// The step from `old` to `targets`; nil only if the differ's script does not lead there
    /// (then the caller installs the targets with a reload rather than show wrong rows).
    init?(from old: [DeclarativeStorage.ShownSection], to targets: [Target]) {
        var unidentified = 0
        var typesWithoutIdentity: [String] = []
        var reportedTypes = Set<ObjectIdentifier>()
        func identity(of row: AnyRow, reporting: Bool) -> RowIdentity {
            if let identity = row.identity { return identity }
            let modelType = type(of: row.erasedModel)
            if reporting, reportedTypes.insert(ObjectIdentifier(modelType)).inserted {
                typesWithoutIdentity.append(String(reflecting: modelType))
            }
            unidentified += 1
            return .unmatched(unidentified)
        }
        let oldIdentities = old.map { $0.items.map { identity(of: $0.row, reporting: false) } }
        let newIdentities = targets.map { $0.rows.map { identity(of: $0, reporting: true) } }

        let script = Differ().script(
            fromSections: old.map(\.id), items: oldIdentities,
            toSections: targets.map(\.id), items: newIdentities,
            sectionContentEqual: { old[$0].supplements == targets[$1].supplements },
            itemContentEqual: { oldPath, newPath in
                // A row declared under another parent is refreshed at its new level, even in place.
                let oldLevel = old[oldPath.section].outline?.level(ofRow: oldPath.item)
                let newLevel = targets[newPath.section].outline?.level(ofRow: newPath.item)
                return oldLevel == newLevel
                    && old[oldPath.section].items[oldPath.item].row.hasSameContent(as: targets[newPath.section].rows[newPath.item])
            })
        guard let matched = Self.replay(script, on: old.map(\.items)),
            matched.map(\.count) == targets.map(\.rows.count)
        else { return nil }

        // A matched item takes its new declaration; a new row, or one whose class changed, gets
        // a new item (the script updates it, and the list replaces its widget).
        let items = zip(matched, targets).map { matchedSlots, target in
            zip(matchedSlots, target.rows).map { item, row in
                if let item, item.adopt(row) { return item }
                return row.makeSlot()
            }
        }
        sections = zip(targets, items).map {
            DeclarativeStorage.ShownSection(id: $0.id, supplements: $0.supplements, items: $1, outline: $0.outline)
        }
        changes = script.changeSet(supplements: { targets[$0].supplements }, item: { items[$0.section][$0.item] })
        // Counted here rather than taken from the script: the differ does not count duplicates
        // it pairs by position (an unchanged prefix, or everything on a first update).
        duplicateSectionCount = Self.repetitions(in: targets.map(\.id))
        duplicateRowCount = Self.repetitions(in: newIdentities.joined())
        self.typesWithoutIdentity = typesWithoutIdentity
    }

    private static func repetitions<Element: Hashable>(in elements: some Sequence<Element>) -> Int {
        var seen = Set<Element>()
        return elements.reduce(0) { count, element in seen.insert(element).inserted ? count : count + 1 }
    }

    /// Applies the script's steps to the old items: the result holds, at each new position, the
    /// old item that moved there, or nil for an inserted row. Nil when a step does not fit.
    private static func replay(_ script: EditScript, on oldSlots: [[DeclaredItem]]) -> [[DeclaredItem?]]? {
        var state: [[DeclaredItem?]] = oldSlots.map { $0.map { $0 } }
        func holds(_ place: EditScript.ItemIndex, insertion: Bool) -> Bool {
            state.indices.contains(place.section) && place.item >= 0
                && place.item <= state[place.section].count - (insertion ? 0 : 1)
        }
        for edit in script {
            switch edit {
            case let .insertSection(index, _):
                guard index >= 0, index <= state.count else { return nil }
                state.insert([], at: index)
            case let .deleteSection(index):
                guard state.indices.contains(index) else { return nil }
                state.remove(at: index)
            case let .moveSection(from, to):
                guard state.indices.contains(from) else { return nil }
                let section = state.remove(at: from)
                guard to >= 0, to <= state.count else { return nil }
                state.insert(section, at: to)
            case .updateSection, .updateItem:
                continue
            case let .insertItem(at, _):
                guard holds(at, insertion: true) else { return nil }
                state[at.section].insert(nil, at: at.item)
            case let .deleteItem(indexPath):
                guard holds(indexPath, insertion: false) else { return nil }
                state[indexPath.section].remove(at: indexPath.item)
            case let .moveItem(from, to):
                guard holds(from, insertion: false) else { return nil }
                let item = state[from.section].remove(at: from.item)
                guard holds(to, insertion: true) else { return nil }
                state[to.section].insert(item, at: to.item)
            }
        }
        return state
    }
}
