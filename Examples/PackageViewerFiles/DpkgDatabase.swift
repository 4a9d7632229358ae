import ModelStorage

/// One installed package, as recorded in the dpkg database.
///
/// Identified by name and architecture (multiarch systems install `libc6:amd64` and
/// `libc6:i386` side by side); a new version of the same package is the same item with new
/// content, so its row refreshes in place.
package struct InstalledPackage: Sendable, Hashable, Identifiable, Diffable {
    /// The package name (`Package:`).
    package var name: String
    /// The architecture (`Architecture:`), such as `amd64` or `all`.
    package var architecture: String = ""
    /// The installed version (`Version:`).
    package var version: String
    /// The Debian archive section (`Section:`), or ``DpkgDatabase/unknownSection``.
    package var section: String
    /// The installed size in KiB (`Installed-Size:`), when recorded.
    package var installedSizeKiB: Int?
    /// The synopsis: the first line of `Description:`.
    package var summary: String
    /// What it depends on (`Pre-Depends:` then `Depends:`): each entry the names of packages
    /// any one of which will do (`a | b`), without versions or architecture qualifiers.
    package var dependencies: [[String]] = []

    package var id: String { architecture.isEmpty ? name : "\(name):\(architecture)" }
    /// The installed size in KiB, 0 when not recorded: what the table's group rows add up.
    package var knownSizeKiB: Int { installedSizeKiB ?? 0 }
}

/// A pure parser of dpkg's status database (`/var/lib/dpkg/status`).
///
/// The file is a list of RFC 822-style stanzas separated by blank lines. Each field is
/// `Name: value`; lines starting with a space or a tab continue the previous field (only the
/// long description and lists such as `Conffiles` use them, and the viewer needs neither).
package enum DpkgDatabase {
    /// The section given to packages whose stanza has no `Section:` field.
    package static let unknownSection = "unknown"

    /// The packages of `statusText` whose `Status:` is `install ok installed`, in file order.
    package static func installedPackages(in statusText: String) -> [InstalledPackage] {
        stanzas(in: statusText).compactMap(installedPackage(from:))
    }

    /// The fields of each stanza of `statusText`, keyed by lowercased field name (Debian field
    /// names are case-insensitive). Values are trimmed first lines; continuation lines are skipped.
    package static func stanzas(in statusText: String) -> [[String: String]] {
        var stanzas: [[String: String]] = []
        var current: [String: String] = [:]
        // Byte-level splitting: the file is large and every separator is ASCII.
        for line in statusText.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let text = String(decoding: line, as: UTF8.self)
            if text.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { stanzas.append(current) }
                current = [:]
            } else if let first = text.first, first == " " || first == "\t" {
                continue  // continuation of a multi-line field
            } else if let colon = text.firstIndex(of: ":") {
                let name = text[..<colon].lowercased()
                current[name] = text[text.index(after: colon)...].trimmingWhitespace()
            }
        }
        if !current.isEmpty { stanzas.append(current) }
        return stanzas
    }

    private static func installedPackage(from fields: [String: String]) -> InstalledPackage? {
        guard fields["status"] == "install ok installed", let name = fields["package"], !name.isEmpty else {
            return nil
        }
        let section = fields["section"].flatMap { $0.isEmpty ? nil : $0 } ?? unknownSection
        return InstalledPackage(
            name: name,
            architecture: fields["architecture"] ?? "",
            version: fields["version"] ?? "",
            section: section,
            installedSizeKiB: fields["installed-size"].flatMap { Int($0) },
            summary: fields["description"] ?? "",
            dependencies: dependencies(in: [fields["pre-depends"], fields["depends"]].compactMap { $0 }.joined(separator: ", "))
        )
    }

    /// The alternatives of each entry of a `Depends:`-style field: `libc6 (>= 2.34), a | b:any`
    /// gives `[["libc6"], ["a", "b"]]`.
    package static func dependencies(in field: String) -> [[String]] {
        field.split(separator: ",").map { entry in
            entry.split(separator: "|").compactMap { alternative in
                let name = alternative.trimmingWhitespace().prefix { !$0.isWhitespace && $0 != "(" && $0 != ":" && $0 != "[" }
                return name.isEmpty ? nil : String(name)
            }
        }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, `\r`), scalar by scalar
    /// as dpkg strips bytes: a combining mark after the space that follows a field's colon stays
    /// (a character-wise trim took it with the space it combines with, and a value written back
    /// as `Field: value` read as another value).
    fileprivate func trimmingWhitespace() -> String {
        let scalars = String(self).unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
