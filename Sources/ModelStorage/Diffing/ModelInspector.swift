/// Makes the ``ModelIdentity`` and compares the content of many type-erased models, asking the
/// runtime what a model's type conforms to once per run of models of that type.
///
/// Whether a model held as `Any` is ``Diffable``, `Identifiable`, `Hashable` or `Equatable` is a
/// conformance lookup, dearer than the rest of a diff's work on the model (CONTRIBUTING, Hot
/// paths: 5). ``ModelIdentity/init(of:)`` and ``ModelIdentity/contentIsEqual(_:_:)`` look up at every
/// call; an inspector remembers the answer for the last type it met, which in a list is usually
/// the next model's type too. The answers are the same.
///
/// ```swift
/// var inspector = ModelInspector()
/// let old = oldModels.map { inspector.identity(of: $0)! }
/// let new = newModels.map { inspector.identity(of: $0)! }
/// let script = Differ().script(fromIdentities: old, to: new) {
///     inspector.contentIsEqual(oldModels[$0], newModels[$1])
/// }
/// ```
public struct ModelInspector: @unchecked Sendable {
    // @unchecked: besides type identifiers it holds metatypes, which point to immutable
    // runtime data.
    private var identityType: ObjectIdentifier?
    private var identitySource = IdentitySource.none
    private var contentType: ObjectIdentifier?
    private var contentComparison = ContentComparison.general

    /// An inspector that has met no type yet.
    public init() {}

    /// The identity of `model` (see ``ModelIdentity``), or nil when it has none.
    public mutating func identity(of model: Any) -> ModelIdentity? {
        let modelType = type(of: model)
        if ObjectIdentifier(modelType) != identityType {
            identityType = ObjectIdentifier(modelType)
            identitySource = IdentitySource(modelType)
        }
        return identitySource.identity(of: model)
    }

    /// Whether `old` and `new`, models with the same identity, show the same content:
    /// ``Diffable`` content equality when `old` has it, otherwise ``modelsAreEqual(_:_:)``.
    public mutating func contentIsEqual(_ old: Any, _ new: Any) -> Bool {
        // Keyed by the type `old` is held as: a cast to `any Diffable` opens it as that type,
        // and compares with models of it.
        let heldType = Self.heldType(of: old)
        if ObjectIdentifier(heldType) != contentType {
            contentType = ObjectIdentifier(heldType)
            contentComparison = ContentComparison(heldType)
        }
        switch contentComparison {
        case let .diffable(diffable):
            return Self.isContentEqual(old, new, as: diffable)
        case let .equatable(equatable) where Self.heldType(of: new) == heldType:
            return Self.isEqual(old, new, as: equatable)
        case .castEachTime:
            return Self.contentIsEqualByCasts(old, new)
        default:
            return modelsAreEqual(old, new)
        }
    }

    /// The type `model` is held as: its own, or for a class instance perhaps a superclass.
    private static func heldType(of model: Any) -> Any.Type {
        func type<Value>(_: Value) -> Any.Type { Value.self }
        return _openExistential(model, do: type)
    }

    private static func isContentEqual<Model: Diffable>(_ old: Any, _ new: Any, as _: Model.Type) -> Bool {
        guard heldType(of: new) == Model.self else { return isContentEqual(old, toOtherType: new, as: Model.self) }
        return value(of: old, as: Model.self).isContentEqual(to: value(of: new, as: Model.self))
    }

    /// `new` is held as another type than `old`, perhaps a subclass of it. Apart, because a
    /// conditional cast to a generic type looks `Model?`'s metadata up.
    @inline(never)
    private static func isContentEqual<Model: Diffable>(_ old: Any, toOtherType new: Any, as _: Model.Type) -> Bool {
        guard let new = new as? Model else { return false }
        return value(of: old, as: Model.self).isContentEqual(to: new)
    }

