import Foundation

/// Runs a fuzz target over files, or over every file of folders, outside libFuzzer: how the
/// committed corpus runs as a test.
enum CorpusReplay {
    static func run(_ check: (inout FuzzInput) -> Void, paths: ArraySlice<String>) {
        let files = paths.flatMap(Self.files(at:))
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE_OR_FOLDER…: no input found\n".utf8))
            exit(2)
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                exit(2)
            }
            var input = FuzzInput(Array(data))
            check(&input)
        }
        print("\(files.count) inputs replayed")
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [path] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }
}
