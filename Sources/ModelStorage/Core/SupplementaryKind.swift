/// The kind of a supplementary model attached to a section: its header, its footer, or any kind
/// an application defines (a section index title, a badge, …).
public struct SupplementaryKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The section header.
    public static let header = SupplementaryKind(rawValue: "header")
    /// The section footer.
    public static let footer = SupplementaryKind(rawValue: "footer")

    public var description: String { rawValue }
}
