import ModelStorage

/// Takes models out of any number of `Optional` layers and ``RowModelWrapper``s (a tree's
/// ``OutlinePath``), remembering which types are neither so that the common case costs one
/// comparison.
///
/// Storages hold models as `Any`, so an `Optional<Optional<Post>>` arrives boxed; mappings match
/// the `Post` inside it.
///
/// A class, so that its owner asks it without mutating a stored property of its own
/// (CONTRIBUTING, Hot paths: 2).
final class OptionalUnwrapper {
    private var isOptional: [ModelTypeKey: Bool] = [:]
    private var lastPlainType: ModelTypeKey?

    /// True when `value` is not an optional: then it is its own model, and the caller can use
    /// it as it is instead of a copy (a retain per row of a long list).
    func isPlain(_ value: Any) -> Bool {
        guard let key = ModelTypeKey(of: value) else { return false }
        if key == lastPlainType { return true }
        let optional = isOptional[key] ?? remember(key, isOptional: value is any OptionalProtocol || value is any RowModelWrapper)
        guard !optional else { return false }
        lastPlainType = key
        return true
    }

    /// The value inside `value`'s optional layers, or nil when one of them is empty.
    func unwrap(_ value: Any) -> Any? {
        isPlain(value) ? value : unwrappedModel(value)
    }

    private func remember(_ key: ModelTypeKey, isOptional optional: Bool) -> Bool {
        // Assigned, not inserted in place: an insertion within an access to the property
        // would make Swift check every access to it at run time.
        var table = isOptional
        table[key] = optional
        isOptional = table
        return optional
    }
}

/// The value inside any number of `Optional` layers and row model wrappers, or nil when an
/// optional is empty.
func unwrappedModel(_ value: Any) -> Any? {
    if let wrapper = value as? any RowModelWrapper { return unwrappedModel(wrapper.rowModel) }
    guard let optional = value as? any OptionalProtocol else { return value }
    return optional.wrappedValue.flatMap(unwrappedModel)
}

private protocol OptionalProtocol {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
