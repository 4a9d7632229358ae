/// The supplementary models of one section (header, footer, any other kind) as they were when a
/// change was recorded.
///
/// Section inserts and updates carry them so a host can build or refresh header and footer rows
/// from the change alone, without reading a storage that may already be further ahead.
public struct SectionSupplements: ExpressibleByDictionaryLiteral, Equatable, CustomStringConvertible {
    /// The models by kind. Kinds without a model are absent.
    public private(set) var models: [SupplementaryKind: Any]

    /// The supplements `models` lists, by kind; none by default.
    public init(_ models: [SupplementaryKind: Any] = [:]) {
        self.models = models
    }

    public init(dictionaryLiteral elements: (SupplementaryKind, Any)...) {
        self.models = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The model of one kind, or nil.
    public subscript(kind: SupplementaryKind) -> Any? {
        get { models[kind] }
        set { models[kind] = newValue }
    }

    /// The header model, or nil.
    public var header: Any? { models[.header] }
    /// The footer model, or nil.
    public var footer: Any? { models[.footer] }
    /// True when the section has no supplementary model at all.
    public var isEmpty: Bool { models.isEmpty }

    public static func == (lhs: SectionSupplements, rhs: SectionSupplements) -> Bool {
        lhs.models.count == rhs.models.count
            && lhs.models.allSatisfy { kind, model in
                rhs.models[kind].map { modelsAreEqual(model, $0) } ?? false
            }
    }

    public var description: String {
        models.keys.sorted { $0.rawValue < $1.rawValue }
            .map { "\($0): \(models[$0]!)" }
            .joined(separator: ", ")
    }
}
