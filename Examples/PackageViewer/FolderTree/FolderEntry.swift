import Foundation
import Glibc

/// A file or directory of the folder tree (`--files DIR`): identified by its path, so the same
/// entry read again is the same row.
struct FolderEntry: Hashable, Sendable, Identifiable {
    let path: String
    let name: String
    let isDirectory: Bool
    /// A file's size in bytes; a directory's number of entries, -1 when it can't be read.
    let size: Int64

    var id: String { path }

    /// The entry at `path`; nil when nothing is there.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(path: path, info: info)
    }

    private init(path: String, info: stat) {
        self.path = path
        name = path == "/" ? "/" : String(path.split(separator: "/").last ?? Substring(path))
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        size = isDirectory ? Self.entryCount(of: path) : Int64(info.st_size)
    }

    /// The entries of the directory at `path`, directories first, then by name; hidden ones
    /// left out. Throws when it can't be read.
    static func children(of path: String, stoppingWhen isCancelled: () -> Bool = { false }) throws -> [FolderEntry] {
        guard let handle = opendir(path) else { throw CocoaError(errno == EACCES ? .fileReadNoPermission : .fileReadNoSuchFile) }
        defer { closedir(handle) }
        var entries: [FolderEntry] = []
        while let entry = readdir(handle), !isCancelled() {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard !name.hasPrefix(".") else { continue }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            entries.append(FolderEntry(path: child, info: info))
        }
        return entries.sorted { ($0.isDirectory ? 0 : 1, $0.name) < ($1.isDirectory ? 0 : 1, $1.name) }
    }

    /// How many visible entries the directory at `path` has; -1 when it can't be read.
    private static func entryCount(of path: String) -> Int64 {
        guard let handle = opendir(path) else { return -1 }
        defer { closedir(handle) }
        var count: Int64 = 0
        while let entry = readdir(handle) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }
}
