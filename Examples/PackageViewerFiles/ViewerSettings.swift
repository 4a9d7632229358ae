import Foundation
import GtkListManager

/// The viewer's settings file: JSON, what the user made of the packages table's columns and of
/// the folder tree's (order, widths, hidden columns, sort), and where each folder tree was left
/// (its open folders, its first row on screen), read when a window opens and written whenever
/// they change (a tree's place when its window closes), into what the file holds then: two
/// windows keep each other's settings.
///
/// A missing file means the defaults, and is created (with its folder, 0700) on the first
/// change. A file that cannot be read or is not the viewer's JSON is reported once, through
/// ``report``, and the defaults are used: the window opens all the same. Such a file is replaced
/// by the next change (it held nothing the viewer could use); a write that fails is reported and
/// the window goes on.
@MainActor
package final class ViewerSettings {
    /// What the file holds. Unknown keys are ignored, and kept by a save; missing ones mean the
    /// defaults.
    package struct Contents: Codable, Equatable {
        /// The packages table's columns, nil for the declared ones.
        package var packageColumns: ColumnState?
        /// The folder tree's columns (`--files DIR`), nil for the declared ones.
        package var fileColumns: ColumnState? = nil
        /// Where each folder tree was left, by its root's path: nil for none.
        package var folderTrees: [String: FolderTreePlace]? = nil

        package init(packageColumns: ColumnState? = nil, fileColumns: ColumnState? = nil, folderTrees: [String: FolderTreePlace]? = nil) {
            self.packageColumns = packageColumns
            self.fileColumns = fileColumns
            self.folderTrees = folderTrees
        }

        /// Files written before the folder tree had columns have no `fileColumns`; one that is
        /// not a column state (edited by hand) means the declared columns, and costs the file
        /// nothing else.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            packageColumns = try container.decodeIfPresent(ColumnState.self, forKey: .packageColumns)
            fileColumns = try? container.decodeIfPresent(ColumnState.self, forKey: .fileColumns)
            folderTrees = try? container.decodeIfPresent([String: FolderTreePlace].self, forKey: .folderTrees)
        }
    }

    /// Where a folder tree was left: the folders open and the first row on screen.
    package struct FolderTreePlace: Codable, Equatable {
        /// The open folders' paths, the root's included.
        package var openFolders: [String]
        /// The path of the entry at the top of the view; nil at the top of the tree.
        package var topPath: String?

        package init(openFolders: [String], topPath: String?) {
            self.openFolders = openFolders
            self.topPath = topPath
        }
    }

    /// The file.
    package let path: String
    /// What was read, with the changes written since.
    package private(set) var contents = Contents()
    /// Why the file could not be read when the window opened, if it could not.
    package private(set) var readProblem: String?
    /// Told what went wrong, once per problem: stderr by default.
    private let report: (String) -> Void

    /// Reads the settings at `path`; the defaults when it is missing or unusable (reported).
    package init(path: String, report: @escaping (String) -> Void = ViewerSettings.printToStandardError) {
        self.path = path
        self.report = report
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch CocoaError.fileReadNoSuchFile {
            return
        } catch {
            refuse("cannot read the settings file \(path) (\(Self.reason(error)))")
            return
        }
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            refuse("the settings file \(path) is not valid (\(Self.reason(error))); it will be replaced when the columns change")
        }
    }

    private func refuse(_ problem: String) {
        readProblem = problem
        report("\(problem); using the default columns")
    }

    /// Saves the packages table's columns, keeping what the file holds of the rest.
    package func savePackageColumns(_ state: ColumnState) {
        save { $0.packageColumns = state }
    }

    /// Saves the folder tree's columns, keeping what the file holds of the rest.
    package func saveFileColumns(_ state: ColumnState) {
        save { $0.fileColumns = state }
    }

    /// Saves where the folder tree over `root` was left, keeping the other trees' places.
    package func saveFolderTree(_ place: FolderTreePlace, root: String) {
        save { $0.folderTrees = ($0.folderTrees ?? [:]).merging([root: place]) { $1 } }
    }

    /// Applies `change` to what the file holds now, then writes the whole file atomically,
    /// unless it already holds the result. Read again, not taken from when this window opened:
    /// another viewer window (the packages in one, a folder tree in another) may have saved its
    /// own columns since, and they stay.
    private func save(_ change: (inout Contents) -> Void) {
        let file = try? Data(contentsOf: URL(fileURLWithPath: path))
        let stored = file.flatMap { try? JSONDecoder().decode(Contents.self, from: $0) }
        var updated = stored ?? contents
        change(&updated)
        guard updated != stored else {
            contents = updated
            return
        }
        do {
            let folder = (path as NSString).deletingLastPathComponent
            // The XDG specification asks for 0700 on the folders it makes.
            try FileManager.default.createDirectory(
                atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Self.encoded(updated, keepingOthersOf: stored == nil ? nil : file).write(to: URL(fileURLWithPath: path), options: .atomic)
            contents = updated
            lastWriteFailed = false
        } catch {
            // Reported once until a write succeeds again: a column dragged on a read-only disk
            // must not print a line per release.
            if !lastWriteFailed { report("cannot save the settings file \(path) (\(Self.reason(error)))") }
            lastWriteFailed = true
        }
    }

    private var lastWriteFailed = false

    /// The top-level keys the viewer reads and writes.
    private static let keys: Set<String> = ["packageColumns", "fileColumns", "folderTrees"]

    /// `contents` as the file's JSON, with the top-level keys of `file` (the viewer's JSON as
    /// the disk holds it; nil when it is missing or not the viewer's) that this viewer does not
    /// know kept as they are: a newer viewer's settings survive an older one's save.
    private static func encoded(_ contents: Contents, keepingOthersOf file: Data?) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(contents)
        guard let file, let stored = (try? JSONSerialization.jsonObject(with: file)) as? [String: Any],
            stored.keys.contains(where: { !keys.contains($0) }),
            var merged = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return data }
        for (key, value) in stored where !keys.contains(key) { merged[key] = value }
        return try JSONSerialization.data(withJSONObject: merged, options: [.prettyPrinted, .sortedKeys])
    }

    /// Where the settings live when `--settings` names no file: the user's configuration
    /// directory of the XDG Base Directory specification, `$XDG_CONFIG_HOME/package-viewer/
    /// settings.json`; `~/.config/…` when `XDG_CONFIG_HOME` is unset, empty or relative (the
    /// specification says to ignore relative paths).
    nonisolated package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let configHome: String
        if let configured = environment["XDG_CONFIG_HOME"], configured.hasPrefix("/") {
            configHome = configured
        } else {
            let home =
                environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            configHome = (home as NSString).appendingPathComponent(".config")
        }
        return (configHome as NSString).appendingPathComponent("package-viewer/settings.json")
    }

    /// Writes `problem` on stderr, prefixed with the program's name.
    nonisolated package static func printToStandardError(_ problem: String) {
        FileHandle.standardError.write(Data("package-viewer: \(problem)\n".utf8))
    }

    /// An error as a short phrase: a decoding error's own words, the underlying POSIX error of
    /// a file error.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.underlyingError.map(reason) ?? context.debugDescription
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.debugDescription) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.keyNotFound(let key, let context):
            "no \(key.stringValue) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case let error as CocoaError:
            (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
        default: error.localizedDescription
        }
    }
}
