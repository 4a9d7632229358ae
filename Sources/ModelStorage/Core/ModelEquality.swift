/// Compares two type-erased models.
///
/// Storages hold models as `Any`. Change sets must still compare equal when they describe the same
/// change, so models are compared by value when their type is `Equatable`, by identity when they
/// are class instances, and otherwise by their reflected description (deterministic, and the best
/// a value of an unknown type allows).
///
/// The comparison is symmetric: an instance of an `Equatable` class equals an instance of its
/// subclass in both argument orders when the class's `==` says so.
@inlinable
public func modelsAreEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let left = lhs as? any Equatable {
        // Each side casts the other to its own type; one of the casts succeeds when the models
        // share an Equatable class hierarchy.
        if left.isEqual(toModel: rhs) { return true }
        return (rhs as? any Equatable)?.isEqual(toModel: lhs) ?? false
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
