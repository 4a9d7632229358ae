/// A model's dynamic type as a dictionary key, for facts that depend on the type alone.
///
/// Whether a value is an `Optional`, or is a `Post`, depends only on its dynamic type, so the
/// manager decides it once per type instead of once per row (CONTRIBUTING, Hot paths: 5).
/// `AnyHashable` is the exception: a cast
/// looks through it to the value inside, so it has no key and is always cast.
struct ModelTypeKey: Hashable {
    private let type: ObjectIdentifier

    /// Borrowing: an initializer would otherwise take (copy) the model, on every row.
    init?(of value: borrowing Any) {
        let dynamicType = Swift.type(of: value)
        guard dynamicType != AnyHashable.self else { return nil }
        type = ObjectIdentifier(dynamicType)
    }
}
