/// Takes models out of any number of `Optional` layers, remembering which types are not
/// optionals so that the common case costs one dictionary lookup.
///
/// Storages hold models as `Any`, so an `Optional<Optional<Post>>` arrives boxed; mappings match
/// the `Post` inside it.
struct OptionalUnwrapper {
    private var isOptional: [ModelTypeKey: Bool] = [:]
    private var lastPlainType: ModelTypeKey?

    /// True when `value` is not an optional: then it is its own model, and the caller can use
    /// it as it is instead of a copy (a retain per row of a long list).
    mutating func isPlain(_ value: Any) -> Bool {
        guard let key = ModelTypeKey(of: value) else { return false }
        if key == lastPlainType { return true }
        if isOptional[key] == nil { isOptional[key] = value is any OptionalProtocol }
        guard isOptional[key] == false else { return false }
        lastPlainType = key
        return true
    }

    /// The value inside `value`'s optional layers, or nil when one of them is empty.
    mutating func unwrap(_ value: Any) -> Any? {
        isPlain(value) ? value : unwrappedModel(value)
    }
}

/// The value inside any number of `Optional` layers, or nil when one of them is empty.
func unwrappedModel(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalProtocol else { return value }
    return optional.wrappedValue.flatMap(unwrappedModel)
}

private protocol OptionalProtocol {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
