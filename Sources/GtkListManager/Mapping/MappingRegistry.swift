import ModelStorage

/// The registered mappings, in registration order, and the resolution of a model to the first
/// one that accepts it.
@MainActor
struct MappingRegistry {
    private(set) var mappings: [any AnyRowMapping] = []

    /// The built-in header and footer for `String` models when no view class is registered.
    let titleHeader = RowMapping<SectionTitleRow, String>(role: .header, handler: { _, _, _ in }, transfer: { $0.update(with: $1) })
    let titleFooter = RowMapping<SectionTitleRow, String>(role: .footer, handler: { _, _, _ in }, transfer: { $0.update(with: $1) })

    mutating func append(_ mapping: any AnyRowMapping) {
        mappings.append(mapping)
    }

    /// Removes the mappings of `rowClass` for `role`; returns how many went.
    @discardableResult
    mutating func removeMappings(of rowClass: any RowView.Type, role: RowRole) -> Int {
        let before = mappings.count
        mappings.removeAll { $0.role == role && $0.rowClass == rowClass }
        return before - mappings.count
    }

    func hasMappings(for role: RowRole) -> Bool {
        mappings.contains { $0.role == role }
    }

    /// The first mapping for `role` that accepts the unwrapped `model` at `indexPath`. Headers
    /// and footers fall back to the built-in title row for `String` models when no view class
    /// is registered for them.
    func mapping(for model: Any, role: RowRole, at indexPath: IndexPath) -> (any AnyRowMapping)? {
        if let mapping = mappings.first(where: { $0.role == role && $0.accepts(model, at: indexPath) }) {
            return mapping
        }
        guard role != .item, !hasMappings(for: role), model is String else { return nil }
        return role == .header ? titleHeader : titleFooter
    }
}
