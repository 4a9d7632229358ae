/// The identity of a type-erased model, for diffing storages that hold `Any`.
///
/// In order of preference: a ``Diffable`` model's `diffIdentifier`, an `Identifiable` model's
/// `id`, a `Hashable` model's value, a class instance's object identity. The model's type is part
/// of the identity, so a `Post` and a `User` that share an id stay different items.
public struct ModelIdentity: Hashable, @unchecked Sendable {
    // @unchecked: the boxed identifiers are hashable values the differ only hashes and compares.
    private let type: ObjectIdentifier
    private let value: AnyHashable

    /// The identity of `model`, or nil when it has none (a value type that is neither
    /// `Diffable`, `Identifiable` nor `Hashable`).
    public init?(of model: Any) {
        let modelType = Swift.type(of: model)
        if let diffable = model as? any Diffable {
            value = diffable.erasedDiffIdentifier
        } else if let identifiable = model as? any Identifiable {
            value = identifiable.erasedID
        } else if let hashable = model as? any Hashable {
            value = AnyHashable(hashable)
        } else if modelType is AnyClass {
            value = AnyHashable(ObjectIdentifier(model as AnyObject))
        } else {
            return nil
        }
        type = ObjectIdentifier(modelType)
    }

    /// Whether two models with the same identity show the same content: ``Diffable`` content
    /// equality when the model has it, otherwise ``modelsAreEqual(_:_:)``.
    public static func contentIsEqual(_ old: Any, _ new: Any) -> Bool {
        if let diffable = old as? any Diffable {
            return diffable.isContentEqual(toModel: new)
        }
        return modelsAreEqual(old, new)
    }
}

extension Diffable {
    fileprivate var erasedDiffIdentifier: AnyHashable { AnyHashable(diffIdentifier) }

    fileprivate func isContentEqual(toModel other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return isContentEqual(to: other)
    }
}

extension Identifiable {
    fileprivate var erasedID: AnyHashable { AnyHashable(id) }
}
