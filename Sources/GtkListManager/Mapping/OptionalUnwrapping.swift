/// The value inside any number of `Optional` layers, or nil when one of them is empty.
///
/// Storages hold models as `Any`, so an `Optional<Optional<Post>>` arrives boxed; mappings match
/// the `Post` inside it.
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