    /// ``modelsAreEqual(_:_:)``'s rule for two values held as one `Equatable` type.
    private static func isEqual<Model: Equatable>(_ old: Any, _ new: Any, as _: Model.Type) -> Bool {
        let (old, new) = (value(of: old, as: Model.self), value(of: new, as: Model.self))
        return old == new || new == old
    }

    /// The rule itself, a cast per call: for class instances, whose conformances may be their
    /// subclass's rather than the type they are held as.
    private static func contentIsEqualByCasts(_ old: Any, _ new: Any) -> Bool {
        func isContentEqual<Model: Diffable>(_ old: Model, _ new: Any) -> Bool {
            guard let new = new as? Model else { return false }
            return old.isContentEqual(to: new)
        }
        if let diffable = old as? any Diffable { return isContentEqual(diffable, new) }
        return modelsAreEqual(old, new)
    }
}

/// The value in `model`, which is a `Model`: its type, or the type it is held as (the caller
/// checked).
///
/// Opening the `Any` and reinterpreting its content as the type it is costs a few
/// instructions, where `model as! Model` goes through the runtime's general cast (CONTRIBUTING,
/// Hot paths: 7).
/// The cast remains for a class instance held as one of its superclasses: the `Any` opens as
/// the superclass.
private func value<Model>(of model: Any, as _: Model.Type) -> Model {
    func reinterpret<Value>(_ value: Value) -> Model {
        Value.self == Model.self ? unsafeBitCast(value, to: Model.self) : value as! Model
    }
    return _openExistential(model, do: reinterpret)
}

/// Where a model type's identity comes from, in ``ModelIdentity``'s order of preference.
private enum IdentitySource {
    case diffable(any Diffable.Type)
    case identifiable(any Identifiable.Type)
    case hashable(any Hashable.Type)
    case object
    case none

    init(_ modelType: Any.Type) {
        if let diffable = modelType as? any Diffable.Type {
            self = .diffable(diffable)
        } else if let identifiable = modelType as? any Identifiable.Type {
            self = .identifiable(identifiable)
        } else if let hashable = modelType as? any Hashable.Type {
            self = .hashable(hashable)
        } else if modelType is AnyClass {
            self = .object
        } else {
            self = .none
        }
    }

    /// The identity of `model`, whose type is the one this source is for.
    func identity(of model: Any) -> ModelIdentity? {
        switch self {
        case let .diffable(diffable): Self.identity(of: model, as: diffable)
        case let .identifiable(identifiable): Self.identity(of: model, as: identifiable)
        case let .hashable(hashable): Self.identity(of: model, as: hashable)
        case .object: ModelIdentity(ofObject: model as AnyObject)
        case .none: nil
        }
    }

    private static func identity<Model: Diffable>(of model: Any, as _: Model.Type) -> ModelIdentity {
        ModelIdentity(of: Model.self, identifier: value(of: model, as: Model.self).diffIdentifier)
    }

    private static func identity<Model: Identifiable>(of model: Any, as _: Model.Type) -> ModelIdentity {
        ModelIdentity(of: Model.self, identifier: value(of: model, as: Model.self).id)
    }

    private static func identity<Model: Hashable>(of model: Any, as _: Model.Type) -> ModelIdentity {
        ModelIdentity(of: Model.self, identifier: value(of: model, as: Model.self))
    }
}

/// How models held as one type compare their content: ``ModelInspector/contentIsEqual(_:_:)``.
private enum ContentComparison {
    case diffable(any Diffable.Type)
    /// By `==` when the other model is held as the same type; other pairs take the general path.
    case equatable(any Equatable.Type)
    /// A class that is not ``Diffable`` itself: an instance of a subclass may be.
    case castEachTime
    /// ``modelsAreEqual(_:_:)``.
    case general

    init(_ heldType: Any.Type) {
        if let diffable = heldType as? any Diffable.Type {
            self = .diffable(diffable)
        } else if heldType is AnyClass {
            self = .castEachTime
        } else if let equatable = heldType as? any Equatable.Type {
            self = .equatable(equatable)
        } else {
            self = .general
        }
    }
}
