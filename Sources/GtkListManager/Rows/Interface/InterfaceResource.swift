import Foundation

/// Where a GtkBuilder definition lives: a `.ui` resource in a bundle.
public struct InterfaceResource: Hashable, CustomStringConvertible {
    /// The resource name without the `.ui` extension.
    public let name: String
    /// The bundle holding it: `.module` for a resource of your target.
    public let bundle: Bundle

    /// The definition `name.ui` in `bundle`.
    public init(named name: String, in bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }

    public var description: String { "\(name).ui" }

    /// The definition's text. Throws when there is no such resource, or it is empty.
    func loadDefinition() throws(RowInterfaceError) -> String {
        guard let url = bundle.url(forResource: name, withExtension: "ui"),
            let data = try? Data(contentsOf: url)
        else { throw .resourceNotFound(resource: description, bundlePath: bundle.bundlePath) }
        let text = String(decoding: data, as: UTF8.self)
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyDefinition(resource: description) }
        return text
    }
}
