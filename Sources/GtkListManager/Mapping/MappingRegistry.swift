import ModelStorage

/// The registered mappings, in registration order, and the resolution of a model to the first
/// one that accepts it.
///
/// Which mappings accept a model's type is decided once per type and role and kept until the
/// mappings change; only their conditions are evaluated per model.
///
/// A class, so that resolving a model, which runs the mappings' conditions (user code), holds no
/// exclusive access to the factory that owns the registry.
@MainActor
final class MappingRegistry {
    private(set) var mappings: [any AnyRowMapping] = [] {
        didSet {
            typeMatches.removeAll()
            lastMatch = nil
            lastUnconditional = nil
        }
    }

    /// For each model type and role, the mappings whose model type accepts it, in order.
    private var typeMatches: [TypeMatchKey: [any AnyRowMapping]] = [:]
    private var lastMatch: (key: TypeMatchKey, mappings: [any AnyRowMapping])?
    /// The first mapping accepting the last type it was asked for, when it had no condition.
    private var lastUnconditional: (key: TypeMatchKey, mapping: any AnyRowMapping)?

    /// Item mappings the manager adds for its own wrapper model types (the rows of declarative
    /// sections), by the wrapper's exact type. They are found before any registered mapping, so
    /// a registered mapping (even one for `Any`) never takes their rows and they never take a
    /// registered model; they are not listed in ``mappings``, so `unregister` leaves them alone.
    private var ownItemMappings: [ModelTypeKey: any AnyRowMapping] = [:]

    private struct TypeMatchKey: Hashable {
        let type: ModelTypeKey
        let role: RowRole
    }

    /// The built-in header and footer for `String` models when no view class is registered.
    /// (Both share one reuse identifier: a title row may serve a header, then a footer.)
    let titleHeader = RowMapping<SectionTitleRow, String>(role: .header, handler: nil) { row, title in
        row.isFooter = false
        row.update(with: title)
    }
    let titleFooter = RowMapping<SectionTitleRow, String>(role: .footer, handler: nil) { row, title in
        row.isFooter = true
        row.update(with: title)
    }

    /// The built-in row under a tree item whose children load, when no view class is
    /// registered for their status.
    let childrenStatus = RowMapping<OutlineStatusRow, OutlineChildrenStatus>(role: .item, handler: nil) { row, status in
        row.update(with: status)
    }

    /// The built-in row of a position a paged storage still reads, when no view class is
    /// registered for `PendingRow`; nil for a table column's cells, which have their own.
    let pendingItem: RowMapping<PendingItemRow, PendingRow>?

    /// A registry of rows, or (`forCells`) of a table column's cells.
    init(forCells: Bool = false) {
        pendingItem = forCells ? nil : RowMapping(role: .item, handler: nil) { row, pending in row.update(with: pending) }
    }

    /// The registered mappings, then the mappings of declared rows.
    var allMappings: [any AnyRowMapping] {
        ownItemMappings.isEmpty ? mappings : mappings + ownItemMappings.values
    }

    func append(_ mapping: any AnyRowMapping) {
        mappings.append(mapping)
    }

    /// Adds the manager's own item mapping for models of `model`'s exact type (replacing the
    /// one there was).
    func setOwnItemMapping(_ mapping: any AnyRowMapping, forModelsOfTypeOf model: Any) {
        guard let key = ModelTypeKey(of: model) else { return }
        // Assigned, not inserted in place: see `mapping(for:role:at:)`.
        var table = ownItemMappings
        table[key] = mapping
        ownItemMappings = table
    }

    /// Removes the mappings of `rowClass` for `role`; returns how many went.
    @discardableResult
    func removeMappings(of rowClass: any ListRow.Type, role: RowRole) -> Int {
        let before = mappings.count
        mappings.removeAll { $0.role == role && $0.rowClass == rowClass }
        return before - mappings.count
    }

    func hasMappings(for role: RowRole) -> Bool {
        mappings.contains { $0.role == role }
    }

    /// The manager's own item mapping for the model's exact type if there is one, otherwise
    /// the first mapping for `role` that accepts the unwrapped `model` at `indexPath`. Headers
    /// and footers fall back to the built-in title row for `String` models when no view class
    /// is registered for them.
    func mapping(for model: Any, role: RowRole, at indexPath: IndexPath) -> (any AnyRowMapping)? {
        let type = ModelTypeKey(of: model)  // once: the model's dynamic type is asked at run time
        if role == .item, !ownItemMappings.isEmpty, let type {
            // Looked up in a copy: Hot paths: 2.
            let own = ownItemMappings
            if let mapping = own[type] { return mapping }
        }
        var key: TypeMatchKey?  // not `Optional.map`: Hot paths: 3
        if let type { key = TypeMatchKey(type: type, role: role) }
        // Lists mostly hold runs of one type whose first accepting mapping has no condition:
        // its answer needs neither the list of accepting mappings nor a condition.
        if let key, let last = lastUnconditional, last.key == key, last.mapping.isUnconditional {
            return last.mapping
        }
        // A loop rather than `first(where:)`: a closure formed here would check the actor on every call.
        for (index, candidate) in mappings(acceptingTypeOf: model, role: role, key: key).enumerated()
        where candidate.conditionHolds(for: model, at: indexPath) {
            if index == 0, candidate.isUnconditional, let key { lastUnconditional = (key, candidate) }
            return candidate
        }
        if role == .item, model is OutlineChildrenStatus { return childrenStatus }
        if role == .item, model is PendingRow, let pendingItem { return pendingItem }
        guard !hasMappings(for: role), model is String else { return nil }
        return switch role {
        case .header: titleHeader
        case .footer: titleFooter
        default: nil
        }
    }

    /// The mappings for `role` whose model type accepts `model`; `key` is the model's type and
    /// `role`, nil for a model whose type cannot be a key (then nothing is remembered).
    private func mappings(acceptingTypeOf model: Any, role: RowRole, key: TypeMatchKey?) -> [any AnyRowMapping] {
        guard let key else {
            return mappings.filter { $0.role == role && $0.acceptsType(of: model) }
        }
        // Lists mostly hold runs of one type: the last answer first, skipping the hashing.
        if let last = lastMatch, last.key == key { return last.mappings }
        if let known = typeMatches[key] {
            lastMatch = (key, known)
            return known
        }
        let found = mappings.filter { $0.role == role && $0.acceptsType(of: model) }
        typeMatches[key] = found
        lastMatch = (key, found)
        return found
    }
}
