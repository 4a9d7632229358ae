import ModelStorage

/// When a mapping applies, beyond the model's type.
///
/// Among the mappings whose model type accepts a model, the first registered whose condition
/// holds wins; make conditions of mappings for the same type mutually exclusive.
public enum MappingCondition {
    /// Always.
    case none
    /// Only in this section.
    case section(Int)
    /// When the closure returns true for the index path and the (unwrapped) model.
    case custom(@MainActor (IndexPath, Any) -> Bool)

    @MainActor
    func isSatisfied(at indexPath: IndexPath, model: Any) -> Bool {
        switch self {
        case .none: true
        case let .section(section): indexPath.section == section
        case let .custom(condition): condition(indexPath, model)
        }
    }
}
