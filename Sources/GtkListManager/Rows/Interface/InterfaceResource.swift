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
            let data = try? Self.contents(of: url)
        else { throw .resourceNotFound(resource: description, bundlePath: bundle.bundlePath) }
        let text = String(decoding: data, as: UTF8.self)
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyDefinition(resource: description) }
        return text
    }

    /// The file's bytes, read through a file handle: `Data(contentsOf:)` leaks its 4 KiB read
    /// buffer on an empty file (swift-foundation in Swift 6.3), and an empty definition is a case
    /// this reports.
    private static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
