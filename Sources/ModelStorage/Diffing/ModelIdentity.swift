/// The identity of a type-erased model, for diffing storages that hold `Any`.
///
/// In order of preference: a ``Diffable`` model's `diffIdentifier`, an `Identifiable` model's
/// `id`, a `Hashable` model's value, a class instance's object identity. The model's type is part
/// of the identity, so a `Post` and a `User` that share an id stay different items.
///
/// An identity is hashed once, when it is made: comparing two identities compares their types
/// and hashes first, and the identifiers themselves only when those are equal. An integer
/// identifier (and an object's identity) is kept as its own hash, so it is never boxed and two
/// of them compare as two integers. To make the identities of many models, a
/// ``ModelInspector`` looks up what each model type conforms to once rather than per model.
public struct ModelIdentity: Hashable, @unchecked Sendable {
    // @unchecked: the boxed identifiers are hashable values the differ only hashes and compares.
    private let type: ObjectIdentifier
    /// The identifier's hash; for an integer identifier or an object, the identifier itself.
    @usableFromInline let identifierHash: Int
    /// Any other identifier: nil exactly when `identifierHash` is the identifier (for a given type, always
    /// or never).
    private let boxed: (any Hashable)?

    /// The identity of `model`, or nil when it has none (a value type that is neither
    /// `Diffable`, `Identifiable` nor `Hashable`).
    public init?(of model: Any) {
        var inspector = ModelInspector()
        guard let identity = inspector.identity(of: model) else { return nil }
        self = identity
    }

    /// The identity of a model of `modelType` identified by `identifier`.
    init<Identifier: Hashable>(of modelType: Any.Type, identifier: Identifier) {
        type = ObjectIdentifier(modelType)
        if let integer = Self.integerValue(of: identifier) {
            identifierHash = integer
            boxed = nil
        } else {
            var hasher = Hasher()
            hasher.combine(identifier)
            identifierHash = hasher.finalize()
            boxed = identifier
        }
    }

    /// The identity of `object`, a class instance without another identity.
    init(ofObject object: AnyObject) {
        type = ObjectIdentifier(Swift.type(of: object))
        identifierHash = Int(bitPattern: ObjectIdentifier(object))
        boxed = nil
    }

    /// An identity equal to no model's: `key` tells unmatched keys apart from one another.
    init(unmatched key: Int) {
        type = ObjectIdentifier(Unmatched.self)
        identifierHash = key
        boxed = nil
    }

    /// The type no model has, for ``init(unmatched:)``.
    private enum Unmatched {}

    /// `value` as an `Int` when it is a fixed-width integer (or an object identifier) that fits
    /// one losslessly: then it is its own hash.
    private static func integerValue<Value>(of value: Value) -> Int? {
        if Value.self == Int.self { return unsafeBitCast(value, to: Int.self) }
        if Value.self == Int64.self { return Int(unsafeBitCast(value, to: Int64.self)) }
        if Value.self == Int32.self { return Int(unsafeBitCast(value, to: Int32.self)) }
        if Value.self == UInt.self { return Int(bitPattern: unsafeBitCast(value, to: UInt.self)) }
        if Value.self == UInt64.self { return Int(truncatingIfNeeded: unsafeBitCast(value, to: UInt64.self)) }
        if Value.self == UInt32.self { return Int(unsafeBitCast(value, to: UInt32.self)) }
        // The `id` of an `Identifiable` class, by default.
        if Value.self == ObjectIdentifier.self { return Int(bitPattern: unsafeBitCast(value, to: ObjectIdentifier.self)) }
        return nil
    }

    /// Whether two identities are the same: the same model type and an equal identifier. The
    /// hashes are compared first, so different identities rarely get as far as the identifiers.
    public static func == (lhs: ModelIdentity, rhs: ModelIdentity) -> Bool {
        guard lhs.identifierHash == rhs.identifierHash, lhs.type == rhs.type else { return false }
        // One type, one kind of identifier: both are boxed, or both are their hashes.
        guard let left = lhs.boxed, let right = rhs.boxed else { return true }
        return left.isEqual(toIdentifier: right)
    }

    /// Feeds the hash computed when the identity was made, and the model type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifierHash)
        hasher.combine(type)
    }

    /// Whether two models with the same identity show the same content: ``Diffable`` content
    /// equality when the model has it, otherwise ``modelsAreEqual(_:_:)``. To compare many
    /// pairs, ``ModelInspector/contentIsEqual(_:_:)`` is cheaper.
    public static func contentIsEqual(_ old: Any, _ new: Any) -> Bool {
        var inspector = ModelInspector()
        return inspector.contentIsEqual(old, new)
    }
}

extension Hashable {
    /// Whether `other`, an identifier of the same model type, equals this one.
    fileprivate func isEqual(toIdentifier other: any Hashable) -> Bool {
        (other as? Self) == self
    }
}
