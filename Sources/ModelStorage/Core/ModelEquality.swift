/// Compares two type-erased models.
///
/// Storages hold models as `Any`. Change sets must still compare equal when they describe the same
/// change, so models are compared by value when their type is `Equatable`, by identity when they
/// are class instances, and otherwise by their reflected description (deterministic, and the best
/// a value of an unknown type allows).
@inlinable
public func modelsAreEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let equatable = lhs as? any Equatable {
        return equatable.isEqual(toModel: rhs)
    }
    if type(of: lhs) is AnyClass, type(of: rhs) is AnyClass {
        return (lhs as AnyObject) === (rhs as AnyObject)
    }
    return type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
}

extension Equatable {
    @usableFromInline
    func isEqual(toModel other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
