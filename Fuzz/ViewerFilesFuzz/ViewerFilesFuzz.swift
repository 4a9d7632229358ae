import Foundation
import FuzzDriver
import GRDB
import GtkListManager
import PackageViewerFiles

/// The sample viewer's files read from any bytes, as a user's disk may hold them: the first
/// choice picks the file, the rest of the input is its content.
///
/// - The settings file (JSON): read, it gives what it holds, or the defaults and one message
///   (``ViewerSettings/readProblem``), never a stop, never a write. Saving a column state then
///   writes a file that reads back with that state and, when the file was the viewer's, with
///   everything else it held: the other windows' columns, the folder trees' places, and the keys
///   this viewer does not know (a newer viewer's). Saving the same state again writes nothing.
/// - The favourites file (SQLite): opening it gives the favourites or refuses the file
///   (``FavouritesDatabase/OpenError``), never a stop. A refused file is left byte for byte as
///   it was; an accepted one keeps every favourite it held, at its place.
@main
enum ViewerFilesFuzz: FuzzTarget {
    /// A folder of this process's own for the files: in memory where there is /dev/shm (SQLite
    /// syncs each write to the disk; ten times the inputs a second).
    private static let folder: String = {
        let folder = folderPath()
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: folderPath()) }
        return folder
    }()

    private static func folderPath() -> String {
        (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()) + "/viewer-files-fuzz-\(getpid())"
    }

    static func check(_ input: inout FuzzInput) {
        // libFuzzer calls on the main thread: the settings are the main actor's.
        let start = input
        MainActor.assumeIsolated {
            var input = start
            if input.byte() % 2 == 0 { settingsFile(Data(input.remainingBytes())) } else { favouritesFile(Data(input.remainingBytes())) }
        }
    }

    // MARK: - Settings

    /// The top-level keys the viewer reads; any other is someone else's.
    private static let knownKeys: Set<String> = ["packageColumns", "fileColumns", "folderTrees"]

    @MainActor private static func settingsFile(_ bytes: Data) {
        let path = folder + "/settings.json"
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        var reports: [String] = []
        let settings = ViewerSettings(path: path, report: { reports.append($0) })
        let read = settings.contents
        FuzzFailure.require(FileManager.default.contents(atPath: path) == bytes, "reading the settings wrote to the file")
        if let problem = settings.readProblem {
            FuzzTrace.note("refused: \(problem)")
            FuzzFailure.require(reports.count == 1, "a refused file reported \(reports)")
            FuzzFailure.require(read == ViewerSettings.Contents(), "a refused file gave \(read), not the defaults")
        } else {
            FuzzFailure.require(reports.isEmpty, "a file read reported \(reports)")
            let again = try? JSONDecoder().decode(ViewerSettings.Contents.self, from: JSONEncoder().encode(read))
            FuzzFailure.require(again == read, "\(read) written and read back gives \(String(describing: again))")
        }

        let state = ColumnState(order: ["size", "name"], widths: ["name": 240], hidden: ["version"], sort: [], frozenColumnCount: 1)
        settings.savePackageColumns(state)
        guard let written = FileManager.default.contents(atPath: path),
            let saved = try? JSONDecoder().decode(ViewerSettings.Contents.self, from: written)
        else { FuzzFailure.fail("the saved settings do not read back (reports \(reports))") }
        FuzzFailure.require(saved.packageColumns == state, "saved \(String(describing: saved.packageColumns)), not \(state)")
        if settings.readProblem == nil {
            FuzzFailure.require(
                saved.fileColumns == read.fileColumns && saved.folderTrees == read.folderTrees,
                "the save lost what the file held: \(read) became \(saved)")
            expectOthersKeysKept(from: bytes, in: written)
        }
        settings.savePackageColumns(state)
        FuzzFailure.require(FileManager.default.contents(atPath: path) == written, "saving the same columns again rewrote the file")
    }

    /// Every top-level key of `original` the viewer does not know is in `written`, with its value.
    private static func expectOthersKeysKept(from original: Data, in written: Data) {
        guard let before = try? JSONSerialization.jsonObject(with: original) as? NSDictionary else { return }
        let after = try? JSONSerialization.jsonObject(with: written) as? NSDictionary
        for case let key as String in before.allKeys where !knownKeys.contains(key) {
            FuzzFailure.require(
                (after?[key] as? NSObject)?.isEqual(before[key]) == true,
                "the save lost the key \(key.debugDescription): \(String(describing: before[key])) became \(String(describing: after?[key]))"
            )
        }
    }

    // MARK: - Favourites

    private static func favouritesFile(_ bytes: Data) {
        let path = folder + "/favourites.sqlite"
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        let before = storedFavourites(at: path)
        let database: FavouritesDatabase
        do {
            database = try FavouritesDatabase(path: path)
        } catch {
            FuzzTrace.note("refused: \(error)")
            FuzzFailure.require(FileManager.default.contents(atPath: path) == bytes, "the refused file was changed (\(error))")
            return
        }
        let after = try? database.queue.read { try Favourite.fetchAll($0) }
        let kept = Dictionary((after ?? []).map { ($0.id, $0.position) }, uniquingKeysWith: { first, _ in first })
        for (id, position) in before ?? [:] {
            FuzzFailure.require(kept[id] == position, "the favourite \(id) at \(position) became \(String(describing: kept[id]))")
        }
        try? database.add(["fuzz:all"])
    }

    /// The favourites the file holds, read without writing; nil when it cannot be read so.
    private static func storedFavourites(at path: String) -> [String: Int64]? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration),
            let rows = try? queue.read({ try Row.fetchAll($0, sql: "SELECT id, position FROM favourite") })
        else { return nil }
        var favourites: [String: Int64] = [:]
        for row in rows {
            // Converted without trapping: the file's values may be of any type.
            guard let id = String.fromDatabaseValue(row["id"]), let position = Int64.fromDatabaseValue(row["position"]) else { continue }
            favourites[id] = favourites[id] ?? position
        }
        return favourites
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { ViewerFilesFuzz.fuzz(data, count) }
