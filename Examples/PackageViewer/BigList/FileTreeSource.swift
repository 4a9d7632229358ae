import Foundation
import Glibc

/// `--files DIR`: every file under a directory, in sections by the directory that holds it.
struct FileTreeSource: BigListSource {
    /// One file: its name, size and path.
    struct File: Hashable, Sendable {
        let name: String
        let size: Int64
        let path: String
    }

    let origin: String
    /// The root is not a directory.
    let problem: String?
    /// The files of each directory (path relative to the root), directories in path order.
    private let directories: [(path: String, files: [File])]

    var count: Int { directories.reduce(0) { $0 + $1.files.count } }

    /// Walks `root` (symbolic links are not followed; unreadable directories are skipped)
    /// with `readdir`: Foundation's enumerator asks for each file's properties through URLs,
    /// 25 times slower on the 114,000 files of `/usr`. Not on the main actor: the window reads
    /// a big folder off the main thread.
    nonisolated init(root: String) {
        origin = root
        problem = MissingDirectory.check(root)?.sentence
        var byDirectory: [String: [File]] = [:]
        let rootPath = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        Self.forEachRegularFile(under: rootPath) { directory, name, size in
            let relative = String(directory.dropFirst(rootPath.count))
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            byDirectory[relative.isEmpty ? "/" : relative, default: []].append(File(name: name, size: size, path: path))
        }
        directories = byDirectory.keys.sorted().map { ($0, byDirectory[$0]!.sorted { $0.name < $1.name }) }
    }

    /// Calls `body` with the directory, name and size of every regular file under `root`.
    private nonisolated static func forEachRegularFile(under root: String, _ body: (String, String, Int64) -> Void) {
        var directories = [root]
        while let directory = directories.popLast() {
            guard let handle = opendir(directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard name != ".", name != ".." else { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var info = stat()
                // The entry's type saves a stat for directories; files need one for their size.
                switch Int(entry.pointee.d_type) {
                case Int(DT_DIR):
                    directories.append(path)
                case Int(DT_REG), Int(DT_UNKNOWN):
                    guard lstat(path, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFDIR { directories.append(path) }
                    if info.st_mode & S_IFMT == S_IFREG { body(directory, name, Int64(info.st_size)) }
                default:
                    continue  // links, devices, sockets
                }
            }
        }
    }

    /// A section per directory, titled with its path, its files by name.
    var sections: [(title: String, items: [File])] {
        directories.map { ($0.path, $0.files) }
    }

    nonisolated static var matches: @Sendable (File, String) -> Bool {
        { file, search in file.name.contains(search) }
    }
}
